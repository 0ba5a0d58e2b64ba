// The task store: one atom per task read by every list query, and the task actions' optimistic writes and rollbacks.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from './fixtures';
import type { Task } from '../../../src/api/tasks';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../../src/api/tasks')>()), updateTask: vi.fn(), deleteTask: vi.fn() }));
vi.mock('../../../src/api/taskLabels', () => ({ addLabelToTask: vi.fn(), removeLabelFromTask: vi.fn() }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const taskLabels = vi.mocked(await import('../../../src/api/taskLabels'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { appStore } = await import('../../../src/state/store');
const { listTasksAtom, putTasks, taskAtomFamily } = await import('../../../src/state/tasks');
const actions = await import('../../../src/actions/tasks');

const titles = (listId: number) => appStore.get(listTasksAtom(listId)).tasks.map((t) => t.title);
const a = () => makeTask({ id: 501, title: 'A', listId: 5 });
const b = () => makeTask({ id: 502, title: 'B', listId: 5 });

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(listTasksAtom(5), { tasks: [a(), b()], loading: false, loaded: true, queryKey: '' });
  appStore.set(listTasksAtom(-1), { tasks: [a()], loading: false, loaded: true, queryKey: '' });
});

describe('list queries over the task atoms', () => {
  it('show a task changed anywhere, and drop one moved to another list (a saved filter keeps it)', () => {
    putTasks([{ ...a(), title: 'A renamed' }]);
    expect(titles(5)).toEqual(['A renamed', 'B']);
    putTasks([{ ...a(), title: 'A moved', listId: 6 }]);
    expect(titles(5)).toEqual(['B']);
    expect(titles(-1)).toEqual(['A moved']);
  });
});

describe('task actions', () => {
  it('update shows the change at once and rolls it back, with the reason, when the server refuses', async () => {
    let refuse: (err: Error) => void = () => undefined;
    tasksApi.updateTask.mockReturnValue(new Promise<Task>((_, reject) => (refuse = reject)));
    const saving = actions.update({ ...a(), title: 'Optimistic' });
    expect(titles(5)).toEqual(['Optimistic', 'B']);
    refuse(new Error('No rights'));
    expect(await saving).toBeNull();
    expect(titles(5)).toEqual(['A', 'B']);
    expect(toastError).toHaveBeenCalled();
  });

  it('delete takes the task out of every view and puts it back in its place when refused', async () => {
    tasksApi.deleteTask.mockRejectedValue(new Error('No rights'));
    const deleting = actions.remove(501);
    expect(titles(5)).toEqual(['B']);
    expect(await deleting).toBe(false);
    expect(titles(5)).toEqual(['A', 'B']);
  });

  it('a label added shows at once; nothing is sent when the task has it already', async () => {
    taskLabels.addLabelToTask.mockResolvedValue(undefined);
    const label = { id: 8, title: 'errand', hexColor: '', description: '' };
    await actions.addLabel(a(), label);
    expect(appStore.get(taskAtomFamily(501))?.labels.map((l) => l.title)).toEqual(['errand']);
    await actions.addLabel(a(), label);
    expect(taskLabels.addLabelToTask).toHaveBeenCalledTimes(1);
  });

  it('a rollback does not undo a newer change made meanwhile', async () => {
    let refuse: (err: Error) => void = () => undefined;
    tasksApi.updateTask.mockReturnValueOnce(new Promise<Task>((_, reject) => (refuse = reject)));
    const first = actions.update({ ...a(), title: 'First' });
    putTasks([{ ...a(), title: 'Newer' }]);
    refuse(new Error('Conflict'));
    await first;
    expect(titles(5)).toEqual(['Newer', 'B']);
  });

  it('a second change made while the first is saving goes out after it, on the version the first saved', async () => {
    let answer: (t: Task) => void = () => undefined;
    const stamp = new Date('2026-11-25T10:00:00Z');
    tasksApi.updateTask.mockReturnValueOnce(new Promise<Task>((resolve) => (answer = resolve)));
    tasksApi.updateTask.mockImplementationOnce(async (t) => ({ ...t, updated: new Date('2026-11-25T10:00:01Z') }));
    const moving = actions.update({ ...a(), listId: 6 });
    const done = actions.setDone(a(), true);
    // Both show at once; the second request waits for the first answer.
    expect(appStore.get(taskAtomFamily(501))).toMatchObject({ listId: 6, done: true });
    // The first goes out once the outbox has stored it; the second still waits for its answer.
    await vi.waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(tasksApi.updateTask).toHaveBeenCalledTimes(1);
    answer({ ...a(), listId: 6, updated: stamp });
    await moving;
    await done;
    expect(tasksApi.updateTask).toHaveBeenCalledTimes(2);
    // Sent with the first save's stamp (so not refused as stale) and both changes.
    expect(tasksApi.updateTask.mock.calls[1][0]).toMatchObject({ listId: 6, done: true, updated: stamp });
    expect(appStore.get(taskAtomFamily(501))).toMatchObject({ listId: 6, done: true });
  });
});
