// Task updates send If-Match; on 412/4090 the person's changes are kept over the server's current task, the update is
// retried once and the caller is told. Fetch is mocked: the server's side is covered in tests/server/etag.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getTask, mergeTask, taskEtag, updateTask, type WireTask } from '../../../src/api/tasks';
import { ApiError } from '../../../src/api/apiError';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const stored: WireTask = {
  id: 7, title: 'Plan trip', description: 'old notes', done: false, priority: 1, list_id: 2, bucket_id: 3,
  updated: '2030-01-01T10:00:00.000Z', created: '2030-01-01T09:00:00.000Z', due_date: '0001-01-01T00:00:00Z',
};
// Someone else changed the description meanwhile.
const theirs: WireTask = { ...stored, description: 'their notes', updated: '2030-01-01T10:05:00.000Z' };

describe('conflict-safe task updates', () => {
  const fetchMock = vi.fn();
  const sent = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init: init as RequestInit }));
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('API_URL', 'http://api.test/api/v1');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends If-Match built from the task it edits', async () => {
    fetchMock.mockResolvedValueOnce(json(stored)).mockResolvedValueOnce(json({ ...stored, priority: 3, updated: '2030-01-01T10:01:00.000Z' }));
    const task = await getTask(7);
    await updateTask({ ...task, priority: 3 });
    const update = sent()[1];
    expect(update.url).toBe('http://api.test/api/v1/tasks/7');
    expect(new Headers(update.init.headers).get('if-match')).toBe(`"7-${Date.parse(stored.updated!)}"`);
    expect(taskEtag(task)).toBe(`"7-${Date.parse(stored.updated!)}"`);
  });

  it('on 412/4090 keeps the changed fields, takes the others from the server, retries once and reports the merge', async () => {
    fetchMock
      .mockResolvedValueOnce(json(stored))
      .mockResolvedValueOnce(json({ code: 4090, message: 'The task was changed since you loaded it.', current: theirs }, 412))
      .mockImplementationOnce(async (_url: string, init: RequestInit) => json({ ...JSON.parse(String(init.body)), id: 7, updated: '2030-01-01T10:06:00.000Z' }));
    const task = await getTask(7);
    const onMerged = vi.fn();
    const saved = await updateTask({ ...task, priority: 4, title: 'Plan the trip' }, { onMerged });
    expect(onMerged).toHaveBeenCalledTimes(1);
    const retry = sent()[2];
    expect(new Headers(retry.init.headers).get('if-match')).toBe(`"7-${Date.parse(theirs.updated!)}"`);
    const body = JSON.parse(String(retry.init.body));
    expect(body).toMatchObject({ priority: 4, title: 'Plan the trip', description: 'their notes' });
    expect(saved).toMatchObject({ priority: 4, title: 'Plan the trip', description: 'their notes' });
  });

  it('gives up after one retry: a second conflict is the caller\'s error', async () => {
    const conflict = () => json({ code: 4090, message: 'changed', current: theirs }, 412);
    fetchMock.mockResolvedValueOnce(json(stored)).mockResolvedValueOnce(conflict()).mockResolvedValueOnce(conflict());
    const task = await getTask(7);
    const onMerged = vi.fn();
    await expect(updateTask({ ...task, priority: 5 }, { onMerged })).rejects.toMatchObject({ status: 412, code: 4090 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onMerged).not.toHaveBeenCalled();
  });

  it('other errors are not retried', async () => {
    fetchMock.mockResolvedValueOnce(json(stored)).mockResolvedValueOnce(json({ code: 4001, message: 'The task title cannot be empty.' }, 400));
    const task = await getTask(7);
    await expect(updateTask({ ...task, title: ' ' })).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('mergeTask: the person\'s edits win, everything they left alone follows the server', () => {
    const d = (s: string) => new Date(s);
    const base = { id: 1, title: 'a', description: 'x', priority: 1, dueDate: null, updated: d('2030-01-01T00:00:00Z') } as never;
    const edited = { id: 1, title: 'a', description: 'x', priority: 3, dueDate: d('2030-02-01T00:00:00Z'), updated: d('2030-01-01T00:00:00Z') } as never;
    const current = { id: 1, title: 'b', description: 'y', priority: 1, dueDate: null, updated: d('2030-01-01T00:05:00Z') } as never;
    expect(mergeTask(base, edited, current)).toEqual({ id: 1, title: 'b', description: 'y', priority: 3, dueDate: d('2030-02-01T00:00:00Z'), updated: d('2030-01-01T00:05:00Z') });
  });
});
