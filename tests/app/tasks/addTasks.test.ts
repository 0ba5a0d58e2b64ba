// The one quick-add action (actions.quickAdd.addTasks) through the real outbox with the API mocked: lists by name,
// labels found or created, assignees (found @names leave the title), subtasks, pseudo lists skipped, offline from
// every door, one line sent again after a partial failure finished instead of duplicated, problems told per line.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/apiError';
import { taskFromApi, type Task } from '../../../src/api/tasks';
import type { CommandContext } from '../../../commands/registry';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../../src/api/tasks')>()), createTask: vi.fn(), getTask: vi.fn() }));
vi.mock('../../../src/api/taskLabels', () => ({ addLabelToTask: vi.fn(), removeLabelFromTask: vi.fn() }));
vi.mock('../../../src/api/assignees', () => ({ addAssignee: vi.fn(), removeAssignee: vi.fn(), searchUsers: vi.fn(), listUsers: vi.fn() }));
vi.mock('../../../src/api/relations', async (orig) => ({ ...(await orig<typeof import('../../../src/api/relations')>()), createRelation: vi.fn() }));
vi.mock('../../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../../src/api/labels')>()), createLabel: vi.fn() }));

const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const { addLabelToTask } = vi.mocked(await import('../../../src/api/taskLabels'));
const { addAssignee, searchUsers } = vi.mocked(await import('../../../src/api/assignees'));
const { createRelation } = vi.mocked(await import('../../../src/api/relations'));
const { createLabel } = vi.mocked(await import('../../../src/api/labels'));
const toast = vi.mocked(await import('../../../src/app/toast'));
const { appStore } = await import('../../../src/state/store');
const { namespacesAtom, labelsLoadedAtom, upsertLabel } = await import('../../../src/state/namespaces');
const { userAtom } = await import('../../../src/state/session');
const { quickAddModeAtom } = await import('../../../src/state/taskSettings');
const { listTasksAtom, taskAtomFamily } = await import('../../../src/state/tasks');
const { clearStore } = await import('../../../src/state/entities');
const { flushOutbox, outboxStateAtom } = await import('../../../src/outbox/current');
const { addTasks, NoListError, TitleRequiredError, UnfinishedError } = await import('../../../src/actions/quickAdd');
const { createTaskFromPalette } = await import('../../../src/app/palette/createTask');

let online = true;
let nextId = 100;
const outboxEntries = () => appStore.get(outboxStateAtom).entries;
const created = () => tasksApi.createTask.mock.calls.map(([listId, fields]) => ({ listId, ...fields }));
const ann = { id: 3, username: 'ann', name: 'Ann Lee', email: 'ann@example.com' };
const errorToasts = () => toast.error.mock.calls.map(([err]) => (err as Error).message);

beforeEach(() => {
  vi.clearAllMocks();
  clearStore();
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  appStore.set(quickAddModeAtom, 'vikunja');
  appStore.set(namespacesAtom, [
    { id: -2, title: 'Filters', lists: [{ id: -5, title: 'Urgent', namespaceId: -2 }] },
    { id: -1, title: 'Favorites', lists: [{ id: -1, title: 'Favorites', namespaceId: -1 }] },
    {
      id: 1,
      title: 'Home',
      lists: [
        { id: 1, title: 'Inbox', namespaceId: 1 },
        { id: 2, title: 'Shopping', namespaceId: 1 },
      ],
    },
  ] as never);
  appStore.set(userAtom, { id: 9, username: 'me', settings: { defaultListId: 2 } } as never);
  upsertLabel({ id: 7, title: 'Errand' } as never);
  appStore.set(labelsLoadedAtom, true);
  nextId = 100;
  tasksApi.createTask.mockImplementation(async (listId: number, fields: Partial<Task>) => ({
    ...taskFromApi({ id: (nextId += 1), list_id: listId, index: nextId }),
    ...fields,
    id: nextId,
    listId,
  }));
  createLabel.mockImplementation(async (fields) => ({ id: 50, title: fields.title ?? '' }) as never);
  addLabelToTask.mockResolvedValue(undefined);
  addAssignee.mockResolvedValue(undefined);
  createRelation.mockResolvedValue(undefined);
  searchUsers.mockImplementation(async (s: string) => (['ann', 'ann lee', 'ann@example.com'].includes(s.toLowerCase()) ? [ann] : []));
});

afterEach(async () => {
  online = true;
  flushOutbox();
  await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
});

describe('quick-add: what a line becomes', () => {
  it('parses date, label (matched case-insensitively) and priority into one task of the current list', async () => {
    const [line] = await addTasks('Buy milk tomorrow at 17:00 *errand !3', { currentListId: 1, now: new Date(2026, 0, 5, 8, 0) });
    expect(created()).toEqual([expect.objectContaining({ listId: 1, title: 'Buy milk', priority: 3, dueDate: new Date(2026, 0, 6, 17, 0) })]);
    expect(createLabel).not.toHaveBeenCalled();
    expect(addLabelToTask).toHaveBeenCalledWith(line.task.id, 7);
    expect(line.task.labels.map((l) => l.title)).toEqual(['Errand']);
    expect(appStore.get(listTasksAtom(1)).tasks.map((t) => t.title)).toEqual(['Buy milk']);
  });

  it('creates a missing label once', async () => {
    await addTasks('A *new\nB *NEW', { currentListId: 1 });
    expect(createLabel).toHaveBeenCalledTimes(1);
    expect(addLabelToTask.mock.calls).toEqual([
      [101, 50],
      [102, 50],
    ]);
  });

  it('puts a task in the list named by exact name; an unknown one is NO_LIST before anything is made', async () => {
    await addTasks('Apples +shopping', { currentListId: 1 });
    expect(created()[0].listId).toBe(2);
    await expect(addTasks('Fine\nPears +Nowhere', { currentListId: 1 })).rejects.toBeInstanceOf(NoListError);
    expect(created()).toHaveLength(1);
  });

  it('rejects empty text, and without a current or default list says NO_LIST', async () => {
    await expect(addTasks('  \n ', { currentListId: 1 })).rejects.toBeInstanceOf(TitleRequiredError);
    appStore.set(userAtom, { id: 9, username: 'me', settings: { defaultListId: 0 } } as never);
    await expect(addTasks('Thing', { currentListId: null })).rejects.toBeInstanceOf(NoListError);
  });

  it('makes indented lines subtasks with parenttask relations', async () => {
    const lines = await addTasks('Trip\n  Pack\n  Book\n    Train\nDone', { currentListId: 1 });
    const ids = lines.map((l) => l.task.id);
    expect(lines.map((l) => l.task.title)).toEqual(['Trip', 'Pack', 'Book', 'Train', 'Done']);
    expect(createRelation.mock.calls).toEqual([
      [ids[1], ids[0], 'parenttask'],
      [ids[2], ids[0], 'parenttask'],
      [ids[3], ids[2], 'parenttask'],
    ]);
  });

  it('keeps a dismissed token in the title', async () => {
    await addTasks('Read *errand today', { currentListId: 1, dismissed: [{ start: 5, end: 12 }] });
    expect(created()[0]).toMatchObject({ title: 'Read *errand' });
    expect(created()[0].dueDate).not.toBeNull();
    expect(addLabelToTask).not.toHaveBeenCalled();
  });
});

describe('quick-add: @names', () => {
  it('a found @name is assigned and leaves the title (by username, name or e-mail)', async () => {
    const [line] = await addTasks('Call @ann about the roof', { currentListId: 1 });
    expect(created()[0].title).toBe('Call about the roof');
    expect(created()[0]).not.toHaveProperty('assignees');
    expect(addAssignee).toHaveBeenCalledWith(line.task.id, 3);
    expect(taskAtomFamily.peek(line.task.id)?.assignees.map((a) => a.id)).toEqual([3]);
    await addTasks('Call @ann@example.com', { currentListId: 1 });
    expect(created()[1].title).toBe('Call');
  });

  it('a name that matches nobody stays in the title and assigns nobody', async () => {
    await addTasks('Call @ghost and @ann', { currentListId: 1 });
    expect(created()[0].title).toBe('Call @ghost and');
    expect(addAssignee).toHaveBeenCalledTimes(1);
  });

  it('a person without access to the list does not refuse the task: it is saved without them, and the message names them and the list', async () => {
    addAssignee.mockRejectedValue(new ApiError({ status: 403, code: 7003, message: 'You do not have access to this list.', fromServer: true }));
    const [line] = await addTasks('Call @ann +Shopping', { currentListId: 1 });
    expect(line).toMatchObject({ finished: true, problems: [{ kind: 'assigneeNoAccess', name: 'ann', list: 'Shopping' }] });
    expect(created()).toEqual([expect.objectContaining({ listId: 2, title: 'Call' })]);
    expect(taskAtomFamily.peek(line.task.id)?.assignees).toEqual([]);
    await vi.waitFor(() => expect(errorToasts()).toEqual(['ann has no access to Shopping: “Call” was saved without them.']));
    expect(toast.success).toHaveBeenCalledWith('task.createSuccess');
  });
});

describe('quick-add: one action from every door', () => {
  it('skips pseudo lists: from favorites or a saved filter the task goes to the default list', async () => {
    await addTasks('From favorites', { currentListId: -1 });
    await addTasks('From a filter', { currentListId: -5 });
    expect(created().map((c) => c.listId)).toEqual([2, 2]);
    // A pseudo list is no +name either.
    await expect(addTasks('Odd +Urgent', { currentListId: 1 })).rejects.toBeInstanceOf(NoListError);
  });

  it('works offline: the task, its label and assignee wait in the outbox and go out once the network is back', async () => {
    online = false;
    const [line] = await addTasks('Paint the fence *errand @ann', { currentListId: 1 });
    expect(line.task.id).toBeLessThan(0);
    expect(line.task).toMatchObject({ title: 'Paint the fence', labels: [expect.objectContaining({ id: 7 })] });
    expect(tasksApi.createTask).not.toHaveBeenCalled();
    expect(outboxEntries().map((e) => e.write.kind)).toEqual(['create', 'assigneeAdd', 'labelAdd']);
    online = true;
    flushOutbox();
    await vi.waitFor(() => expect(outboxEntries()).toEqual([]));
    expect(addAssignee).toHaveBeenCalledWith(101, 3);
    expect(addLabelToTask).toHaveBeenCalledWith(101, 7);
  });

  it('the palette uses the same action: offline too, skipping a pseudo list, and opens the task', async () => {
    online = false;
    const navigate = vi.fn();
    await createTaskFromPalette({ listId: -1, navigate } as unknown as CommandContext, 'Ring @ann *errand');
    expect(outboxEntries().map((e) => e.write)).toEqual([
      expect.objectContaining({ kind: 'create', listId: 2, fields: expect.objectContaining({ title: 'Ring' }) }),
      expect.objectContaining({ kind: 'assigneeAdd', userId: 3 }),
      expect.objectContaining({ kind: 'labelAdd', labelId: 7 }),
    ]);
    const [create] = outboxEntries();
    const tempId = create.write.kind === 'create' ? create.write.taskId : 0;
    expect(tempId).toBeLessThan(0);
    expect(navigate).toHaveBeenCalledWith(`/tasks/${tempId}`);
    expect(toast.success).toHaveBeenCalledWith('palette.taskCreated');
  });
});

describe('quick-add: a partial failure', () => {
  it('keeps the task, says which label failed, and the same line sent again adds the label instead of a second task', async () => {
    addLabelToTask.mockRejectedValueOnce(new ApiError({ status: 500, code: null, message: 'Label service down', fromServer: true }));
    const first = addTasks('Buy bread *errand', { currentListId: 1 });
    await expect(first).rejects.toBeInstanceOf(UnfinishedError);
    const lines = ((await first.catch((e: unknown) => e)) as InstanceType<typeof UnfinishedError>).lines;
    expect(lines).toEqual([expect.objectContaining({ finished: false, problems: [expect.objectContaining({ kind: 'label', name: 'errand' })] })]);
    await vi.waitFor(() => expect(errorToasts()).toEqual(['“Buy bread” was saved without the label errand: Label service down']));
    expect(appStore.get(listTasksAtom(1)).tasks.map((t) => t.title)).toEqual(['Buy bread']);

    const [again] = await addTasks('Buy bread *errand', { currentListId: 1 });
    expect(tasksApi.createTask).toHaveBeenCalledTimes(1);
    expect(again.task.id).toBe(lines[0].task.id);
    expect(addLabelToTask).toHaveBeenCalledTimes(2);
    expect(taskAtomFamily.peek(again.task.id)?.labels.map((l) => l.title)).toEqual(['Errand']);
    expect(appStore.get(listTasksAtom(1)).tasks.map((t) => t.title)).toEqual(['Buy bread']);

    // Finished, it is forgotten: the same line later is a new task.
    await addTasks('Buy bread *errand', { currentListId: 1 });
    expect(tasksApi.createTask).toHaveBeenCalledTimes(2);
  });

  it('a refused line keeps the lines before it; sending the text again makes only the rest', async () => {
    tasksApi.createTask.mockImplementationOnce(async (listId, fields) => ({ ...taskFromApi({ id: 201, list_id: listId }), ...fields, id: 201, listId }));
    tasksApi.createTask.mockRejectedValueOnce(new ApiError({ status: 403, code: 3004, message: 'No write access.', fromServer: true }));
    await expect(addTasks('One\nTwo\n  Two and a half', { currentListId: 1 })).rejects.toBeInstanceOf(UnfinishedError);
    expect(created().map((c) => c.title)).toEqual(['One', 'Two']);
    expect(toast.error).toHaveBeenCalledTimes(1);

    const lines = await addTasks('One\nTwo\n  Two and a half', { currentListId: 1 });
    expect(created().map((c) => c.title)).toEqual(['One', 'Two', 'Two', 'Two and a half']);
    expect(lines.map((l) => l.task.id)).toEqual([201, 101, 102]);
    expect(createRelation).toHaveBeenCalledWith(102, 101, 'parenttask');
  });
});
