// Tasks built straight from the API's JSON: every field, the zero date, nested objects, shared creators, and
// the task and bucket calls asking the client for the body unconverted.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getListTasks, taskFromApi, tasksFromApi, type WireTask } from '../../../src/api/tasks';
import { getBuckets } from '../../../src/api/buckets';

const ZERO = '0001-01-01T00:00:00Z';

function wireTask(over: Partial<WireTask> = {}): WireTask {
  return {
    id: 12,
    title: '  Buy milk  ',
    description: '<p>two litres</p>',
    done: false,
    done_at: ZERO,
    due_date: '2026-11-25T17:00:00Z',
    start_date: ZERO,
    end_date: '2026-11-30T09:00:00Z',
    reminder_dates: ['2026-11-25T16:00:00Z', ZERO],
    list_id: 3,
    repeat_after: 7 * 86_400,
    repeat_mode: 2,
    priority: 3,
    labels: [
      { id: 2, title: 'zeta', hex_color: 'ff0000', created: '2026-01-01T00:00:00Z', updated: '2026-01-02T00:00:00Z' },
      { id: 1, title: 'alpha', hex_color: '00ff00', created: '2026-01-01T00:00:00Z', updated: '2026-01-02T00:00:00Z' },
    ],
    assignees: [{ id: 5, username: 'anna', name: 'Anna', created: '2026-01-01T00:00:00Z', updated: '2026-01-01T00:00:00Z' }],
    hex_color: '#1973ff',
    percent_done: 0.5,
    identifier: 'SHOP-4',
    index: 4,
    related_tasks: { parenttask: [{ id: 9, title: 'Groceries', identifier: '-2', index: 2, list_id: 3, due_date: ZERO }] },
    attachments: [{ id: 8, task_id: 12, created_by: { id: 1, username: 'me' }, file: { id: 4, name: 'list.txt', mime: 'text/plain', size: 10, created: '2026-02-01T00:00:00Z' }, created: '2026-02-01T00:00:00Z' }],
    cover_image_attachment_id: 8,
    is_favorite: true,
    created: '2026-01-05T10:00:00Z',
    updated: '2026-01-06T11:00:00Z',
    bucket_id: 6,
    position: 65536,
    kanban_position: 131072,
    created_by: { id: 1, username: 'me', name: 'Me', created: '2025-01-01T00:00:00Z', updated: '2025-06-01T00:00:00Z' },
    ...over,
  };
}

describe('taskFromApi', () => {
  it('builds every field of the task from the wire format', () => {
    const t = taskFromApi(wireTask());
    expect(t).toMatchObject({
      id: 12,
      title: 'Buy milk',
      description: '<p>two litres</p>',
      done: false,
      doneAt: null,
      dueDate: new Date('2026-11-25T17:00:00Z'),
      startDate: null,
      endDate: new Date('2026-11-30T09:00:00Z'),
      reminderDates: [new Date('2026-11-25T16:00:00Z')],
      listId: 3,
      repeatAfter: { amount: 1, type: 'weeks' },
      repeatFromCurrentDate: true,
      repeatMode: 2,
      priority: 3,
      hexColor: '1973ff',
      percentDone: 0.5,
      identifier: 'SHOP-4',
      index: 4,
      coverImageAttachmentId: 8,
      isFavorite: true,
      created: new Date('2026-01-05T10:00:00Z'),
      updated: new Date('2026-01-06T11:00:00Z'),
      bucketId: 6,
      position: 65536,
      kanbanPosition: 131072,
      createdBy: { id: 1, username: 'me', name: 'Me', created: new Date('2025-01-01T00:00:00Z'), updated: new Date('2025-06-01T00:00:00Z') },
    });
    // Labels sorted by title, with camelCase keys and dates.
    expect(t.labels.map((l) => l.title)).toEqual(['alpha', 'zeta']);
    expect(t.labels[0]).toMatchObject({ id: 1, hexColor: '00ff00' });
    expect(t.assignees).toEqual([{ id: 5, username: 'anna', name: 'Anna', created: new Date('2026-01-01T00:00:00Z'), updated: new Date('2026-01-01T00:00:00Z') }]);
    expect(t.attachments[0]).toMatchObject({ id: 8, taskId: 12, createdBy: { id: 1, username: 'me' }, file: { name: 'list.txt', created: new Date('2026-02-01T00:00:00Z') } });
    // Related tasks are tasks too; a "-2" identifier (no list identifier) reads as "#index".
    expect(t.relatedTasks.parenttask?.[0]).toMatchObject({ id: 9, title: 'Groceries', identifier: '#2', dueDate: null, listId: 3 });
  });

  it('fills defaults for a task with nothing but an id, and for null sub-objects', () => {
    const t = taskFromApi({ id: 1, labels: null, assignees: null, attachments: null, related_tasks: null, reminder_dates: null, created_by: null });
    expect(t).toMatchObject({ title: '', description: '', done: false, labels: [], assignees: [], attachments: [], relatedTasks: {}, reminderDates: [], createdBy: null, identifier: '#0', dueDate: null, repeatAfter: { amount: 0, type: 'hours' } });
  });

  it('converts each creator of a response once and shares it, unless the creator changed', () => {
    const [a, b, c] = tasksFromApi([
      wireTask({ id: 1 }),
      wireTask({ id: 2 }),
      wireTask({ id: 3, created_by: { id: 1, username: 'me', name: 'Renamed', created: '2025-01-01T00:00:00Z', updated: '2025-07-01T00:00:00Z' } }),
    ]);
    expect(a!.createdBy).toBe(b!.createdBy);
    expect(c!.createdBy).not.toBe(a!.createdBy);
    expect(c!.createdBy?.name).toBe('Renamed');
  });
});

describe('task and bucket calls', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('API_URL', 'http://api.test/api/v1/');
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads a page of tasks as sent and converts it once', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify([wireTask({ id: 1 }), wireTask({ id: 2, due_date: ZERO })]), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-pagination-total-pages': '3', 'x-pagination-result-count': '2' },
      }),
    );
    const page = await getListTasks(3, { page: 1, perPage: 2 });
    expect(page.totalPages).toBe(3);
    expect(page.items.map((t) => [t.id, t.listId, t.dueDate?.toISOString() ?? null])).toEqual([
      [1, 3, '2026-11-25T17:00:00.000Z'],
      [2, 3, null],
    ]);
    expect(page.items[0]!.labels[0]!.hexColor).toBe('00ff00');
  });

  it('reads buckets with their tasks', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify([{ id: 6, title: 'Done', list_id: 3, limit: 4, is_done_bucket: true, position: 2, tasks: [wireTask({ done: true })] }, { id: 7, title: 'Empty', list_id: 3, tasks: null }]), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-pagination-total-pages': '1' },
      }),
    );
    const [done, empty] = await getBuckets(3);
    expect(done).toMatchObject({ id: 6, title: 'Done', listId: 3, limit: 4, isDoneBucket: true, position: 2 });
    expect(done!.tasks[0]).toMatchObject({ id: 12, done: true, bucketId: 6, kanbanPosition: 131072 });
    expect(empty).toMatchObject({ id: 7, limit: 0, isDoneBucket: false, tasks: [] });
  });
});
