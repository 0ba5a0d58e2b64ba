// Live updates applied to the store (src/sync/applyEvent.ts), and one stream shared by the tabs of a browser
// (src/sync/live.ts): the leading tab passes each event on, the others apply what it passes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTask } from './tasks/fixtures';
import type { Task } from '../../src/api/tasks';

vi.mock('../../src/state/namespaces', async (orig) => ({
  ...(await orig<typeof import('../../src/state/namespaces')>()),
  loadNamespaces: vi.fn(async () => []),
  loadLabels: vi.fn(async () => []),
}));
vi.mock('../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../src/api/tasks', async (orig) => ({ ...(await orig<typeof import('../../src/api/tasks')>()), updateTask: vi.fn() }));
vi.mock('../../src/api/client', async (orig) => ({ ...(await orig<typeof import('../../src/api/client')>()), post: vi.fn() }));
const namespaces = vi.mocked(await import('../../src/state/namespaces'));
const client = vi.mocked(await import('../../src/api/client'));
const tasksApi = vi.mocked(await import('../../src/api/tasks'));
const actions = await import('../../src/actions/tasks');
const { appStore } = await import('../../src/state/store');
const { addTasksToList, listTasksAtom, taskAtomFamily } = await import('../../src/state/tasks');
const { boardAtom } = await import('../../src/state/kanbanBoard');
const { clearStore } = await import('../../src/state/entities');
const { applyLiveEvent } = await import('../../src/sync/applyEvent');
const { commentsByTaskAtom, setComments } = await import('../../src/state/comments');
const { connectLive } = await import('../../src/sync/live');
const { normalizeNamespace } = await import('../../src/api/namespaces');

/** A task as the server sends it in an event (snake_case, wire dates). */
function wire(fields: Record<string, unknown>) {
  return {
    id: 1,
    title: 'Task',
    done: false,
    list_id: 5,
    bucket_id: 10,
    labels: null,
    assignees: null,
    created: '2026-11-01T10:00:00Z',
    updated: '2026-11-01T10:00:00Z',
    ...fields,
  };
}

const titles = (listId: number) => appStore.get(listTasksAtom(listId)).tasks.map((t) => t.title);
const board = (listId: number) => appStore.get(boardAtom(listId))?.map((b) => [b.title, b.tasks.map((t) => t.title)]);
const at = (iso: string) => new Date(iso);

beforeEach(() => {
  vi.clearAllMocks();
  clearStore();
  const a = makeTask({ id: 1, title: 'A', listId: 5, bucketId: 10, updated: at('2026-11-01T10:00:00Z'), isFavorite: true });
  const b = makeTask({ id: 2, title: 'B', listId: 5, bucketId: 10, updated: at('2026-11-01T10:00:00Z') });
  appStore.set(listTasksAtom(5), { tasks: [a, b], loading: false, loaded: true, queryKey: '' });
  appStore.set(boardAtom(5), [
    { id: 10, title: 'Backlog', listId: 5, limit: 0, isDoneBucket: false, position: 1, tasks: [a, b] },
    { id: 11, title: 'Done', listId: 5, limit: 0, isDoneBucket: true, position: 2, tasks: [] },
  ]);
});

describe('applying live events', () => {
  it('a newer task from someone else replaces the stored one in the list and on the board; the own star stays', () => {
    applyLiveEvent({ id: 7, type: 'task.updated', data: wire({ id: 1, title: 'A renamed', done: true, bucket_id: 11, updated: '2026-11-01T10:05:00Z' }) });
    expect(titles(5)).toEqual(['A renamed', 'B']);
    const task = taskAtomFamily.peek(1)!;
    expect(task.done).toBe(true);
    expect(task.isFavorite).toBe(true);
    expect(board(5)).toEqual([
      ['Backlog', ['B']],
      ['Done', ['A renamed']],
    ]);
  });

  it('an event no newer than the stored task (the sender’s own change coming back) changes nothing', () => {
    const before = taskAtomFamily.peek(1);
    applyLiveEvent({ id: 8, type: 'task.updated', data: wire({ id: 1, title: 'Stale', updated: '2026-11-01T09:00:00Z' }) });
    applyLiveEvent({ id: 9, type: 'task.updated', data: wire({ id: 1, title: 'Same version', updated: '2026-11-01T10:00:00Z' }) });
    expect(taskAtomFamily.peek(1)).toBe(before);
    // A label added keeps the version but is news.
    applyLiveEvent({ id: 10, type: 'task.updated', data: wire({ id: 1, title: 'Same version', labels: [{ id: 3, title: 'urgent', hex_color: '', description: '' }] }) });
    expect(taskAtomFamily.peek(1)!.labels.map((l) => l.title)).toEqual(['urgent']);
    expect(taskAtomFamily.peek(1)!.title).toBe('A');
  });

  it('a change of this tab still on its way stays shown over a newer copy from elsewhere', async () => {
    let answer: (t: Task) => void = () => undefined;
    tasksApi.updateTask.mockReturnValue(new Promise<Task>((resolve) => (answer = resolve)));
    const saving = actions.update({ ...taskAtomFamily.peek(2)!, title: 'B mine' });
    applyLiveEvent({ id: 31, type: 'task.updated', data: wire({ id: 2, title: 'B theirs', priority: 4, updated: '2026-11-01T10:01:00Z' }) });
    expect(taskAtomFamily.peek(2)).toMatchObject({ title: 'B mine', priority: 4 });
    answer(makeTask({ id: 2, title: 'B mine', listId: 5, bucketId: 10, priority: 4, updated: at('2026-11-01T10:02:00Z') }));
    await saving;
    expect(taskAtomFamily.peek(2)).toMatchObject({ title: 'B mine', priority: 4 });
  });

  it('a created task joins its loaded list and board; a deleted one leaves both', () => {
    applyLiveEvent({ id: 11, type: 'task.created', data: wire({ id: 3, title: 'C', bucket_id: 11, position: 99 }) });
    expect(titles(5)).toContain('C');
    expect(board(5)).toEqual([
      ['Backlog', ['A', 'B']],
      ['Done', ['C']],
    ]);
    applyLiveEvent({ id: 12, type: 'task.deleted', data: { id: 1, list_id: 5 } });
    expect(titles(5)).toEqual(['B', 'C']);
    expect(board(5)![0]).toEqual(['Backlog', ['B']]);
    // The writer's own create may come by event before its answer: the answer does not list it twice.
    addTasksToList(5, [makeTask({ id: 3, title: 'C', listId: 5, bucketId: 11 })]);
    expect(titles(5).filter((t) => t === 'C')).toHaveLength(1);
    // A list whose tasks were never loaded is left to load them itself.
    applyLiveEvent({ id: 13, type: 'task.created', data: wire({ id: 4, list_id: 6 }) });
    expect(appStore.get(listTasksAtom(6)).loaded).toBe(false);
  });

  it('buckets are added, renamed and removed on a loaded board; a removed bucket’s cards go to the first one', () => {
    applyLiveEvent({ id: 14, type: 'bucket.created', data: { id: 12, title: 'Doing', list_id: 5, position: 1.5, limit: 0, is_done_bucket: false, tasks: null } });
    applyLiveEvent({ id: 15, type: 'bucket.updated', data: { id: 11, title: 'Finished', list_id: 5, position: 2, limit: 0, is_done_bucket: true, tasks: null } });
    expect(board(5)!.map(([title]) => title)).toEqual(['Backlog', 'Doing', 'Finished']);
    applyLiveEvent({ id: 16, type: 'task.updated', data: wire({ id: 2, bucket_id: 12, updated: '2026-11-01T11:00:00Z', title: 'B' }) });
    expect(board(5)![1]).toEqual(['Doing', ['B']]);
    applyLiveEvent({ id: 17, type: 'bucket.deleted', data: { id: 12, list_id: 5 } });
    expect(board(5)).toEqual([
      ['Backlog', ['A', 'B']],
      ['Finished', []],
    ]);
  });

  it('comments change in the store for tasks whose comments are shown; lists and labels are reloaded once per burst', async () => {
    vi.useFakeTimers();
    try {
      setComments(1, [{ id: 3, comment: 'first' } as never]);
      applyLiveEvent({ id: 18, type: 'comment.created', data: { task_id: 1, comment: { id: 4, comment: 'hi' } } });
      applyLiveEvent({ id: 19, type: 'comment.created', data: { task_id: 2, comment: { id: 5, comment: 'elsewhere' } } });
      applyLiveEvent({ id: 20, type: 'comment.updated', data: { task_id: 1, comment: { id: 3, comment: 'edited' } } });
      const texts = (taskId: number) => appStore.get(commentsByTaskAtom).get(taskId)?.map((c) => c.comment);
      expect(texts(1)).toEqual(['edited', 'hi']);
      // Task 2's comments were never loaded: nothing is kept for it (they load in full when shown).
      expect(texts(2)).toBeUndefined();
      applyLiveEvent({ id: 21, type: 'comment.deleted', data: { task_id: 1, id: 4 } });
      expect(texts(1)).toEqual(['edited']);
      for (let i = 0; i < 5; i++) applyLiveEvent({ id: 22 + i, type: 'list.updated', data: { id: 5 } });
      applyLiveEvent({ id: 30, type: 'label.deleted', data: { id: 3 } });
      await vi.runAllTimersAsync();
      expect(namespaces.loadNamespaces).toHaveBeenCalledTimes(1);
      expect(namespaces.loadLabels).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('namespace events', () => {
  /** A namespace as the server sends it in an event. */
  const wireNs = (fields: Record<string, unknown>) => ({
    id: 3,
    title: 'Home',
    description: '',
    hex_color: '',
    is_archived: false,
    owner: { id: 1, username: 'ann', name: '' },
    created: '2026-11-01T10:00:00Z',
    updated: '2026-11-01T10:00:00Z',
    ...fields,
  });
  const tree = () => appStore.get(namespaces.namespacesAtom).map((ns) => [ns.title, ns.lists.map((l) => l.title)]);

  beforeEach(() => {
    vi.useFakeTimers();
    appStore.set(namespaces.namespacesAtom, [
      normalizeNamespace({ id: 3, title: 'Home', updated: at('2026-11-01T10:00:00Z'), lists: [{ id: 5, title: 'Chores', namespaceId: 3 }] as never }, 2),
    ]);
  });
  afterEach(() => vi.useRealTimers());

  it('an edit shows at once and keeps the namespace’s lists and the caller’s right; an older copy changes nothing', async () => {
    applyLiveEvent({ id: 40, type: 'namespace.updated', data: wireNs({ title: 'House', hex_color: 'ff0000', updated: '2026-11-01T10:05:00Z' }) });
    expect(tree()).toEqual([['House', ['Chores']]]);
    expect(namespaces.namespaceAtomFamily.peek(3)).toMatchObject({ hexColor: 'ff0000', maxRight: 2 });
    applyLiveEvent({ id: 41, type: 'namespace.updated', data: wireNs({ title: 'Stale echo', updated: '2026-11-01T10:01:00Z' }) });
    expect(tree()).toEqual([['House', ['Chores']]]);
    await vi.runAllTimersAsync();
    expect(namespaces.loadNamespaces).not.toHaveBeenCalled();
  });

  it('a new namespace joins the tree; one shared with this user just now, or archived, reloads the tree', async () => {
    applyLiveEvent({ id: 42, type: 'namespace.created', data: wireNs({ id: 4, title: 'Work' }) });
    expect(tree()).toEqual([
      ['Home', ['Chores']],
      ['Work', []],
    ]);
    await vi.runAllTimersAsync();
    expect(namespaces.loadNamespaces).not.toHaveBeenCalled();
    applyLiveEvent({ id: 43, type: 'namespace.updated', data: wireNs({ id: 9, title: 'Shared with me' }) });
    await vi.runAllTimersAsync();
    expect(namespaces.loadNamespaces).toHaveBeenCalledTimes(1);
    applyLiveEvent({ id: 44, type: 'namespace.updated', data: wireNs({ is_archived: true, updated: '2026-11-01T10:06:00Z' }) });
    expect(namespaces.namespaceAtomFamily.peek(3)!.isArchived).toBe(true);
    await vi.runAllTimersAsync();
    expect(namespaces.loadNamespaces).toHaveBeenCalledTimes(2);
  });

  it('a namespace deleted or no longer shared leaves the tree at once, and the tree reloads for its lists', async () => {
    applyLiveEvent({ id: 45, type: 'namespace.deleted', data: { id: 3 } });
    expect(tree()).toEqual([]);
    expect(namespaces.namespaceAtomFamily.peek(3)).toBeUndefined();
    await vi.runAllTimersAsync();
    expect(namespaces.loadNamespaces).toHaveBeenCalledTimes(1);
  });
});

/** A minimal EventSource: the test plays the server. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(public url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(id: number, type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) }));
  }
  close() {
    this.closed = true;
  }
}

/** Two tabs' channels joined: what one posts, the other hears. */
function channelPair() {
  const make = () => ({ onmessage: null as ((e: MessageEvent) => void) | null, peer: null as unknown as { onmessage: ((e: MessageEvent) => void) | null }, postMessage(data: unknown) { this.peer.onmessage?.(new MessageEvent('message', { data })); }, close() {} });
  const a = make();
  const b = make();
  a.peer = b;
  b.peer = a;
  return [a as unknown as BroadcastChannel, b as unknown as BroadcastChannel];
}

/** Web Locks for the tabs of one browser: the first request holds the lock, the next waits until it is released. */
function lockManager(): LockManager {
  let held: Promise<void> = Promise.resolve();
  return {
    request: (_name: string, opts: { signal?: AbortSignal }, fn: () => Promise<void>) => {
      const run = held.then(() => {
        if (opts.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        return fn();
      });
      held = run.catch(() => undefined);
      return run;
    },
  } as unknown as LockManager;
}

describe('one stream for the tabs of a browser', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    client.post.mockResolvedValue({ ticket: 'tkt' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('only the leading tab connects; the other applies what it passes on, and takes over where it left off', async () => {
    const locks = lockManager();
    const [ca, cb] = channelPair();
    const leader = connectLive(1, { locks, channel: ca! });
    const follower = connectLive(1, { locks, channel: cb! });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const es = FakeEventSource.opened[0]!;
    expect(es.url).toMatch(/\/events\?ticket=tkt$/);
    es.emit(41, 'task.updated', wire({ id: 2, title: 'B from elsewhere', updated: '2026-11-01T12:00:00Z' }));
    expect(taskAtomFamily.peek(2)!.title).toBe('B from elsewhere');
    expect(follower.lastId).toBe(41);
    // Namespace events are listened for too.
    es.emit(42, 'namespace.created', { id: 8, title: 'From the stream', is_archived: false, updated: '2026-11-01T12:00:00Z' });
    expect(follower.lastId).toBe(42);
    expect(appStore.get(namespaces.namespacesAtom).map((ns) => ns.title)).toContain('From the stream');
    // The leading tab closes: the other connects, from the last event it heard.
    leader.stop();
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(es.closed).toBe(true);
    expect(FakeEventSource.opened[1]!.url).toContain('last_event_id=42');
    follower.stop();
  });

  it('a tab opened while another leads applies what it heard before its live code ran (index.html opened its channel)', async () => {
    const locks = lockManager();
    const [ca, cb] = channelPair();
    const leader = connectLive(1, { locks, channel: ca! });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    // While the new tab loaded its data and its code, index.html's channel heard an event from the leading tab.
    const heard = [{ id: 43, type: 'task.updated', data: wire({ id: 2, title: 'B heard early', updated: '2026-11-01T13:00:00Z' }) }];
    window.__kfLive = { name: `keyflow-live:${client.apiBase()}:1`, channel: cb!, heard, overflow: false };
    const follower = connectLive(1, { locks });
    expect(window.__kfLive).toBeUndefined();
    expect(taskAtomFamily.peek(2)!.title).toBe('B heard early');
    expect(follower.lastId).toBe(43);
    // And it goes on hearing on that channel.
    FakeEventSource.opened[0]!.emit(44, 'task.updated', wire({ id: 2, title: 'B later', updated: '2026-11-01T14:00:00Z' }));
    expect(follower.lastId).toBe(44);
    expect(FakeEventSource.opened).toHaveLength(1);
    leader.stop();
    follower.stop();
  });

  /** A GET of the app answered with the server's live-event id, as index.html's early GETs are (src/api/client.ts). */
  const read = async (path: string, liveId: number) => {
    window.__kfEarly = { [path]: { at: Date.now(), res: Promise.resolve(new Response('[]', { headers: { 'x-live-event-id': String(liveId) } })) } };
    await client.get(path);
    expect(window.__kfEarly[path]).toBeUndefined();
  };

  it('the first stream starts from the smallest id of the reads before it: a change between a read and the stream is sent', async () => {
    client.takeLiveIds();
    await read('namespaces', 40);
    await read('lists/5/tasks', 37);
    const conn = connectLive(1, { locks: undefined, channel: null });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.opened[0]!.url).toMatch(/\/events\?ticket=tkt&last_event_id=37$/);
    // The server replays what came after the read that is oldest; what a later read held already changes nothing.
    FakeEventSource.opened[0]!.emit(39, 'task.updated', wire({ id: 2, title: 'B changed meanwhile', updated: '2026-11-01T12:00:00Z' }));
    FakeEventSource.opened[0]!.emit(40, 'ready', {});
    expect(taskAtomFamily.peek(2)!.title).toBe('B changed meanwhile');
    expect(conn.lastId).toBe(40);
    conn.stop();
    // Reads after the stop count for the next session, not for this one.
    await read('namespaces', 70);
    expect(client.takeLiveIds()).toBe(70);
  });

  it('a read answered after the stream opened, with an id the stream does not cover, opens it again from there', async () => {
    client.takeLiveIds();
    await read('namespaces', 50);
    const conn = connectLive(1, { locks: undefined, channel: null });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const first = FakeEventSource.opened[0]!;
    expect(first.url).toContain('last_event_id=50');
    first.emit(52, 'ready', {});
    // Newer reads are covered.
    await read('lists/5/tasks', 55);
    expect(FakeEventSource.opened).toHaveLength(1);
    // A slow read that started before the stream (a local-copy start's refresh) says 45.
    await read('lists/6/tasks', 45);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened[1]!.url).toContain('last_event_id=45');
    conn.stop();
  });

  it('without any read yet, the stream opens from now and then covers what follows its first event', async () => {
    client.takeLiveIds();
    const conn = connectLive(1, { locks: undefined, channel: null });
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    expect(FakeEventSource.opened[0]!.url).toMatch(/\/events\?ticket=tkt$/);
    FakeEventSource.opened[0]!.emit(80, 'ready', {});
    await read('namespaces', 80);
    expect(FakeEventSource.opened).toHaveLength(1);
    await read('lists/5/tasks', 79);
    await vi.waitFor(() => expect(FakeEventSource.opened).toHaveLength(2));
    expect(FakeEventSource.opened[1]!.url).toContain('last_event_id=79');
    conn.stop();
  });

  it('a server without live updates is not asked again', async () => {
    const { ApiError } = await import('../../src/api/apiError');
    client.post.mockRejectedValue(new ApiError({ status: 404, code: null, message: 'not found' }));
    const conn = connectLive(1, { locks: undefined, channel: null });
    await vi.waitFor(() => expect(client.post).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(FakeEventSource.opened).toHaveLength(0);
    conn.stop();
  });
});
