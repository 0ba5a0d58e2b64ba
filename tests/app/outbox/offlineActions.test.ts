// Task actions without a network: they go on with their local value, an offline create's temporary id becomes the
// real one everywhere once the server has it, and discarding a refused write puts the server's copy back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../tasks/fixtures';
import { ApiError } from '../../../src/api/apiError';
import type { Task } from '../../../src/api/tasks';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  createTask: vi.fn(),
  updateTask: vi.fn(),
  deleteTask: vi.fn(),
  getTask: vi.fn(),
}));
vi.mock('../../../src/api/taskLabels', () => ({ addLabelToTask: vi.fn(), removeLabelFromTask: vi.fn() }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const taskLabels = vi.mocked(await import('../../../src/api/taskLabels'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { appStore } = await import('../../../src/state/store');
const { addTasksToList, listTasksAtom, putTasks, restoreListQuery, taskAtomFamily } = await import('../../../src/state/tasks');
const { clearStore } = await import('../../../src/state/entities');
const { setNavigator } = await import('../../../src/state/navigator');
const { flushOutbox, outboxStateAtom } = await import('../../../src/outbox/current');
const actions = await import('../../../src/actions/tasks');

const networkDown = () => new ApiError({ status: 0, message: '[POST] "/api/v1/tasks": <no response> Failed to fetch' });
let online = true;
const outboxEntries = () => appStore.get(outboxStateAtom).entries;
const rows = (listId: number) => appStore.get(listTasksAtom(listId)).tasks.map((t) => [t.id, t.title, t.done]);
const a = () => makeTask({ id: 501, title: 'A', listId: 5, updated: new Date('2026-11-01T00:00:00Z') });

beforeEach(() => {
  vi.clearAllMocks();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  putTasks([a()]);
  appStore.set(listTasksAtom(5), { tasks: [a()], loading: false, loaded: true, queryKey: '' });
});

afterEach(async () => {
  online = true;
  flushOutbox();
  await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
});

describe('task actions without a network', () => {
  it('an offline create shows at once under a temporary id; edits wait for it; the real id replaces it everywhere', async () => {
    online = false;
    const created = await actions.create(5, { title: 'Paint the fence' });
    expect(created.id).toBeLessThan(0);
    addTasksToList(5, [created]);
    const tempId = created.id;
    window.history.pushState({}, '', `/tasks/${tempId}`);
    const navigate = vi.fn();
    setNavigator(navigate);

    const renamed = await actions.update({ ...created, title: 'Paint the whole fence' });
    expect(renamed).toMatchObject({ id: tempId, title: 'Paint the whole fence' });
    await actions.attachLabel(tempId, 8);
    await actions.setDone(taskAtomFamily.peek(tempId)!, true);
    expect(rows(5)).toEqual([
      [tempId, 'Paint the whole fence', true],
      [501, 'A', false],
    ]);
    expect(tasksApi.createTask).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(4));

    tasksApi.createTask.mockImplementation(async (listId, fields) => makeTask({ ...fields, id: 900, listId, updated: new Date('2026-11-02T00:00:00Z') }));
    tasksApi.updateTask.mockImplementation(async (t) => ({ ...t, updated: new Date(t.updated!.getTime() + 1000) }));
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));

    expect(tasksApi.createTask).toHaveBeenCalledWith(5, { title: 'Paint the fence' });
    expect(taskLabels.addLabelToTask).toHaveBeenCalledWith(900, 8);
    // Each edit on the copy the server saved before it, with only its own change on top.
    const sent = tasksApi.updateTask.mock.calls.map(([t]) => [t.id, t.title, t.done]);
    expect(sent).toEqual([
      [900, 'Paint the whole fence', false],
      [900, 'Paint the whole fence', true],
    ]);
    expect(taskAtomFamily.peek(tempId)).toBeUndefined();
    expect(rows(5)).toEqual([
      [900, 'Paint the whole fence', true],
      [501, 'A', false],
    ]);
    expect(navigate).toHaveBeenCalledWith('/tasks/900', { replace: true });
  });

  it('an edit whose request gets no answer resolves with the local value and is sent when the network is back', async () => {
    tasksApi.updateTask.mockRejectedValueOnce(networkDown());
    const saved = await actions.update({ ...taskAtomFamily.peek(501)!, title: 'A, offline' });
    expect(saved).toMatchObject({ id: 501, title: 'A, offline' });
    expect(toastError).not.toHaveBeenCalled();
    expect(rows(5)).toEqual([[501, 'A, offline', false]]);

    tasksApi.updateTask.mockImplementation(async (t) => ({ ...t, updated: new Date('2026-11-03T00:00:00Z') }));
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
    expect(tasksApi.updateTask).toHaveBeenCalledTimes(2);
    // Sent on the version it was made on: a change made meanwhile by someone else is a conflict, not overwritten.
    expect(tasksApi.updateTask.mock.calls[1][0]).toMatchObject({ id: 501, title: 'A, offline', updated: a().updated });
    expect(taskAtomFamily.peek(501)).toMatchObject({ title: 'A, offline', updated: new Date('2026-11-03T00:00:00Z') });
  });

  it('a write refused after the action stopped waiting is kept; Discard puts the server copy back', async () => {
    online = false;
    await actions.update({ ...taskAtomFamily.peek(501)!, title: 'x'.repeat(300) });
    await actions.remove(501);
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(2));

    tasksApi.updateTask.mockRejectedValue(new ApiError({ status: 400, code: 2001, message: 'The task title is too long.', fromServer: true }));
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries().map((e) => e.state)).toEqual(['refused', 'queued']));
    // The delete of the same task waits behind the refused edit; nothing was told in a toast, it is in the outbox.
    expect(tasksApi.deleteTask).not.toHaveBeenCalled();
    expect(outboxEntries()[0]).toMatchObject({ title: 'A', refusal: { status: 400, message: 'The task title is too long.' } });

    // Discarding the edit does not bring back a task whose delete still waits; the delete then goes out.
    await actions.discardWaiting(outboxEntries()[0].key);
    expect(tasksApi.getTask).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
    expect(tasksApi.deleteTask).toHaveBeenCalledWith(501);
    expect(taskAtomFamily.peek(501)).toBeUndefined();
  });

  it('Discard puts back the server copy of a task whose refused edit it drops, with the other waiting changes over it', async () => {
    online = false;
    await actions.update({ ...taskAtomFamily.peek(501)!, title: 'x'.repeat(300) });
    await actions.update({ ...taskAtomFamily.peek(501)!, priority: 4 });
    tasksApi.updateTask.mockRejectedValue(new ApiError({ status: 400, code: 2001, message: 'The task title is too long.', fromServer: true }));
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries().map((e) => e.state)).toEqual(['refused', 'queued']));
    expect(rows(5)).toEqual([[501, 'x'.repeat(300), false]]);

    tasksApi.getTask.mockResolvedValue({ ...a(), title: 'A (server)' });
    // The held change goes out next; its answer is held back until the rollback has been looked at.
    let answer: () => void = () => undefined;
    tasksApi.updateTask.mockImplementation((t) => new Promise<Task>((resolve) => (answer = () => resolve({ ...t, title: 'A (server)', updated: new Date('2026-11-04T00:00:00Z') }))));
    await actions.discardWaiting(outboxEntries()[0].key);
    expect(tasksApi.getTask).toHaveBeenCalledWith(501);
    expect(taskAtomFamily.peek(501)).toMatchObject({ title: 'A (server)', priority: 4 });
    await vi.waitFor(() => expect(tasksApi.updateTask.mock.calls.at(-1)![0]).toMatchObject({ id: 501, priority: 4 }));
    answer();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
    expect(taskAtomFamily.peek(501)).toMatchObject({ title: 'A (server)', priority: 4 });
  });

  it('online, a refused write is reported and rolled back as before, and nothing is kept', async () => {
    tasksApi.updateTask.mockRejectedValueOnce(new ApiError({ status: 403, message: 'Forbidden', fromServer: true }));
    expect(await actions.update({ ...taskAtomFamily.peek(501)!, title: 'Nope' })).toBeNull();
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(rows(5)).toEqual([[501, 'A', false]]);
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
  });

  it('a task the store has as it was before a change still waiting in the outbox (a reload from an older copy) shows the change', async () => {
    online = false;
    await actions.setDone(taskAtomFamily.peek(501)!, true);
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(1));
    // What a start from a copy written before the change puts in the store: the task without it.
    putTasks([a()]);
    expect(taskAtomFamily.peek(501)!.done).toBe(false);
    // The outbox's entries as a new page reads them from IndexedDB.
    appStore.set(outboxStateAtom, { ...appStore.get(outboxStateAtom), entries: [...outboxEntries()] });
    expect(taskAtomFamily.peek(501)!.done).toBe(true);
    expect(rows(5)).toEqual([[501, 'A', true]]);
    online = true;
    tasksApi.updateTask.mockImplementation(async (t) => ({ ...t, updated: new Date(t.updated!.getTime() + 1000) }));
  });

  it('after an offline reload a list of undone tasks shows none done: neither the copy’s nor those of a change still waiting', async () => {
    online = false;
    await actions.setDone(taskAtomFamily.peek(501)!, true);
    await vi.waitFor(() => expect(outboxEntries()).toHaveLength(1));
    const entries = outboxEntries();
    // The reload: the store empties, the copy comes back (written before the change), then the outbox is read.
    clearStore();
    const undoneOnly = JSON.stringify({ filters: [{ field: 'done', comparator: 'equals', value: 'false' }] });
    putTasks([a(), makeTask({ id: 502, title: 'B', listId: 5, done: true })]);
    restoreListQuery({ listId: 5, ids: [501, 502], queryKey: undoneOnly });
    expect(rows(5)).toEqual([[501, 'A', false]]);
    appStore.set(outboxStateAtom, { ...appStore.get(outboxStateAtom), entries: [...entries] });
    expect(taskAtomFamily.peek(501)!.done).toBe(true);
    expect(rows(5)).toEqual([]);
    online = true;
    tasksApi.updateTask.mockImplementation(async (t) => ({ ...t, updated: new Date(t.updated!.getTime() + 1000) }));
  });
});
