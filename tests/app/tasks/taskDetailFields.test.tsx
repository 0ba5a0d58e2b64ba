// Task detail letters open their field with the focus in its input (caret at the end); Enter saves, Escape cancels
// and gives the focus back inside the task. Assign by a partial name, add an existing label, move, due date in words.
import '../cmdkDom';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore } from '../../../src/state/store';
import { taskFieldRequestAtom, type TaskField } from '../../../src/state/taskDetail';
import { labelsAtom, labelsLoadedAtom, namespacesAtom } from '../../../src/state/namespaces';
import { makeTask, renderApp } from './fixtures';
import { setLanguage } from '../../../src/i18n';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  getTask: vi.fn(),
  updateTask: vi.fn(),
}));
vi.mock('../../../src/api/lists', async (orig) => ({ ...(await orig<typeof import('../../../src/api/lists')>()), getList: vi.fn() }));
vi.mock('../../../src/api/assignees', () => ({ listUsers: vi.fn(), searchUsers: vi.fn(async () => []), addAssignee: vi.fn(), removeAssignee: vi.fn() }));
vi.mock('../../../src/api/taskLabels', () => ({ addLabelToTask: vi.fn(), removeLabelFromTask: vi.fn() }));
vi.mock('../../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../../src/api/labels')>()), createLabel: vi.fn() }));
vi.mock('../../../src/api/buckets', async (orig) => ({ ...(await orig<typeof import('../../../src/api/buckets')>()), getBuckets: vi.fn() }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const listsApi = vi.mocked(await import('../../../src/api/lists'));
const assigneesApi = vi.mocked(await import('../../../src/api/assignees'));
const taskLabelsApi = vi.mocked(await import('../../../src/api/taskLabels'));
const labelsApi = vi.mocked(await import('../../../src/api/labels'));
const bucketsApi = vi.mocked(await import('../../../src/api/buckets'));
const { TaskDetail } = await import('../../../src/views/tasks/TaskDetail');

const task = makeTask({ id: 5, title: 'Prune the apple tree', listId: 3, identifier: 'GAR-5', index: 5, description: 'Use the long shears' });
const list = (id: number, title: string) =>
  ({ id, title, namespaceId: 1, maxRight: 1, isArchived: false, hexColor: '', isFavorite: false, position: id }) as never;
const label = (id: number, title: string) => ({ id, title, hexColor: 'e8e8e8', textColor: '4a4a4a', maxRight: 2, description: '' }) as never;

beforeEach(() => {
  vi.clearAllMocks();
  Element.prototype.scrollIntoView = vi.fn();
  tasksApi.getTask.mockResolvedValue(task);
  tasksApi.updateTask.mockImplementation(async (x) => x);
  listsApi.getList.mockResolvedValue(list(3, 'Garden'));
  assigneesApi.listUsers.mockResolvedValue([
    { id: 1, username: 'bob', name: 'Bob Stone' },
    { id: 2, username: 'alice', name: 'Alice Martin' },
  ]);
  appStore.set(namespacesAtom, [{ id: 1, title: 'Home', lists: [list(3, 'Garden'), list(4, 'Weekend Errands'), list(6, 'Work')] }] as never);
  appStore.set(labelsAtom, [label(7, 'family'), label(8, 'urgent')]);
  appStore.set(labelsLoadedAtom, true);
  bucketsApi.getBuckets.mockResolvedValue([]);
});

const bucket = (id: number, title: string) => ({ id, title, listId: 3, limit: 0, tasks: [], isDoneBucket: false, position: id });

async function open() {
  renderApp(<TaskDetail taskId={5} />);
  await screen.findByText(/Garden ›/);
}
const press = (field: TaskField) => act(() => appStore.set(taskFieldRequestAtom, { field, nonce: Math.random() }));
const focused = () => document.activeElement as HTMLInputElement;
const type = (value: string) => fireEvent.change(focused(), { target: { value } });
const key = (k: string) => fireEvent.keyDown(focused(), { key: k });

describe('task detail fields by keyboard', () => {
  it('a: assigns by a partial name with Enter, and the focus comes back to the field button', async () => {
    await open();
    press('assignees');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('combobox', { name: 'Assign a user' })));
    await waitFor(() => expect(screen.getByRole('option', { name: /Alice Martin/ })).toBeInTheDocument());
    type('ali');
    key('Enter');
    await waitFor(() => expect(assigneesApi.addAssignee).toHaveBeenCalledWith(5, 2));
    expect(screen.queryByRole('combobox', { name: 'Assign a user' })).toBeNull();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Assign a user' }));
    expect(await screen.findByRole('button', { name: 'Unassign Alice Martin' })).toBeInTheDocument();
  });

  it('l: Enter after "fam" adds the existing label "family" rather than creating "fam"', async () => {
    await open();
    press('labels');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('combobox', { name: 'Add a label' })));
    type('fam');
    expect(
      within(screen.getByRole('listbox', { name: 'Add a label' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['family', 'Create label “fam”']);
    key('Enter');
    await waitFor(() => expect(taskLabelsApi.addLabelToTask).toHaveBeenCalledWith(5, 7));
    expect(labelsApi.createLabel).not.toHaveBeenCalled();
  });

  it('m: moves to a list found by part of its name', async () => {
    await open();
    press('move');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('combobox', { name: 'Move to list' })));
    type('week');
    key('Enter');
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalledWith(expect.objectContaining({ id: 5, listId: 4, bucketId: 0 }), expect.anything()));
  });

  it('b: puts the task in another kanban bucket found by part of its name', async () => {
    bucketsApi.getBuckets.mockResolvedValue([bucket(1, 'To do'), bucket(2, 'Doing'), bucket(3, 'Done')]);
    tasksApi.getTask.mockResolvedValue({ ...task, bucketId: 1 });
    await open();
    // Pressed before the buckets arrived, the letter still opens the picker once they are there.
    press('bucket');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('combobox', { name: 'Bucket' })));
    expect(screen.getByRole('option', { name: 'To do' })).toHaveAttribute('aria-current', 'true');
    type('doi');
    key('Enter');
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalledWith(expect.objectContaining({ id: 5, listId: 3, bucketId: 2 }), expect.anything()));
    expect(focused()).toBe(screen.getByRole('button', { name: 'Bucket: Doing' }));
    expect(bucketsApi.getBuckets).toHaveBeenCalledWith(3);
  });

  it('b: a list without buckets has no bucket field', async () => {
    await open();
    await waitFor(() => expect(bucketsApi.getBuckets).toHaveBeenCalled());
    press('bucket');
    expect(screen.queryByRole('button', { name: /^Bucket/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Bucket' })).toBeNull();
  });

  it('d: reads a due date in words, shows what it understood and saves it with Enter', async () => {
    await open();
    press('dueDate');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('textbox', { name: 'Due date in words' })));
    type('tomorrow 5pm');
    await waitFor(() => expect(focused()).toHaveAccessibleDescription(/Reads as/), { timeout: 5000 });
    key('Enter');
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalled());
    const saved = tasksApi.updateTask.mock.calls[0][0].dueDate!;
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    expect([saved.getDate(), saved.getHours(), saved.getMinutes()]).toEqual([tomorrow.getDate(), 17, 0]);
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Type a due date' })));
  });

  it('d: reads the same words as quick-add in the UI language ("завтра"), at the default time', async () => {
    await act(() => setLanguage('ru-RU', false));
    try {
      await open();
      press('dueDate');
      const field = await screen.findByRole('textbox', { name: 'Срок словами' }, { timeout: 5000 });
      await waitFor(() => expect(focused()).toBe(field));
      type('завтра');
      key('Enter');
      await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalled());
      const saved = tasksApi.updateTask.mock.calls[0][0].dueDate!;
      const tomorrow = new Date();
      tomorrow.setDate(tomorrow.getDate() + 1);
      expect([saved.getDate(), saved.getHours(), saved.getMinutes(), saved.getSeconds(), saved.getMilliseconds()]).toEqual([tomorrow.getDate(), 9, 0, 0, 0]);
    } finally {
      await act(() => setLanguage('en', false));
    }
  });

  it('d: text that is not a date is refused with a message, nothing is saved', async () => {
    await open();
    press('dueDate');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('textbox', { name: 'Due date in words' })));
    type('whenever');
    key('Enter');
    await waitFor(() => expect(focused()).toHaveAccessibleDescription(/“whenever” is not a date/), { timeout: 5000 });
    expect(focused()).toHaveAttribute('aria-invalid', 'true');
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
  });

  it('Escape cancels a field and puts the focus back on its button, saving nothing', async () => {
    await open();
    press('move');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('combobox', { name: 'Move to list' })));
    type('work');
    key('Escape');
    expect(screen.queryByRole('combobox', { name: 'Move to list' })).toBeNull();
    expect(focused()).toBe(screen.getByRole('button', { name: 'Move to list: Garden' }));
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
  });

  it('e: opens the description with the caret after the text; Escape returns the focus to its button', async () => {
    await open();
    press('description');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('textbox', { name: 'Description' })));
    expect(focused().selectionStart).toBe('Use the long shears'.length);
    key('Escape');
    await waitFor(() => expect(focused()).toBe(screen.getByRole('button', { name: 'Edit the description' })));
  });
});

describe('a letter pressed as the task opens', () => {
  it('waits for the task and its list instead of being dropped', async () => {
    let resolveList: (l: never) => void = () => undefined;
    listsApi.getList.mockReturnValue(new Promise((r) => (resolveList = r)));
    renderApp(<TaskDetail taskId={5} />);
    await screen.findByRole('textbox', { name: 'Task title' });
    press('labels');
    expect(screen.queryByRole('combobox', { name: 'Add a label' })).toBeNull();
    await act(async () => resolveList(list(3, 'Garden')));
    await waitFor(() => expect(focused()).toBe(screen.getByRole('combobox', { name: 'Add a label' })));
  });
});
