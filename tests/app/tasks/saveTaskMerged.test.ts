// Saving a task tells the person, in a toast, when their edit was merged with someone else's change.
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  updateTask: vi.fn(async (task: { id: number }, opts?: { onMerged?: () => void }) => {
    opts?.onMerged?.();
    return task;
  }),
}));
vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

describe('saving a task after a merged conflict', () => {
  it('shows the merge toast', async () => {
    const toast = vi.mocked(await import('../../../src/app/toast'));
    const { update } = await import('../../../src/actions/tasks');
    await update({ id: 1, title: 't', reminderDates: [] } as never);
    expect(toast.success).toHaveBeenCalledWith('task.conflictMerged');
  });
});
