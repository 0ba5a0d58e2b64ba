// The task detail opened over the kanban board: a change made in the detail shows on the card at once, without a reload.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeTask, renderApp } from './fixtures';
import type { Task } from '../../../src/api/tasks';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/lists', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/lists')>()),
  getList: vi.fn(async (id: number) => ({ id, title: 'Garden', maxRight: 2, isArchived: false, hexColor: '', isFavorite: false })),
}));
vi.mock('../../../src/api/buckets', async (orig) => ({ ...(await orig<typeof import('../../../src/api/buckets')>()), getBuckets: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../../src/api/tasks')>()), getTask: vi.fn(), updateTask: vi.fn() }));
vi.mock('../../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../../src/api/labels')>()), getAllLabels: vi.fn(async () => []) }));
const bucketsApi = vi.mocked(await import('../../../src/api/buckets'));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const { error: toastError } = vi.mocked(await import('../../../src/app/toast'));
const { default: KanbanView } = await import('../../../src/views/lists/KanbanView');
const { TaskDetail } = await import('../../../src/views/tasks/TaskDetail');

const LIST = 31;
let loadsOnOpen = 0;
const card = () => makeTask({ id: 77, title: 'Prune roses', listId: LIST, bucketId: 1, kanbanPosition: 65536 });

beforeEach(() => {
  vi.clearAllMocks();
  bucketsApi.getBuckets.mockResolvedValue([
    { id: 1, title: 'To do', listId: LIST, limit: 0, isDoneBucket: false, position: 1, tasks: [card()] },
    { id: 2, title: 'Done', listId: LIST, limit: 0, isDoneBucket: true, position: 2, tasks: [] },
  ]);
  tasksApi.getTask.mockImplementation(async () => card());
});

async function openOverBoard() {
  renderApp(
    <>
      <KanbanView params={{ listId: String(LIST) }} />
      <TaskDetail taskId={77} />
    </>,
  );
  const todo = await screen.findByRole('region', { name: 'To do' });
  await within(todo).findByRole('link', { name: /Prune roses/ });
  const title = await screen.findByRole('textbox', { name: 'Task title' });
  // Editable once the task's list (and its rights) has arrived.
  await waitFor(() => expect(title).not.toHaveAttribute('readonly'));
  // The board loaded its buckets, and the detail its bucket picker; nothing may load them again from here on.
  loadsOnOpen = bucketsApi.getBuckets.mock.calls.length;
  return title;
}

describe('task detail over the kanban board', () => {
  it('a title edited in the detail shows on the card without a reload', async () => {
    tasksApi.updateTask.mockImplementation(async (t: Task) => ({ ...t }));
    const title = await openOverBoard();
    fireEvent.change(title, { target: { value: 'Prune the roses hard' } });
    fireEvent.blur(title);
    const todo = screen.getByRole('region', { name: 'To do' });
    expect(await within(todo).findByRole('link', { name: /Prune the roses hard/ })).toBeInTheDocument();
    expect(bucketsApi.getBuckets).toHaveBeenCalledTimes(loadsOnOpen);
  });

  it('done in the detail moves the card to the done bucket the server put it in', async () => {
    tasksApi.updateTask.mockImplementation(async (t: Task) => ({ ...t, bucketId: t.done ? 2 : 1 }));
    await openOverBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    const done = screen.getByRole('region', { name: 'Done' });
    expect(await within(done).findByRole('link', { name: /Prune roses/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'To do' })).queryByRole('link', { name: /Prune roses/ })).toBeNull();
    expect(bucketsApi.getBuckets).toHaveBeenCalledTimes(loadsOnOpen);
  });

  it('a refused edit goes back on the card and in the detail, and says why', async () => {
    tasksApi.updateTask.mockRejectedValue(new Error('No rights'));
    const title = await openOverBoard();
    fireEvent.change(title, { target: { value: 'Renamed' } });
    fireEvent.blur(title);
    await waitFor(() => expect(toastError).toHaveBeenCalled());
    const todo = screen.getByRole('region', { name: 'To do' });
    expect(within(todo).getByRole('link', { name: /Prune roses/ })).toBeInTheDocument();
    await waitFor(() => expect(title).toHaveValue('Prune roses'));
  });
});
