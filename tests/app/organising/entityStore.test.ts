// Lists, namespaces, labels and teams live in the store once each, by id: an edit anywhere shows in every query over them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../src/state/store';
import { clearStore } from '../../../src/state/entities';
import { normalizeNamespace } from '../../../src/api/namespaces';
import { normalizeList } from '../../../src/api/lists';
import { normalizeLabel } from '../../../src/api/labels';
import {
  labelAtomFamily,
  labelsAtom,
  listAtomFamily,
  loadLabels,
  listsByIdAtom,
  namespaceAtomFamily,
  namespacesAtom,
  removeLabelFromState,
  removeListFromState,
  upsertLabel,
  upsertList,
} from '../../../src/state/namespaces';
import { teamAtomFamily, teamsAtom } from '../../../src/state/teams';
import { putTasks, taskAtomFamily } from '../../../src/state/tasks';
import { taskFromApi } from '../../../src/api/tasks';

const api = vi.hoisted(() => ({
  updateList: vi.fn(),
  getNamespace: vi.fn(),
  getAllTeams: vi.fn(),
  getTeam: vi.fn(),
  updateTeam: vi.fn(async () => undefined),
  getAllLabels: vi.fn(),
}));
vi.mock('../../../src/api/labels', async (orig) => ({ ...(await orig<typeof import('../../../src/api/labels')>()), getAllLabels: api.getAllLabels }));
vi.mock('../../../src/api/lists', async (orig) => ({ ...(await orig<typeof import('../../../src/api/lists')>()), updateList: api.updateList }));
vi.mock('../../../src/api/namespaces', async (orig) => ({ ...(await orig<typeof import('../../../src/api/namespaces')>()), getNamespace: api.getNamespace }));
vi.mock('../../../src/api/teams', async (orig) => ({ ...(await orig<typeof import('../../../src/api/teams')>()), getAllTeams: api.getAllTeams, getTeam: api.getTeam, updateTeam: api.updateTeam }));
const toast = vi.hoisted(() => ({ success: vi.fn(async () => undefined), error: vi.fn(async () => undefined) }));
vi.mock('../../../src/app/toast', () => toast);

const namespaces = await import('../../../src/actions/namespaces');
const teams = await import('../../../src/actions/teams');

const list = (id: number, namespaceId: number, position: number, extra = {}) => normalizeList({ id, namespaceId, position, title: `List ${id}`, ...extra });
const tree = () => [
  // GET /namespaces shows a favorite list twice: in the favorites pseudo namespace and in its own.
  normalizeNamespace({ id: -2, title: 'Favorites', lists: [list(1, 1, 100, { isFavorite: true })] }),
  normalizeNamespace({ id: 1, title: 'Home', lists: [list(1, 1, 100, { isFavorite: true }), list(2, 1, 200)] }),
  normalizeNamespace({ id: 2, title: 'Work', lists: [list(3, 2, 100)] }),
];
const titlesIn = (nsId: number) => appStore.get(namespacesAtom).find((n) => n.id === nsId)?.lists.map((l) => l.title);

beforeEach(() => {
  clearStore();
  appStore.set(namespacesAtom, tree());
  Object.values(api).forEach((f) => f.mockReset());
  toast.error.mockClear();
});

describe('lists and namespaces by id', () => {
  it('keeps one atom per list, however many namespaces show it', () => {
    expect(listAtomFamily.ids().sort()).toEqual([1, 2, 3]);
    expect(namespaceAtomFamily.ids()).toEqual([-2, 1, 2]);
    expect(appStore.get(namespaceAtomFamily(1))?.listIds).toEqual([1, 2]);
  });

  it('shows a list saved anywhere in every namespace showing it, in the list map and in its own atom', () => {
    upsertList({ ...listAtomFamily.peek(1)!, title: 'Renamed' });
    expect(titlesIn(-2)).toEqual(['Renamed']);
    expect(titlesIn(1)).toEqual(['Renamed', 'List 2']);
    expect(appStore.get(listsByIdAtom).get(1)?.title).toBe('Renamed');
    expect(appStore.get(listAtomFamily(1))?.title).toBe('Renamed');
  });

  it('moves a list whose namespace changed, ordered by position, and takes a deleted one out everywhere', () => {
    upsertList({ ...listAtomFamily.peek(2)!, namespaceId: 2, position: 50 });
    expect(titlesIn(1)).toEqual(['List 1']);
    expect(titlesIn(2)).toEqual(['List 2', 'List 3']);
    removeListFromState(1);
    expect(titlesIn(-2)).toEqual([]);
    expect(appStore.get(listAtomFamily(1))).toBeUndefined();
    expect(appStore.get(listsByIdAtom).has(1)).toBe(false);
  });

  it('keeps the right a single load gave when the sidebar reloads without one, and the same object when nothing changed', async () => {
    api.getNamespace.mockResolvedValue(normalizeNamespace({ id: 2, title: 'Work' }, 2));
    await namespaces.load(2);
    const loaded = appStore.get(namespaceAtomFamily(2));
    expect(loaded).toMatchObject({ title: 'Work', maxRight: 2, listIds: [3] });
    appStore.set(namespacesAtom, tree());
    // A reader of namespace 2 (an open edit form) sees no change, so nothing it holds is reset.
    expect(appStore.get(namespaceAtomFamily(2))).toBe(loaded);
    appStore.set(namespacesAtom, tree().map((ns) => (ns.id === 2 ? { ...ns, title: 'Office' } : ns)));
    expect(appStore.get(namespaceAtomFamily(2))).toMatchObject({ title: 'Office', maxRight: 2 });
  });

  it('moves a list in the sidebar at once and back when the server refuses', async () => {
    api.updateList.mockRejectedValueOnce(new Error('nope'));
    const moving = namespaces.moveList(listAtomFamily.peek(2)!, 2, 50);
    expect(titlesIn(2)).toEqual(['List 2', 'List 3']);
    expect(await moving).toBeNull();
    expect(titlesIn(1)).toEqual(['List 1', 'List 2']);
    expect(titlesIn(2)).toEqual(['List 3']);
    expect(toast.error).toHaveBeenCalled();
  });
});

describe('labels by id', () => {
  it('keeps the visible labels by title over one atom per label', () => {
    appStore.set(labelsAtom, [normalizeLabel({ id: 1, title: 'b' }), normalizeLabel({ id: 2, title: 'c' })]);
    upsertLabel(normalizeLabel({ id: 3, title: 'a' }));
    upsertLabel(normalizeLabel({ id: 2, title: 'aa', hexColor: '00ff00' }));
    expect(appStore.get(labelsAtom).map((l) => l.title)).toEqual(['a', 'aa', 'b']);
    expect(appStore.get(labelAtomFamily(2))?.hexColor).toBe('00ff00');
  });
});

describe('labels on tasks', () => {
  const task = (id: number, labels: { id: number; title: string; hex_color?: string }[]) => taskFromApi({ id, title: `Task ${id}`, labels });

  it('shows a renamed or recoloured label on every task carrying it, and takes a deleted one off them', () => {
    putTasks([task(1, [{ id: 7, title: 'errand', hex_color: 'ff0000' }, { id: 8, title: 'home' }]), task(2, [{ id: 8, title: 'home' }]), task(3, [])]);
    const untouched = taskAtomFamily.peek(3);

    upsertLabel(normalizeLabel({ id: 7, title: 'errands', hexColor: '00ff00' }));
    expect(taskAtomFamily.peek(1)!.labels.map((l) => [l.id, l.title, l.hexColor])).toEqual([
      [7, 'errands', '00ff00'],
      [8, 'home', undefined],
    ]);
    expect(taskAtomFamily.peek(3)).toBe(untouched);

    removeLabelFromState(8);
    expect(taskAtomFamily.peek(1)!.labels.map((l) => l.id)).toEqual([7]);
    expect(taskAtomFamily.peek(2)!.labels).toEqual([]);
  });

  it('does the same when a reload of the labels finds one renamed or gone elsewhere', async () => {
    appStore.set(labelsAtom, [normalizeLabel({ id: 7, title: 'errand' }), normalizeLabel({ id: 8, title: 'home' })]);
    putTasks([task(1, [{ id: 7, title: 'errand' }, { id: 8, title: 'home' }])]);
    api.getAllLabels.mockResolvedValueOnce([normalizeLabel({ id: 7, title: 'shopping' })]);
    await loadLabels();
    expect(taskAtomFamily.peek(1)!.labels.map((l) => [l.id, l.title])).toEqual([[7, 'shopping']]);
  });
});

describe('teams by id', () => {
  const team = { id: 4, name: 'Core', description: '', members: [], maxRight: 2 };

  it('shows a team renamed on its page in the list of teams', async () => {
    api.getAllTeams.mockResolvedValue([team, { ...team, id: 5, name: 'Ops' }]);
    await teams.loadAll();
    expect(appStore.get(teamsAtom)?.map((t) => t.name)).toEqual(['Core', 'Ops']);
    api.getTeam.mockResolvedValue({ ...team, name: 'Platform' });
    await teams.update(team, { name: 'Platform' });
    expect(api.updateTeam).toHaveBeenCalledWith(expect.objectContaining({ id: 4, name: 'Platform' }));
    expect(appStore.get(teamsAtom)?.map((t) => t.name)).toEqual(['Platform', 'Ops']);
    expect(appStore.get(teamAtomFamily(4))?.name).toBe('Platform');
  });

  it('has no teams until they are loaded, and none after sign-out', async () => {
    expect(appStore.get(teamsAtom)).toBeNull();
    api.getAllTeams.mockResolvedValue([team]);
    await teams.loadAll();
    clearStore();
    expect(appStore.get(teamsAtom)).toBeNull();
    expect(teamAtomFamily.ids()).toEqual([]);
  });
});
