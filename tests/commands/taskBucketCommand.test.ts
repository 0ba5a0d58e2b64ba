// The palette's pick page for the open task's bucket: the other buckets of its list as choices, the pick saved.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../src/state/store';
import { openTaskIdAtom } from '../../src/state/taskDetail';
import { bucketChoicesAtom, setBucketChoices } from '../../src/state/bucketChoices';
import { putTasks } from '../../src/state/tasks';
import { taskFromApi } from '../../src/api/tasks';
import { createRegistry, type CommandContext } from '../../commands/registry';

vi.mock('../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../src/api/tasks')>()), getTask: vi.fn(), updateTask: vi.fn() }));
vi.mock('../../src/api/buckets', async (orig) => ({ ...(await orig<typeof import('../../src/api/buckets')>()), getBuckets: vi.fn() }));
const tasksApi = vi.mocked(await import('../../src/api/tasks'));
const bucketsApi = vi.mocked(await import('../../src/api/buckets'));
const toast = vi.mocked(await import('../../src/app/toast'));
const { taskCommands, taskBucketCommand } = await import('../../commands/tasks');
const { kanbanCommands } = await import('../../commands/kanban');

const ctx: CommandContext = { navigate: vi.fn(), routeName: 'task.detail', signedIn: true, listId: null, fromPalette: true };
const bucket = (id: number, title: string) => ({ id, title, listId: 3, limit: 0, tasks: [], isDoneBucket: false, position: id });

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(openTaskIdAtom, 5);
  tasksApi.getTask.mockResolvedValue({ ...taskFromApi({ id: 5, title: 'Prune', list_id: 3, index: 5, identifier: 'GAR-5' }), bucketId: 1 });
  tasksApi.updateTask.mockImplementation(async (x) => x);
  bucketsApi.getBuckets.mockResolvedValue([bucket(1, 'To do'), bucket(2, 'Doing'), bucket(3, 'Done')]);
});

describe('task.setBucket', () => {
  it('offers the other buckets of the open task\'s list', async () => {
    expect(await taskBucketCommand.pick!.options(ctx, '')).toEqual([
      { id: '2', title: 'Doing' },
      { id: '3', title: 'Done' },
    ]);
    expect(bucketsApi.getBuckets).toHaveBeenCalledWith(3);
  });

  it('saves the picked bucket and says where the task went', async () => {
    await taskBucketCommand.run(ctx, '2');
    expect(tasksApi.updateTask).toHaveBeenCalledWith(expect.objectContaining({ id: 5, bucketId: 2 }), expect.anything());
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining('Doing'));
  });

  it('is listed only while a task is open', () => {
    putTasks([{ ...taskFromApi({ id: 5, title: 'Prune', list_id: 3, index: 5, identifier: 'GAR-5' }), bucketId: 1 }]);
    setBucketChoices(3, [{ id: 1, title: 'To do' }]);
    const registry = createRegistry();
    registry.registerAll([...taskCommands, ...kanbanCommands]);
    expect(registry.isVisible(taskBucketCommand, ctx)).toBe(true);
    appStore.set(openTaskIdAtom, null);
    expect(registry.isVisible(taskBucketCommand, ctx)).toBe(false);
  });

  it('is not listed when the open task\'s list has no buckets (or they have not been read)', () => {
    putTasks([{ ...taskFromApi({ id: 5, title: 'Prune', list_id: 3, index: 5, identifier: 'GAR-5' }), bucketId: 0 }]);
    appStore.set(bucketChoicesAtom, new Map());
    const registry = createRegistry();
    registry.registerAll([...taskCommands, ...kanbanCommands]);
    expect(registry.isVisible(taskBucketCommand, ctx)).toBe(false);
    setBucketChoices(3, []);
    expect(registry.isVisible(taskBucketCommand, ctx)).toBe(false);
    setBucketChoices(3, [{ id: 1, title: 'To do' }]);
    expect(registry.isVisible(taskBucketCommand, ctx)).toBe(true);
  });

  it('b with a task open asks the task for its bucket field, not the board', () => {
    const registry = createRegistry();
    registry.registerAll([...taskCommands, ...kanbanCommands]);
    const forB = registry.list().filter((c) => c.keys?.includes('b'));
    expect(forB.map((c) => c.id)).toEqual(['task.bucket', 'kanban.moveToBucket']);
    expect(registry.isApplicable(forB[0], { ...ctx, fromPalette: false })).toBe(true);
  });
});
