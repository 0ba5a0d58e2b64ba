// A start from the local copy shows what still waits in the outbox over it: a task created offline (which the copy's
// idle-time write may not have kept before the page went) in its list, and a change waiting on a task the copy has.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from '../tasks/fixtures';
import { ApiError } from '../../../src/api/apiError';

vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../../src/api/tasks', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/tasks')>()),
  createTask: vi.fn(),
  updateTask: vi.fn(),
  getTask: vi.fn(),
}));
const tasksApi = vi.mocked(await import('../../../src/api/tasks'));
const { appStore } = await import('../../../src/state/store');
const { clearStore } = await import('../../../src/state/entities');
const { listTasksAtom, taskAtomFamily } = await import('../../../src/state/tasks');
const { flushOutbox, outboxStateAtom } = await import('../../../src/outbox/current');
const { putCopyInStore } = await import('../../../src/local/readCopy');
const actions = await import('../../../src/actions');

const networkDown = () => new ApiError({ status: 0, message: '[PUT] "/api/v1/lists/7/tasks": <no response> Failed to fetch' });
let online = true;
const paint = makeTask({ id: 11, title: 'Paint the fence', listId: 7 });
const queryKey = JSON.stringify({ filters: [{ field: 'done', comparator: 'equals', value: 'false' }] });

beforeEach(() => {
  vi.clearAllMocks();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  tasksApi.createTask.mockRejectedValue(networkDown());
  tasksApi.updateTask.mockRejectedValue(networkDown());
});

afterEach(async () => {
  online = true;
  tasksApi.createTask.mockImplementation(async (listId, fields) => ({ ...makeTask({ ...fields, id: 99, listId }) }));
  tasksApi.updateTask.mockImplementation(async (task) => task);
  flushOutbox();
  await vi.waitFor(() => expect(appStore.get(outboxStateAtom).entries).toEqual([]));
});

describe('a start from the local copy with writes waiting in the outbox', () => {
  it('lists the task created offline and shows the waiting change, though the copy has neither', async () => {
    online = false;
    appStore.set(listTasksAtom(7), { tasks: [paint], loading: false, loaded: true, queryKey });
    const added = await actions.tasks.create(7, { title: 'Added offline' });
    expect(added.id).toBeLessThan(0);
    await actions.tasks.update({ ...paint, title: 'Paint the gate' });
    expect(appStore.get(outboxStateAtom).entries).toHaveLength(2);

    // A reload: the store empties and the copy, written before either write, comes back.
    clearStore();
    putCopyInStore({ tasks: [paint], lists: [], namespaces: [], labels: [], queries: [{ listId: 7, ids: [11], queryKey }], boards: [], meta: {} });

    const shown = appStore.get(listTasksAtom(7)).tasks;
    expect(shown.map((t) => t.title).sort()).toEqual(['Added offline', 'Paint the gate']);
    expect(taskAtomFamily.peek(added.id)).toMatchObject({ title: 'Added offline', listId: 7 });
  });
});
