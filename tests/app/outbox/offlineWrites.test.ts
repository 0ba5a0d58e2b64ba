// The writes beside a task without a network: a new label, a comment, a relation and an assignee found by name all
// work offline, are shown at once, and take the server's ids when the outbox has sent them.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../tasks/fixtures';
import { ApiError } from '../../../src/api/apiError';
import type { Label } from '../../../src/api/labels';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../../src/api/tasks')>()), createTask: vi.fn(), getTask: vi.fn() }));
vi.mock('../../../src/api/taskLabels', () => ({ addLabelToTask: vi.fn(), removeLabelFromTask: vi.fn() }));
vi.mock('../../../src/api/labels', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/labels')>()),
  createLabel: vi.fn(),
  getAllLabels: vi.fn(),
  updateLabel: vi.fn(),
  deleteLabel: vi.fn(),
}));
vi.mock('../../../src/api/lists', async (orig) => ({ ...(await orig<typeof import('../../../src/api/lists')>()), updateList: vi.fn() }));
vi.mock('../../../src/api/namespaces', async (orig) => ({ ...(await orig<typeof import('../../../src/api/namespaces')>()), updateNamespace: vi.fn(), getAllNamespaces: vi.fn() }));
vi.mock('../../../src/api/buckets', async (orig) => ({ ...(await orig<typeof import('../../../src/api/buckets')>()), updateBucket: vi.fn(), getBuckets: vi.fn() }));
vi.mock('../../../src/api/comments', () => ({ getComments: vi.fn(), createComment: vi.fn(), updateComment: vi.fn(), deleteComment: vi.fn() }));
vi.mock('../../../src/api/relations', () => ({ createRelation: vi.fn(), deleteRelation: vi.fn() }));
vi.mock('../../../src/api/assignees', () => ({ searchUsers: vi.fn(), addAssignee: vi.fn(), removeAssignee: vi.fn(), listUsers: vi.fn() }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const taskLabels = vi.mocked(await import('../../../src/api/taskLabels'));
const labelsApi = vi.mocked(await import('../../../src/api/labels'));
const commentsApi = vi.mocked(await import('../../../src/api/comments'));
const relationsApi = vi.mocked(await import('../../../src/api/relations'));
const assigneesApi = vi.mocked(await import('../../../src/api/assignees'));
const bucketsApi = vi.mocked(await import('../../../src/api/buckets'));
const listsApi = vi.mocked(await import('../../../src/api/lists'));
const namespacesApi = vi.mocked(await import('../../../src/api/namespaces'));
const namespaceActions = await import('../../../src/actions/namespaces');
const { boardAtom } = await import('../../../src/state/kanbanBoard');
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { appStore } = await import('../../../src/state/store');
const { putTasks, taskAtomFamily } = await import('../../../src/state/tasks');
const { labelsAtom, listAtomFamily, namespaceAtomFamily, upsertLabel, upsertList, upsertNamespace } = await import('../../../src/state/namespaces');
const { commentsByTaskAtom } = await import('../../../src/state/comments');
const { userAtom } = await import('../../../src/state/session');
const { flushOutbox, outboxStateAtom } = await import('../../../src/outbox/current');
const actions = await import('../../../src/actions');

const networkDown = () => new ApiError({ status: 0, message: '[GET] "/api/v1/users": <no response> Failed to fetch' });
let online = true;
const outboxEntries = () => appStore.get(outboxStateAtom).entries;
const comments = (taskId: number) => appStore.get(commentsByTaskAtom).get(taskId)?.map((c) => [c.id, c.comment]);
const me = { id: 1, username: 'me', name: 'Me', email: 'me@example.com', created: null, updated: null, settings: {} };

beforeEach(() => {
  vi.clearAllMocks();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  appStore.set(userAtom, me as never);
});

afterEach(async () => {
  online = true;
  flushOutbox();
  await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
});

describe('writes beside the task without a network', () => {
  it('a quick-add made offline: new task, new label, subtask relation and a comment all show, then take the real ids', async () => {
    online = false;
    const parent = await actions.tasks.create(5, { title: 'Trip' });
    const child = await actions.tasks.create(5, { title: 'Tickets' });
    const label = await actions.labels.create('errand');
    expect(label).toMatchObject({ title: 'errand', createdBy: { id: 1 } });
    expect(label.id).toBeLessThan(0);
    expect(appStore.get(labelsAtom).map((l) => l.title)).toContain('errand');
    await actions.tasks.addLabel(child, label);
    expect(await actions.relations.add(child.id, parent.id, 'parenttask')).toBe(true);
    const comment = await actions.comments.create(child.id, 'Window seats');
    expect(comment!.id).toBeLessThan(0);
    // All shown at once: the label on the task, the relation on both tasks, the comment by the signed-in user.
    expect(taskAtomFamily.peek(child.id)!.labels.map((l) => l.title)).toEqual(['errand']);
    expect(taskAtomFamily.peek(child.id)!.relatedTasks.parenttask!.map((t) => t.id)).toEqual([parent.id]);
    expect(taskAtomFamily.peek(parent.id)!.relatedTasks.subtask!.map((t) => t.id)).toEqual([child.id]);
    expect(comments(child.id)).toEqual([[comment!.id, 'Window seats']]);
    expect(toastError).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(6));
    expect(labelsApi.createLabel).not.toHaveBeenCalled();

    let nextId = 700;
    tasksApi.createTask.mockImplementation(async (listId, fields) => makeTask({ ...fields, id: nextId++, listId }));
    labelsApi.createLabel.mockImplementation(async (fields) => ({ ...label, ...fields, id: 40 }) as Label);
    commentsApi.createComment.mockImplementation(async (_taskId, text) => ({ id: 80, comment: text, author: me, created: null, updated: null }));
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));

    expect(labelsApi.createLabel).toHaveBeenCalledWith({ title: 'errand' });
    expect(taskLabels.addLabelToTask).toHaveBeenCalledWith(701, 40);
    expect(relationsApi.createRelation).toHaveBeenCalledWith(701, 700, 'parenttask');
    expect(commentsApi.createComment).toHaveBeenCalledWith(701, 'Window seats');
    // The store names everything by the server's ids now.
    expect(appStore.get(labelsAtom).filter((l) => l.title === 'errand').map((l) => l.id)).toEqual([40]);
    expect(taskAtomFamily.peek(701)!.labels.map((l) => [l.id, l.title])).toEqual([[40, 'errand']]);
    expect(taskAtomFamily.peek(701)!.relatedTasks.parenttask!.map((t) => t.id)).toEqual([700]);
    expect(taskAtomFamily.peek(700)!.relatedTasks.subtask!.map((t) => t.id)).toEqual([701]);
    expect(comments(701)).toEqual([[80, 'Window seats']]);
    expect(comments(child.id)).toBeUndefined();
  });

  it('comments loaded while changes to them wait keep those changes; edits and deletes of comments go out later', async () => {
    putTasks([makeTask({ id: 30, title: 'Shared task', listId: 5 })]);
    commentsApi.getComments.mockResolvedValue([
      { id: 1, comment: 'first', author: me, created: null, updated: null },
      { id: 2, comment: 'second', author: me, created: null, updated: null },
    ]);
    await actions.comments.load(30);
    online = false;
    expect(await actions.comments.update(30, 1, 'first, edited')).toBe(true);
    expect(await actions.comments.remove(30, 2)).toBe(true);
    const added = await actions.comments.create(30, 'third');
    expect(comments(30)).toEqual([
      [1, 'first, edited'],
      [added!.id, 'third'],
    ]);
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(3));
    // The task is opened again before the network is back: the server's comments, with the waiting changes over them.
    await actions.comments.load(30);
    expect(comments(30)).toEqual([
      [1, 'first, edited'],
      [added!.id, 'third'],
    ]);

    commentsApi.updateComment.mockImplementation(async (_t, id, text) => ({ id, comment: text, author: me, created: null, updated: null }));
    commentsApi.createComment.mockImplementation(async (_t, text) => ({ id: 3, comment: text, author: me, created: null, updated: null }));
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
    expect(commentsApi.updateComment).toHaveBeenCalledWith(30, 1, 'first, edited');
    expect(commentsApi.deleteComment).toHaveBeenCalledWith(30, 2);
    expect(comments(30)).toEqual([
      [1, 'first, edited'],
      [3, 'third'],
    ]);
  });

  it('online, a refused relation is taken back off both tasks and told', async () => {
    putTasks([makeTask({ id: 41, title: 'One', listId: 5 }), makeTask({ id: 42, title: 'Two', listId: 5 })]);
    relationsApi.createRelation.mockRejectedValueOnce(new ApiError({ status: 403, message: 'Forbidden', fromServer: true }));
    expect(await actions.relations.add(41, 42, 'blocking')).toBe(false);
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(taskAtomFamily.peek(41)!.relatedTasks.blocking ?? []).toEqual([]);
    expect(taskAtomFamily.peek(42)!.relatedTasks.blocked ?? []).toEqual([]);
  });

  it('discarding a label made offline takes it off the tasks that were given it', async () => {
    putTasks([makeTask({ id: 50, title: 'Fifty', listId: 5 })]);
    online = false;
    const label = await actions.labels.create('someday');
    await actions.tasks.addLabel(taskAtomFamily.peek(50)!, label);
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(2));
    tasksApi.getTask.mockResolvedValue(makeTask({ id: 50, title: 'Fifty', listId: 5 }));
    await actions.tasks.discardWaiting(outboxEntries()[0].key);
    expect(outboxEntries()).toEqual([]);
    expect(appStore.get(labelsAtom).some((l) => l.id === label.id)).toBe(false);
    expect(taskAtomFamily.peek(50)!.labels).toEqual([]);
  });

  it('offline, "@name" finds the people this browser knows', async () => {
    putTasks([makeTask({ id: 60, title: 'Sixty', listId: 5, assignees: [{ id: 7, username: 'anna', name: 'Anna Berg' }] })]);
    assigneesApi.searchUsers.mockRejectedValue(networkDown());
    expect((await actions.users.searchAssignees('ann')).map((u) => u.username)).toEqual(['anna']);
    expect((await actions.users.searchAssignees('me@')).map((u) => u.username)).toEqual(['me']);
    // A refusal is not a missing network: it is not answered from the store.
    assigneesApi.searchUsers.mockRejectedValue(new ApiError({ status: 403, message: 'Forbidden', fromServer: true }));
    await expect(actions.users.searchAssignees('ann')).rejects.toThrow('Forbidden');
  });

  it('a label renamed and another deleted offline, and a bucket renamed, show at once and are sent in order later', async () => {
    const label = (id: number, title: string) => ({ id, title, description: '', hexColor: 'e8e8e8', textColor: '#000', maxRight: 2 }) as Label;
    upsertLabel(label(70, 'home'));
    upsertLabel(label(71, 'old'));
    putTasks([makeTask({ id: 72, title: 'Seventy-two', listId: 5, labels: [label(71, 'old')] })]);
    appStore.set(boardAtom(5), [{ id: 9, title: 'To do', listId: 5, position: 1, limit: 0, isDoneBucket: false, tasks: [] } as never]);
    online = false;
    expect(await actions.labels.update({ ...label(70, 'house'), hexColor: '1973ff' })).toBe(true);
    await actions.labels.remove(71);
    expect(await actions.buckets.update(5, 9, { title: 'Next' })).toBe(true);
    expect(appStore.get(labelsAtom).map((l) => [l.id, l.title])).toContainEqual([70, 'house']);
    expect(appStore.get(labelsAtom).some((l) => l.id === 71)).toBe(false);
    expect(taskAtomFamily.peek(72)!.labels).toEqual([]);
    expect(appStore.get(boardAtom(5))!.map((b) => b.title)).toEqual(['Next']);
    expect(labelsApi.updateLabel).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(outboxEntries().map((e) => e.write.kind)).toEqual(['labelUpdate', 'labelDelete', 'bucketUpdate']));

    labelsApi.updateLabel.mockImplementation(async (l) => ({ ...l, updated: new Date('2026-11-27T10:00:00Z') }));
    bucketsApi.updateBucket.mockImplementation(async (b) => ({ ...b, tasks: [], updated: new Date('2026-11-27T10:00:00Z') }) as never);
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
    expect(labelsApi.updateLabel.mock.calls[0][0]).toMatchObject({ id: 70, title: 'house', hexColor: '1973ff' });
    expect(labelsApi.deleteLabel).toHaveBeenCalledWith(71);
    expect(bucketsApi.updateBucket.mock.calls[0][0]).toMatchObject({ id: 9, title: 'Next' });
    // The copies the server saved are shown (their new versions, for the next edit's If-Match).
    expect(appStore.get(labelsAtom).find((l) => l.id === 70)?.updated).toEqual(new Date('2026-11-27T10:00:00Z'));
    expect(appStore.get(boardAtom(5))![0]).toMatchObject({ title: 'Next', updated: new Date('2026-11-27T10:00:00Z') });
  });

  it('a list renamed, starred and moved and a namespace renamed offline show at once and reach the server later', async () => {
    const { normalizeList } = await import('../../../src/api/lists');
    const { normalizeNamespace } = await import('../../../src/api/namespaces');
    upsertNamespace(normalizeNamespace({ id: 80, title: 'Home', lists: [] }));
    upsertList(normalizeList({ id: 81, title: 'Chores', namespaceId: 80, position: 1 }));
    online = false;
    const list = listAtomFamily.peek(81)!;
    expect(await actions.lists.update({ ...list, title: 'Housework' })).toMatchObject({ title: 'Housework' });
    await actions.lists.toggleFavorite(listAtomFamily.peek(81)!);
    expect(await namespaceActions.moveList(listAtomFamily.peek(81)!, 80, 5)).toMatchObject({ position: 5 });
    expect(await namespaceActions.update(namespaceAtomFamily.peek(80)!, { title: 'House' }, 'namespace.edit.success')).toBe(true);
    expect(listAtomFamily.peek(81)).toMatchObject({ title: 'Housework', isFavorite: true, position: 5 });
    expect(namespaceAtomFamily.peek(80)).toMatchObject({ title: 'House' });
    expect(toastError).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(outboxEntries().map((e) => e.write.kind)).toEqual(['listUpdate', 'listUpdate', 'listUpdate', 'namespaceUpdate']));

    listsApi.updateList.mockImplementation(async (l) => l);
    namespacesApi.updateNamespace.mockImplementation(async (n) => n);
    namespacesApi.getAllNamespaces.mockResolvedValue([]);
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
    expect(listsApi.updateList.mock.calls.map(([l]) => [l.title, l.isFavorite, l.position])).toEqual([
      ['Housework', false, 1],
      ['Housework', true, 1],
      ['Housework', true, 5],
    ]);
    expect(namespacesApi.updateNamespace.mock.calls[0][0]).toMatchObject({ id: 80, title: 'House' });
  });

  it('a discarded bucket change shows the board as the server has it again', async () => {
    appStore.set(boardAtom(6), [{ id: 19, title: 'Doing', listId: 6, position: 1, limit: 0, isDoneBucket: false, tasks: [] } as never]);
    online = false;
    await actions.buckets.update(6, 19, { title: 'Busy' });
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(1));
    bucketsApi.getBuckets.mockResolvedValue([{ id: 19, title: 'Doing', listId: 6, position: 1, limit: 0, isDoneBucket: false, tasks: [] } as never]);
    await actions.tasks.discardWaiting(outboxEntries()[0].key);
    await vi.waitFor(() => expect(appStore.get(boardAtom(6))!.map((b) => b.title)).toEqual(['Doing']));
    expect(bucketsApi.getBuckets).toHaveBeenCalledWith(6);
  });
});
