// Undo after marking a task done in a list view that hides done tasks puts the row back where it was.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { makeTask } from './fixtures';
import type { Task } from '../../../src/api/tasks';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  updateTask: vi.fn(async (t: Task) => ({ ...t })),
}));
const { success } = vi.mocked(await import('../../../src/app/toast'));
const { useTaskActions } = await import('../../../src/views/lists/ListView');
const { listTasksAtom } = await import('../../../src/state/tasks');
const { appStore } = await import('../../../src/state/store');

const LIST = 71;
const ids = () => appStore.get(listTasksAtom(LIST)).tasks.map((t) => t.id);
/** Waits for the toast of the latest save and returns its Undo. */
async function lastUndo(): Promise<() => void> {
  await vi.waitFor(() => expect(success).toHaveBeenCalled());
  const action = success.mock.calls.at(-1)![1]!;
  success.mockClear();
  return action.onClick;
}

beforeEach(() => {
  success.mockClear();
  appStore.set(listTasksAtom(LIST), {
    tasks: [1, 2, 3].map((id) => makeTask({ id, title: `T${id}`, listId: LIST })),
    loading: false,
    loaded: true,
    queryKey: '',
  });
});

describe('list view done + Undo', () => {
  it('removes the done task, and Undo restores it at the same position (undone)', async () => {
    const { result } = renderHook(() => useTaskActions(LIST, true));
    const middle = appStore.get(listTasksAtom(LIST)).tasks[1];
    act(() => result.current.onDoneChange(middle, true));
    const undo = await lastUndo();
    expect(ids()).toEqual([1, 3]);
    act(() => undo());
    await vi.waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    expect(appStore.get(listTasksAtom(LIST)).tasks[1].done).toBe(false);
    // Undoing the undo hides it again.
    const redo = await lastUndo();
    act(() => redo());
    await vi.waitFor(() => expect(ids()).toEqual([1, 3]));
  });

  it('keeps the row in place when done tasks are shown', async () => {
    const { result } = renderHook(() => useTaskActions(LIST, false));
    act(() => result.current.onDoneChange(appStore.get(listTasksAtom(LIST)).tasks[0], true));
    const undo = await lastUndo();
    expect(ids()).toEqual([1, 2, 3]);
    expect(appStore.get(listTasksAtom(LIST)).tasks[0].done).toBe(true);
    act(() => undo());
    await vi.waitFor(() => expect(appStore.get(listTasksAtom(LIST)).tasks[0].done).toBe(false));
    expect(ids()).toEqual([1, 2, 3]);
  });
});
