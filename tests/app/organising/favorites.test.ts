// List favorites: optimistic flip, rollback on failure, refused for the favorites pseudo list and archived lists.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { appStore } from '../../../src/state/store';
import { namespacesAtom, listsByIdAtom } from '../../../src/state/namespaces';
import { normalizeNamespace } from '../../../src/api/namespaces';
import { normalizeList } from '../../../src/api/lists';

const updateList = vi.hoisted(() => vi.fn());
vi.mock('../../../src/api/lists', async (orig) => ({ ...(await orig<typeof import('../../../src/api/lists')>()), updateList }));
vi.mock('../../../src/api/namespaces', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/namespaces')>()),
  getAllNamespaces: vi.fn(async () => appStore.get(namespacesAtom)),
}));
const toast = vi.hoisted(() => ({ success: vi.fn(async () => undefined), error: vi.fn(async () => undefined) }));
vi.mock('../../../src/app/toast', () => toast);

const seed = () =>
  appStore.set(namespacesAtom, [
    normalizeNamespace({ id: 1, title: 'Home', lists: [normalizeList({ id: 5, title: 'A', namespaceId: 1 }), normalizeList({ id: 6, title: 'Old', namespaceId: 1, isArchived: true })] }),
  ]);

describe('toggleListFavorite', () => {
  beforeEach(() => {
    seed();
    updateList.mockReset();
    toast.error.mockClear();
  });

  it('saves the flipped flag', async () => {
    updateList.mockImplementation(async (l: unknown) => l);
    const { toggleListFavorite } = await import('../../../commands/organising');
    await toggleListFavorite(5);
    expect(updateList).toHaveBeenCalledWith(expect.objectContaining({ id: 5, isFavorite: true }), expect.objectContaining({ onMerged: expect.any(Function) }));
    expect(appStore.get(listsByIdAtom).get(5)?.isFavorite).toBe(true);
  });

  it('rolls back and shows the error when saving fails', async () => {
    updateList.mockRejectedValue(new Error('nope'));
    const { toggleListFavorite } = await import('../../../commands/organising');
    await toggleListFavorite(5);
    expect(appStore.get(listsByIdAtom).get(5)?.isFavorite).toBe(false);
    expect(toast.error).toHaveBeenCalled();
  });

  it('does nothing for the favorites pseudo list or an archived list', async () => {
    const { toggleListFavorite } = await import('../../../commands/organising');
    await toggleListFavorite(-1);
    await toggleListFavorite(6);
    expect(updateList).not.toHaveBeenCalled();
  });
});
