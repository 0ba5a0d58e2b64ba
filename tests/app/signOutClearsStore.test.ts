// Signing out empties the store in one call: after signing in as someone else, none of the first person's entities remain.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../src/state/store';
import { setNavigator } from '../../src/state/navigator';
import { fakeToken } from './helpers';
import { makeTask } from './tasks/fixtures';

vi.mock('../../src/api/user', () => ({
  currentUser: vi.fn(),
  renewToken: vi.fn(),
  linkShareAuth: vi.fn(),
  login: vi.fn(),
  register: vi.fn(),
  saveGeneralSettings: vi.fn(),
}));

const userApi = vi.mocked(await import('../../src/api/user'));
const session = await import('../../src/state/session');
const { putTasks, taskAtomFamily, listTasksAtom } = await import('../../src/state/tasks');
const { boardAtom } = await import('../../src/state/kanbanBoard');
const { labelsAtom, namespacesAtom, listsByIdAtom, listAtomFamily, namespaceAtomFamily, labelAtomFamily } = await import('../../src/state/namespaces');
const { teamsAtom, teamAtomFamily, putTeams } = await import('../../src/state/teams');
const { notificationsAtom } = await import('../../src/state/notifications');

const tokenOf = (id: number, username: string) => fakeToken({ type: 1, id, username, exp: Math.floor(Date.now() / 1000) + 3600 });
const ADA_TASK = makeTask({ id: 41, title: 'Ada’s secret plan', listId: 7, bucketId: 3 });

/** Everything of Ada's that a view could show, put where the views' loads put it. */
function fillAsAda() {
  putTasks([ADA_TASK]);
  appStore.set(listTasksAtom(7), { tasks: [ADA_TASK], loading: false, loaded: true, queryKey: 'q' });
  appStore.set(boardAtom(7), [{ id: 3, title: 'To do', listId: 7, limit: 0, isDoneBucket: false, position: 1, tasks: [ADA_TASK] }]);
  appStore.set(labelsAtom, [{ id: 5, title: 'ada-only', hexColor: '', description: '' } as never]);
  appStore.set(namespacesAtom, [{ id: 2, title: 'Ada’s namespace', maxRight: 2, lists: [{ id: 7, title: 'Ada’s list', namespaceId: 2, position: 1, maxRight: 2 }] } as never]);
  putTeams([{ id: 4, name: 'Ada’s team', description: '', members: [], maxRight: 2 }]);
  appStore.set(notificationsAtom, [{ id: 9, name: 'task.comment', readAt: null } as never]);
}

beforeEach(() => {
  localStorage.clear();
  setNavigator(vi.fn());
  userApi.currentUser.mockImplementation(async () => {
    const claims = session.parseToken(localStorage.getItem('token') ?? '');
    return { id: claims?.id ?? 0, username: String(claims?.username ?? ''), settings: { language: 'en' } } as never;
  });
});

describe('signing out', () => {
  it('leaves none of the first person’s entities in the store for the next one', async () => {
    userApi.login.mockResolvedValueOnce({ token: tokenOf(1, 'ada') });
    await session.login({ username: 'ada', password: 'pw', longToken: false });
    fillAsAda();
    expect(taskAtomFamily.ids()).toEqual([41]);
    expect([listAtomFamily.ids(), namespaceAtomFamily.ids(), labelAtomFamily.ids(), teamAtomFamily.ids()]).toEqual([[7], [2], [5], [4]]);

    await session.logout();
    userApi.login.mockResolvedValueOnce({ token: tokenOf(2, 'bob') });
    await session.login({ username: 'bob', password: 'pw', longToken: false });

    expect(appStore.get(session.userAtom)?.username).toBe('bob');
    expect(taskAtomFamily.ids()).toEqual([]);
    expect(appStore.get(taskAtomFamily(41))).toBeUndefined();
    expect(appStore.get(listTasksAtom(7))).toMatchObject({ tasks: [], loaded: false });
    expect(appStore.get(boardAtom(7))).toBeNull();
    expect(appStore.get(labelsAtom)).toEqual([]);
    expect(appStore.get(namespacesAtom)).toEqual([]);
    expect(appStore.get(listsByIdAtom).size).toBe(0);
    // Each kind by id, not only the collections over them: a view reading list 7 by id finds nothing either.
    expect([listAtomFamily.ids(), namespaceAtomFamily.ids(), labelAtomFamily.ids(), teamAtomFamily.ids()]).toEqual([[], [], [], []]);
    expect(appStore.get(listAtomFamily(7))).toBeUndefined();
    expect(appStore.get(namespaceAtomFamily(2))).toBeUndefined();
    expect(appStore.get(labelAtomFamily(5))).toBeUndefined();
    expect(appStore.get(teamAtomFamily(4))).toBeUndefined();
    expect(appStore.get(teamsAtom)).toBeNull();
    expect(appStore.get(notificationsAtom)).toEqual([]);
  });

  it('a view still showing the task on sign-out sees it go, and a task loaded again shows in the same atom', async () => {
    fillAsAda();
    const atom = taskAtomFamily(41);
    const seen: unknown[] = [];
    const stop = appStore.sub(atom, () => seen.push(appStore.get(atom)));
    await session.logout();
    expect(seen).toEqual([undefined]);
    putTasks([{ ...ADA_TASK, title: 'Loaded again' }]);
    expect(appStore.get(atom)?.title).toBe('Loaded again');
    stop();
  });
});
