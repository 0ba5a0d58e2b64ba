// The repeat amount: 0 or less gets the spec's "please enter more than 0" and is not saved; an emptied field is
// how the detail says "no repeat", and saves amount 0.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Task } from '../../../src/api/tasks';
import { makeTask, renderApp } from './fixtures';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  getTask: vi.fn(),
  updateTask: vi.fn(),
}));
vi.mock('../../../src/api/lists', async (orig) => ({ ...(await orig<typeof import('../../../src/api/lists')>()), getList: vi.fn() }));
vi.mock('../../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../../src/api/labels')>()), getAllLabels: vi.fn(async () => []) }));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const listsApi = vi.mocked(await import('../../../src/api/lists'));
const { TaskDetail } = await import('../../../src/views/tasks/TaskDetail');

const ERROR = 'Please enter more than 0.';

beforeEach(() => {
  vi.clearAllMocks();
  Element.prototype.scrollIntoView = vi.fn();
  tasksApi.updateTask.mockImplementation(async (t) => t as Task);
  listsApi.getList.mockResolvedValue({ id: 3, title: 'Garden', maxRight: 1, isArchived: false, hexColor: '', isFavorite: false } as never);
});

async function open(task: Task) {
  tasksApi.getTask.mockResolvedValue(task);
  renderApp(<TaskDetail taskId={task.id} />);
  await screen.findByText(/Garden ›/);
  return screen.getByRole('spinbutton', { name: 'Repeat every (amount)' });
}
const repeating = () => makeTask({ id: 5, listId: 3, repeatAfter: { amount: 2, type: 'days' } });
const once = () => makeTask({ id: 5, listId: 3 });

describe('repeat amount', () => {
  it('0 shows the error and is not saved', async () => {
    const amount = await open(repeating());
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.blur(amount);
    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
    // The typed text stays, so it can be corrected.
    expect(amount).toHaveValue(0);
  });

  it('0 on a task without a repeat also says so', async () => {
    const amount = await open(once());
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.blur(amount);
    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
  });

  it('0 with a unit change is refused too', async () => {
    const amount = await open(repeating());
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Repeat unit' }), { target: { value: 'weeks' } });
    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
  });

  it('negative amounts are refused', async () => {
    const amount = await open(repeating());
    fireEvent.change(amount, { target: { value: '-1' } });
    fireEvent.blur(amount);
    expect(await screen.findByText(ERROR)).toBeInTheDocument();
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
  });

  it('an emptied field removes the repeat (saved as amount 0), with no error', async () => {
    const amount = await open(repeating());
    expect(amount).toHaveValue(2);
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalledWith(expect.objectContaining({ repeatAfter: { amount: 0, type: 'days' } }), expect.anything()));
    expect(screen.queryByText(ERROR)).toBeNull();
  });

  it('a task without a repeat shows an empty amount, and leaving it empty saves nothing', async () => {
    const amount = await open(once());
    expect(amount).toHaveValue(null);
    fireEvent.blur(amount);
    fireEvent.change(screen.getByRole('combobox', { name: 'Repeat unit' }), { target: { value: 'weeks' } });
    expect(screen.queryByText(ERROR)).toBeNull();
    expect(tasksApi.updateTask).not.toHaveBeenCalled();
  });

  it('a positive amount is saved and clears an earlier error', async () => {
    const amount = await open(repeating());
    fireEvent.change(amount, { target: { value: '0' } });
    fireEvent.blur(amount);
    await screen.findByText(ERROR);
    fireEvent.change(amount, { target: { value: '3' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(tasksApi.updateTask).toHaveBeenCalledWith(expect.objectContaining({ repeatAfter: { amount: 3, type: 'days' } }), expect.anything()));
    expect(screen.queryByText(ERROR)).toBeNull();
  });
});
