// The local copy (src/local) over an in-memory IndexedDB: the store written by id and read back, per user and server,
// never over what the server answered, a list from the copy still asked for, and sign-out deleting the database.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { appStore } from '../../src/state/store';
import { clearStore } from '../../src/state/entities';
import { configAtom } from '../../src/state/config';
import { userAtom, sessionAtom, logout, parseToken } from '../../src/state/session';
import { setNavigator } from '../../src/state/navigator';
import { listTasksAtom, putTasks, taskAtomFamily } from '../../src/state/tasks';
import { labelsAtom, namespacesAtom, listsByIdAtom } from '../../src/state/namespaces';
import { boardAtom } from '../../src/state/kanbanBoard';
import { openCopy, shardOf, type CopyDb } from '../../src/local/localDb';
import { copyName } from '../../src/local/copyNames';
import { diffRecords, mergedShard, shardOps, writeCopy } from '../../src/local/writeCopy';
import { deleteLocalCopy, keepLocalCopy, startFromCopy } from '../../src/local/localCopy';
import { loadListTasks } from '../../src/views/lists/views/useListTasks';
import { defaultFilters } from '../../src/views/lists/views/taskFilters';
import { loadApp, readinessAtom } from '../../src/state/readiness';
import { preloadScript } from '../../src/app/routePreload';
import { fakeToken } from './helpers';
import { apiBase } from '../../src/api/client';
import { startOutbox, submit } from '../../src/outbox/current';
import { makeTask } from './tasks/fixtures';

const API = 'http://keyflow.test/api/v1';
const ADA = 1;
const BOB = 2;
const tokenOf = (id: number) => fakeToken({ type: 1, id, username: id === ADA ? 'ada' : 'bob', exp: Math.floor(Date.now() / 1000) + 3600 });

const created = new Date('2026-11-20T08:00:00Z');
const tasks = [makeTask({ id: 11, title: 'Paint the fence', listId: 7, bucketId: 3, created }), makeTask({ id: 12, title: 'Buy brushes', listId: 7, bucketId: 3, created })];
const queryKey = 'the default filter';

/** Ada's data where the loads put it. */
function fillAsAda(): void {
  appStore.set(sessionAtom, { kind: 'user', claims: parseToken(tokenOf(ADA))! });
  appStore.set(userAtom, { id: ADA, username: 'ada', name: 'Ada', settings: { language: 'de', weekStart: 1 } } as never);
  appStore.set(configAtom, { version: 'v0.20.4', registrationEnabled: true });
  appStore.set(namespacesAtom, [{ id: 2, title: 'Home', maxRight: 2, lists: [{ id: 7, title: 'Garden', namespaceId: 2, position: 1, maxRight: 2 }] } as never]);
  appStore.set(labelsAtom, [{ id: 5, title: 'outside', hexColor: '', description: '' } as never]);
  appStore.set(listTasksAtom(7), { tasks, loading: false, loaded: true, queryKey });
  appStore.set(boardAtom(7), [{ id: 3, title: 'To do', listId: 7, limit: 0, isDoneBucket: false, position: 1, tasks } as never]);
}

/** Empties the store as a reload would (the module-level atoms stay, their contents go). */
function reloadStore(): void {
  clearStore();
  appStore.set(sessionAtom, { kind: 'none' });
  appStore.set(userAtom, null);
  appStore.set(configAtom, null);
}

async function databases(): Promise<string[]> {
  return (await indexedDB.databases()).map((d) => d.name ?? '');
}

let db: CopyDb | null = null;
async function writeAll(): Promise<void> {
  db = await openCopy(copyName(API, ADA), () => db?.close());
  const writer = writeCopy(db, { fresh: true });
  await writer.flush();
  writer.stop();
}

beforeEach(async () => {
  localStorage.clear();
  localStorage.setItem('API_URL', API);
  setNavigator(vi.fn());
  reloadStore();
  db?.close();
  db = null;
  await deleteLocalCopy(API, ADA);
  await deleteLocalCopy(API, BOB);
});
afterEach(() => vi.unstubAllGlobals());

describe('the local copy', () => {
  it('brings back the namespaces, lists, labels, tasks, each list’s query and board, the user and the config', async () => {
    fillAsAda();
    await writeAll();
    reloadStore();
    expect(taskAtomFamily.ids()).toEqual([]);

    expect(await startFromCopy(API, ADA)).toBe(true);
    expect(appStore.get(namespacesAtom).map((n) => [n.title, n.lists.map((l) => l.title)])).toEqual([['Home', ['Garden']]]);
    expect(appStore.get(listsByIdAtom).get(7)?.title).toBe('Garden');
    expect(appStore.get(labelsAtom).map((l) => l.title)).toEqual(['outside']);
    expect(appStore.get(userAtom)).toMatchObject({ name: 'Ada', settings: { language: 'de', weekStart: 1 } });
    expect(appStore.get(configAtom)).toEqual({ version: 'v0.20.4', registrationEnabled: true });
    // The list shows at once, as loaded, but is marked as not yet confirmed by the server.
    const list = appStore.get(listTasksAtom(7));
    expect(list.tasks.map((t) => t.title)).toEqual(['Paint the fence', 'Buy brushes']);
    expect(list).toMatchObject({ loaded: true, loading: false, queryKey, stale: true });
    expect(appStore.get(boardAtom(7))?.map((b) => [b.title, b.tasks.map((t) => t.id)])).toEqual([['To do', [11, 12]]]);
    // Dates survive as dates.
    expect(taskAtomFamily.peek(11)?.created).toEqual(created);
  });

  it('cannot carry a start without the config and the user: a copy without them is no start', async () => {
    putTasks(tasks);
    await writeAll();
    reloadStore();
    expect(await startFromCopy(API, ADA)).toBe(false);
  });

  it('is one database per user and server: another user, or the same user on another server, starts empty', async () => {
    fillAsAda();
    await writeAll();
    reloadStore();
    expect(await startFromCopy(API, BOB)).toBe(false);
    expect(await startFromCopy('http://elsewhere.test/api/v1', ADA)).toBe(false);
    expect(taskAtomFamily.ids()).toEqual([]);
    expect(appStore.get(userAtom)).toBeNull();
    expect(await databases()).toContain(`keyflow:${API}:${ADA}`);
  });

  it('never covers what the server has answered already', async () => {
    fillAsAda();
    await writeAll();
    reloadStore();
    // The server's answer for list 7 and a fresher task 11 arrived before the copy was read.
    const fresh = makeTask({ id: 11, title: 'Paint the fence white', listId: 7 });
    appStore.set(listTasksAtom(7), { tasks: [fresh], loading: false, loaded: true, queryKey });
    expect(await startFromCopy(API, ADA)).toBe(true);
    expect(taskAtomFamily.peek(11)?.title).toBe('Paint the fence white');
    expect(appStore.get(listTasksAtom(7)).tasks.map((t) => t.id)).toEqual([11]);
    expect(appStore.get(listTasksAtom(7)).stale).toBeUndefined();
  });

  it('writes what changed by id: the edited task’s shard is rewritten, the deleted task’s emptied, the others left', async () => {
    // Tasks 11 and 75 share a shard (ids modulo 64); 12 has one of its own.
    const neighbour = makeTask({ id: 75, title: 'Rake the leaves', listId: 7 });
    fillAsAda();
    putTasks([neighbour]);
    db = await openCopy(copyName(API, ADA), () => db?.close());
    const writer = writeCopy(db, { fresh: true });
    await writer.flush();
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    putTasks([{ ...tasks[0], title: 'Paint the fence green' }]);
    taskAtomFamily.remove(12);
    await writer.flush();
    // Only the edited task's shard is written again (the list's query and board keep their ids; a view leaves out unknown ones).
    expect(put.mock.calls.map(([value]) => (value as { shard: number }).shard)).toEqual([shardOf(11)]);
    put.mockRestore();
    writer.stop();
    expect((await db.get('taskShards', shardOf(11)))?.tasks.map((t) => t.title).sort()).toEqual(['Paint the fence green', 'Rake the leaves']);
    expect(await db.get('taskShards', shardOf(12))).toBeUndefined();
    expect(await db.count('taskShards')).toBe(1);
  });

  it('two tabs writing one copy keep each other’s tasks: a shard is merged, not replaced by one tab’s store', async () => {
    // Tab A holds tasks 11 and 75 (one shard); tab B, opened on another list, only task 139 of that shard and task 12.
    fillAsAda();
    putTasks([makeTask({ id: 75, title: 'Rake the leaves', listId: 7 })]);
    db = await openCopy(copyName(API, ADA), () => db?.close());
    const tabA = writeCopy(db, { fresh: true });
    await tabA.flush();
    tabA.stop();
    reloadStore();
    putTasks([makeTask({ id: 139, title: 'Sweep the path', listId: 8 })]);
    const tabB = writeCopy(db, { fresh: false });
    putTasks([{ ...taskAtomFamily.peek(139)!, title: 'Sweep the whole path' }]);
    taskAtomFamily.remove(139);
    putTasks([makeTask({ id: 139 + 64, title: 'Oil the gate', listId: 8 })]);
    await tabB.flush();
    tabB.stop();
    const shard = await db.get('taskShards', shardOf(11));
    // Tab A's tasks stay; tab B's removal of its own task and its new one are merged in.
    expect(shard?.tasks.map((t) => t.title).sort()).toEqual(['Oil the gate', 'Paint the fence', 'Rake the leaves']);
    expect(mergedShard({ tasks: [makeTask({ id: 1 }), makeTask({ id: 65 })] }, { put: [], del: [1, 65] })).toBeNull();
  });

  it('diffs records by key: new and changed ones are put, missing ones deleted (meta values are only ever put)', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const before = new Map([[1, a], [2, b]]);
    const now = new Map([[1, a], [3, { id: 3 }]]);
    const same = (x: unknown, y: unknown) => x === y;
    expect(diffRecords('lists', before, now, same)).toEqual([{ store: 'lists', key: 3, value: { id: 3 } }, { store: 'lists', key: 2 }]);
    expect(diffRecords('meta', before, now, same, true)).toEqual([{ store: 'meta', key: 3, value: { id: 3 } }]);
    expect(diffRecords('lists', before, before, same)).toEqual([]);
    // Tasks by shard: what changed in each, to merge into the stored shard (task 3 and its shard-mate added, 2 gone).
    const t3 = { id: 3 + 64 };
    expect(shardOps(before, new Map([[1, a], [3, { id: 3 }], [67, t3]]))).toEqual([
      { store: 'taskShards', key: 3, merge: { put: [{ id: 3 }, t3], del: [] } },
      { store: 'taskShards', key: 2, merge: { put: [], del: [2] } },
    ]);
  });

  it('is written while a user is signed in, and deleted when they sign out', async () => {
    localStorage.setItem('token', tokenOf(ADA));
    fillAsAda();
    keepLocalCopy(API, ADA);
    // The writer starts once the database is open; the first write of a fresh copy follows its gathering delay.
    await vi.waitFor(async () => {
      const copy = await openDB(copyName(API, ADA));
      const shards = (copy.objectStoreNames.contains('taskShards') ? await copy.getAll('taskShards') : []) as { tasks: unknown[] }[];
      copy.close();
      expect(shards.flatMap((shard) => shard.tasks)).toHaveLength(2);
    });
    await logout();
    await vi.waitFor(async () => expect(await databases()).not.toContain(copyName(API, ADA)));
  });

  it('takes the outbox with it: what was not sent is not left for the next person at this browser', async () => {
    localStorage.setItem('token', tokenOf(ADA));
    fillAsAda();
    const name = `keyflow-outbox:${apiBase()}:${ADA}`;
    startOutbox(apiBase(), ADA);
    vi.stubGlobal('navigator', { ...navigator, onLine: false });
    await submit({ kind: 'update', taskId: 1, base: makeTask({ id: 1 }), changes: { done: true } }, 'One');
    vi.unstubAllGlobals();
    expect(await databases()).toContain(name);
    await logout();
    await vi.waitFor(async () => expect(await databases()).not.toContain(name));
  });
});

describe('a list shown from the copy', () => {
  const page = (items: unknown[]) => new Response(JSON.stringify(items), { status: 200, headers: { 'content-type': 'application/json', 'x-pagination-total-pages': '1' } });

  it('is still asked for, and replaced by the server’s answer', async () => {
    fillAsAda();
    await writeAll();
    reloadStore();
    localStorage.setItem('token', tokenOf(ADA));
    await startFromCopy(API, ADA);
    const fetchMock = vi.fn(async () => page([{ id: 12, title: 'Buy brushes', list_id: 7 }]));
    vi.stubGlobal('fetch', fetchMock);
    // The copy's query key is not the view's default filter; a stale query with the view's own key is asked for too.
    appStore.set(listTasksAtom(7), (s) => ({ ...s, queryKey: JSON.stringify({}) }));
    await loadListTasks(7, defaultFilters());
    expect(fetchMock).toHaveBeenCalled();
    const list = appStore.get(listTasksAtom(7));
    expect(list.tasks.map((t) => t.id)).toEqual([12]);
    expect(list.stale).toBeUndefined();
  });

  it('stays as the copy had it when the server cannot be reached', async () => {
    fillAsAda();
    await writeAll();
    reloadStore();
    localStorage.setItem('token', tokenOf(ADA));
    await startFromCopy(API, ADA);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await loadListTasks(7, defaultFilters());
    const list = appStore.get(listTasksAtom(7));
    expect(list.tasks.map((t) => t.id)).toEqual([11, 12]);
    expect(list).toMatchObject({ loaded: true, loading: false, stale: true });
  });
});

describe('starting without network', () => {
  const offline = () => vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

  it('with a copy, the app is ready and signed in from it (config and user included)', async () => {
    fillAsAda();
    await writeAll();
    reloadStore();
    localStorage.setItem('token', tokenOf(ADA));
    offline();
    await loadApp();
    expect(appStore.get(readinessAtom)).toEqual({ state: 'ready' });
    expect(appStore.get(sessionAtom).kind).toBe('user');
    expect(appStore.get(configAtom)?.version).toBe('v0.20.4');
    expect(appStore.get(userAtom)?.name).toBe('Ada');
    expect(appStore.get(listTasksAtom(7)).tasks).toHaveLength(2);
  });

  it('without one, it is the error state (the offline screen or the address form) as before', async () => {
    localStorage.setItem('token', tokenOf(BOB));
    offline();
    await loadApp();
    expect(appStore.get(readinessAtom).state).toBe('error');
    expect(taskAtomFamily.ids()).toEqual([]);
  });
});

describe('a session that ends without signing out', () => {
  it('leaves the copy as it was (the store emptied after it is not written)', async () => {
    localStorage.setItem('token', tokenOf(ADA));
    fillAsAda();
    keepLocalCopy(API, ADA);
    const shardCount = async () => {
      const copy = await openDB(copyName(API, ADA));
      const n = copy.objectStoreNames.contains('taskShards') ? await copy.count('taskShards') : 0;
      copy.close();
      return n;
    };
    await vi.waitFor(async () => expect(await shardCount()).toBe(2));
    // What an expired token does (session.ts resetSession): the session goes, then the store is emptied.
    appStore.set(sessionAtom, { kind: 'none' });
    clearStore();
    await new Promise((r) => setTimeout(r, 400));
    expect(await shardCount()).toBe(2);
  });
});

describe('index.html’s script', () => {
  it('reads the signed-in user’s copy with the navigation, and the app takes that read', async () => {
    fillAsAda();
    await writeAll();
    reloadStore();
    localStorage.setItem('token', tokenOf(ADA));
    new Function(preloadScript([], []))();
    expect(window.__kfCopy?.name).toBe(copyName(API, ADA));
    expect(await startFromCopy(API, ADA)).toBe(true);
    expect(window.__kfCopy).toBeUndefined();
    expect(appStore.get(listTasksAtom(7)).tasks.map((t) => t.title)).toEqual(['Paint the fence', 'Buy brushes']);
  });

  it('creates no database where there is no copy', async () => {
    localStorage.setItem('token', tokenOf(BOB));
    new Function(preloadScript([], []))();
    expect(await window.__kfCopy?.read).toBeNull();
    expect(await databases()).not.toContain(copyName(API, BOB));
    delete window.__kfCopy;
  });
});

describe('another tab signing out', () => {
  it('is not undone here: without the user’s token in storage, this tab writes no copy', async () => {
    fillAsAda();
    localStorage.removeItem('token');
    keepLocalCopy(API, ADA);
    await new Promise((r) => setTimeout(r, 400));
    expect(await databases()).not.toContain(copyName(API, ADA));
  });
});
