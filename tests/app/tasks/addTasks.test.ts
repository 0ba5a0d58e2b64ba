// Creating tasks from quick-add text: lists by name, labels created when missing, assignees, subtasks, errors.
import { describe, expect, it, vi } from 'vitest';
import { addTasksFromText, NoListError, TitleRequiredError, type AddTaskDeps } from '../../../src/views/tasks/addTasks';
import { taskFromApi, type Task } from '../../../src/api/tasks';

function deps(over: Partial<AddTaskDeps> = {}) {
  let id = 100;
  const created: { listId: number; task: Partial<Task> }[] = [];
  const d: AddTaskDeps = {
    mode: 'vikunja',
    now: new Date(2026, 0, 5, 8, 0),
    currentListId: 1,
    defaultListId: null,
    lists: [
      { id: 1, title: 'Inbox' },
      { id: 2, title: 'Groceries' },
    ],
    labels: [{ id: 7, title: 'Errand' }],
    createTask: vi.fn(async (listId: number, task: Partial<Task>) => {
      created.push({ listId, task });
      id += 1;
      return taskFromApi({ id, list_id: listId, title: task.title ?? '', index: id });
    }),
    createLabel: vi.fn(async (title: string) => ({ id: 50, title })),
    addLabelToTask: vi.fn(async () => {}),
    findUsers: vi.fn(async () => [{ id: 3, username: 'ann', name: 'Ann Lee', email: 'ann@example.com' }]),
    createRelation: vi.fn(async () => {}),
    ...over,
  };
  return { d, created };
}

describe('addTasksFromText', () => {
  it('parses date, label (matched case-insensitively), priority into one task', async () => {
    const { d, created } = deps();
    const [task] = await addTasksFromText('Buy milk tomorrow at 17:00 *errand !3', d);
    expect(created[0].listId).toBe(1);
    expect(created[0].task).toMatchObject({ title: 'Buy milk', priority: 3, dueDate: new Date(2026, 0, 6, 17, 0) });
    expect(d.createLabel).not.toHaveBeenCalled();
    expect(d.addLabelToTask).toHaveBeenCalledWith(task.id, 7);
    expect(task.labels.map((l) => l.title)).toEqual(['Errand']);
  });

  it('creates a missing label once', async () => {
    const { d } = deps();
    await addTasksFromText('A *new\nB *NEW', d);
    expect(d.createLabel).toHaveBeenCalledTimes(1);
    expect(d.addLabelToTask).toHaveBeenCalledTimes(2);
  });

  it('puts a task in the list named by exact name, and fails with NO_LIST for an unknown one before creating anything', async () => {
    const { d, created } = deps();
    await addTasksFromText('Apples +groceries', d);
    expect(created[0].listId).toBe(2);
    const second = deps();
    await expect(addTasksFromText('Fine\nPears +Nowhere', second.d)).rejects.toBeInstanceOf(NoListError);
    expect(second.created).toHaveLength(0);
  });

  it('falls back to the default list, and without any list throws NoListError', async () => {
    const { d, created } = deps({ currentListId: null, defaultListId: 2 });
    await addTasksFromText('Thing', d);
    expect(created[0].listId).toBe(2);
    await expect(addTasksFromText('Thing', deps({ currentListId: null }).d)).rejects.toBeInstanceOf(NoListError);
  });

  it('rejects empty text', async () => {
    await expect(addTasksFromText('  \n ', deps().d)).rejects.toBeInstanceOf(TitleRequiredError);
  });

  it('assigns users found by username, name or e-mail', async () => {
    const { d, created } = deps();
    await addTasksFromText('Call @ann', d);
    expect(created[0].task.assignees).toEqual([expect.objectContaining({ id: 3 })]);
    const other = deps();
    await addTasksFromText('Call @ann@example.com', other.d);
    expect(other.created[0].task.assignees).toHaveLength(1);
  });

  it('makes indented lines subtasks with parenttask relations', async () => {
    const { d } = deps();
    const tasks = await addTasksFromText('Trip\n  Pack\n  Book\n    Train\nDone', d);
    expect(tasks.map((t) => t.title)).toEqual(['Trip', 'Pack', 'Book', 'Train', 'Done']);
    const calls = vi.mocked(d.createRelation).mock.calls;
    expect(calls).toEqual([
      [tasks[1].id, tasks[0].id, 'parenttask'],
      [tasks[2].id, tasks[0].id, 'parenttask'],
      [tasks[3].id, tasks[2].id, 'parenttask'],
    ]);
  });

  it('keeps a dismissed token in the title', async () => {
    const { d, created } = deps();
    await addTasksFromText('Read *errand today', { ...d, dismissed: [{ start: 5, end: 12 }] });
    expect(created[0].task.title).toBe('Read *errand');
    expect(created[0].task.dueDate).not.toBeNull();
    expect(d.addLabelToTask).not.toHaveBeenCalled();
  });
});
