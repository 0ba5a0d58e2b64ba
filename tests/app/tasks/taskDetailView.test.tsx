// The task detail as a component: title saved (and rolled back when refused), letter shortcuts focus fields,
import '../cmdkDom';
// delete asks first, archived lists are read-only.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appStore } from '../../../src/state/store';
import { taskFieldRequestAtom } from '../../../src/state/taskDetail';
import { makeTask, renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  getTask: vi.fn(),
  updateTask: vi.fn(),
  deleteTask: vi.fn(),
}));
vi.mock('../../../src/api/lists', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/lists')>()),
  getList: vi.fn(),
}));
vi.mock('../../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../../src/api/labels')>()), getAllLabels: vi.fn(async () => []) }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const listsApi = vi.mocked(await import('../../../src/api/lists'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { TaskDetail } = await import('../../../src/views/tasks/TaskDetail');

const task = makeTask({ id: 5, title: 'Prune the apple tree', listId: 3, identifier: 'GAR-5', index: 5 });
const list = (over = {}) => ({ id: 3, title: 'Garden', maxRight: 1, isArchived: false, hexColor: '', isFavorite: false, ...over }) as never;

beforeEach(() => {
  vi.clearAllMocks();
  Element.prototype.scrollIntoView = vi.fn(); // jsdom has no layout
  tasksApi.getTask.mockResolvedValue(task);
  listsApi.getList.mockResolvedValue(list());
});

async function open(onClose?: () => void) {
  renderApp(<TaskDetail taskId={5} onClose={onClose} />);
  const title = await screen.findByRole('textbox', { name: 'Task title' });
  await screen.findByText(/Garden ›/);
  return title;
}

describe('task detail', () => {
  it('shows the identifier and saves an edited title on Enter', async () => {
    tasksApi.updateTask.mockImplementation(async (t) => t);
    const title = await open();
    expect(screen.getByText(/GAR-5/)).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'Prune the pear tree' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    fireEvent.blur(title);
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalledWith(expect.objectContaining({ id: 5, title: 'Prune the pear tree' }), expect.anything()));
    expect(tasksApi.updateTask).toHaveBeenCalledTimes(1);
  });

  it('puts the title back and says why when the server refuses it', async () => {
    tasksApi.updateTask.mockRejectedValue(new Error('You do not have the permission to do that.'));
    const title = await open();
    fireEvent.change(title, { target: { value: 'Something else' } });
    fireEvent.blur(title);
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    await waitFor(() => expect(title).toHaveValue('Prune the apple tree'));
    expect(tasksApi.updateTask).toHaveBeenCalledTimes(1);
  });

  it('an empty title is not saved: the old one comes back', async () => {
    const title = await open();
    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.blur(title);
    expect(title).toHaveValue('Prune the apple tree');
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
  });

  it('a letter shortcut (l) focuses its field', async () => {
    await open();
    act(() => appStore.set(taskFieldRequestAtom, { field: 'labels', nonce: Date.now() }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Add a label' })));
  });

  it('deletes only after the confirmation, then closes', async () => {
    tasksApi.deleteTask.mockResolvedValue(undefined as never);
    const onClose = vi.fn();
    await open(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Delete this task' }));
    expect(tasksApi.deleteTask).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Delete this task' });
    fireEvent.click(within(dialog).getByRole('button', { name: /do it/i }));
    await waitFor(() => expect(tasksApi.deleteTask).toHaveBeenCalledWith(5));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('is read-only in an archived list: no editing, no delete, the note shown', async () => {
    listsApi.getList.mockResolvedValue(list({ isArchived: true }));
    const title = await open();
    expect(await screen.findByText(/This list is archived/)).toBeInTheDocument();
    expect(title).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete this task' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add a label' })).toBeNull();
  });
});
