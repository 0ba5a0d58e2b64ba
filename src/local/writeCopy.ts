// Keeps the local copy in step with the store: changes are noticed from the store's subscriptions, batched, and
// written by id (what changed since the last write, never the whole map; a task's shard) in short slices of idle time.
import type { Atom } from 'jotai/vanilla';
import { appStore } from '../state/store';
import { configAtom } from '../state/config';
import { userAtom } from '../state/session';
import type { EntityFamily } from '../state/entities';
import { listQueriesVersionAtom, loadedListQueries, taskAtomFamily } from '../state/tasks';
import { labelAtomFamily, labelIdsAtom, listAtomFamily, namespaceAtomFamily, namespaceIdsAtom } from '../state/namespaces';
import { boardsVersionAtom, loadedBoards } from '../state/kanbanBoard';
import type { Task } from '../api/tasks';
import { shardOf, type CopyDb, type MetaKey } from './localDb';
import { STORE_NAMES, type StoreName } from './copyNames';

/** How long changes gather before they are written: a burst of edits (or a list's pages arriving) is one batch. */
const GATHER_MS = 200;
/** The longest a slice of writing may take on the main thread; a long task starts at 50 ms. */
const SLICE_MS = 8;
/** A slice writes at least one record (a shard of tasks takes about 1 ms), so a page that is never idle still gets its copy written. */
const MIN_SLICE_OPS = 1;
/** Writes wait for idle time at most this long. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * One write: a record put (`value`) or deleted (neither), or tasks merged into their shard as it is stored (`merge`):
 * the shard keeps the tasks another tab of this browser wrote that this tab's store does not hold.
 */
type Op = { store: StoreName; key: number | string; value?: unknown; merge?: ShardMerge };
/** What a tab changed in one shard: tasks put (new or changed) and ids deleted. */
interface ShardMerge {
  put: Task[];
  del: number[];
}

type Records = ReadonlyMap<number | string, unknown>;

/** Something of the store the copy keeps, as records by key; `same` says whether a record needs no write. */
interface Source {
  store: StoreName;
  /** The atoms whose change may change the records. */
  watch: Atom<unknown>[];
  /** The records now (cheap to call when nothing changed: the entity maps are the store's own). */
  records: () => Records;
  same: (a: unknown, b: unknown) => boolean;
  /** The writes from `before` to `now`, when they are not one record per key (the tasks' shards). */
  ops?: (before: Records, now: Records) => Op[];
}

const identical = (a: unknown, b: unknown) => a === b;

/** Shallowly equal objects: a query or a board rebuilt around the same arrays needs no write. */
function shallowSame(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

function entitySource<T extends { id: number }>(store: StoreName, family: EntityFamily<T>): Source {
  return { store, watch: [family.all], records: () => appStore.get(family.all), same: identical };
}

function byListId<T extends { listId: number }>(items: T[]): Map<number, T> {
  return new Map(items.map((item) => [item.listId, item]));
}

const META_ATOMS: Record<MetaKey, Atom<unknown>> = { user: userAtom, config: configAtom, namespaceIds: namespaceIdsAtom, labelIds: labelIdsAtom };

/**
 * The tasks that changed, were added or were removed, by shard. Each shard is merged into the stored one, not written
 * whole from this tab's store: another tab of this browser may hold (and have written) tasks this one never loaded.
 */
export function shardOps(before: Records, now: Records): Op[] {
  if (before === now) return [];
  const merges = new Map<number, ShardMerge>();
  const mergeOf = (id: number) => {
    const shard = shardOf(id);
    let merge = merges.get(shard);
    if (!merge) merges.set(shard, (merge = { put: [], del: [] }));
    return merge;
  };
  for (const [id, task] of now) if (before.get(id) !== task) mergeOf(id as number).put.push(task as Task);
  for (const id of before.keys()) if (!now.has(id)) mergeOf(id as number).del.push(id as number);
  return [...merges].map(([shard, merge]) => ({ store: 'taskShards', key: shard, merge }));
}

/** A stored shard with a tab's changes merged in: its tasks, or null when none are left (the shard is deleted). */
export function mergedShard(stored: { tasks: Task[] } | undefined, merge: ShardMerge): Task[] | null {
  const replaced = new Set<number>([...merge.del, ...merge.put.map((t) => t.id)]);
  const tasks = [...(stored?.tasks ?? []).filter((t) => !replaced.has(t.id)), ...merge.put];
  return tasks.length ? tasks : null;
}

const SOURCES: Source[] = [
  { store: 'taskShards', watch: [taskAtomFamily.all], records: () => appStore.get(taskAtomFamily.all), same: identical, ops: shardOps },
  entitySource('lists', listAtomFamily),
  entitySource('namespaces', namespaceAtomFamily),
  entitySource('labels', labelAtomFamily),
  { store: 'queries', watch: [listQueriesVersionAtom], records: () => byListId(loadedListQueries()), same: shallowSame },
  { store: 'boards', watch: [boardsVersionAtom], records: () => byListId(loadedBoards()), same: shallowSame },
  {
    store: 'meta',
    watch: Object.values(META_ATOMS),
    records: () => {
      const out = new Map<string, unknown>();
      for (const [key, a] of Object.entries(META_ATOMS)) {
        const value = appStore.get(a);
        // A value the store does not have yet (the config before /info answered) keeps the copy's.
        if (value !== null && value !== undefined) out.set(key, value);
      }
      return out;
    },
    same: identical,
  },
];

/** The records to write or delete to go from `before` to `now`. */
export function diffRecords(store: StoreName, before: Records, now: Records, same: (a: unknown, b: unknown) => boolean, keepMissing = false): Op[] {
  const ops: Op[] = [];
  if (before === now) return ops;
  for (const [key, value] of now) if (!before.has(key) || !same(before.get(key), value)) ops.push({ store, key, value });
  if (!keepMissing) for (const key of before.keys()) if (!now.has(key)) ops.push({ store, key });
  return ops;
}

export interface CopyWriter {
  /** Writes everything pending now, not waiting for idle time (the page is being hidden); resolves once written. */
  flush: () => Promise<void>;
  /** Stops writing: what is pending is dropped (signing out deletes the copy anyway). */
  stop: () => void;
}

interface IdleDeadlineLike {
  timeRemaining: () => number;
}

function whenIdle(run: (deadline: IdleDeadlineLike) => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(() => run({ timeRemaining: () => SLICE_MS }), 0);
}

/**
 * Starts writing the store's changes to a copy. `fresh`: the copy does not hold what the store holds (it was not
 * read into it), so it is emptied and written whole; else what the store holds now is taken as written.
 */
export function writeCopy(db: CopyDb, opts: { fresh: boolean; onError?: (err: unknown) => void }): CopyWriter {
  const written = new Map<Source, Records>();
  for (const source of SOURCES) written.set(source, opts.fresh ? new Map() : source.records());
  let clearFirst = opts.fresh;
  let queue: Op[] = [];
  let stopped = false;
  let gathering: ReturnType<typeof setTimeout> | null = null;
  let idleAsked = false;
  /** The transaction writing now: one at a time, so records are written in the order they changed. */
  let inFlight: Promise<void> | null = null;

  /** What changed since the last diff, onto the queue (in order: a later change of a record is written after an earlier one). */
  const diff = () => {
    for (const source of SOURCES) {
      const now = source.records();
      // The meta store keeps a value the store has dropped (the config while it is reloaded): it is written, never deleted.
      const before = written.get(source)!;
      queue.push(...(source.ops ? source.ops(before, now) : diffRecords(source.store, before, now, source.same, source.store === 'meta')));
      written.set(source, now);
    }
  };

  /** Writes the queue from its start in one transaction until the slice's time is up (all of it when `all`). */
  const writeSlice = (all: boolean, deadline?: IdleDeadlineLike): Promise<void> => {
    const end = performance.now() + Math.max(Math.min(deadline?.timeRemaining() ?? SLICE_MS, SLICE_MS), 1);
    let tx;
    try {
      tx = db.transaction(STORE_NAMES, 'readwrite');
    } catch (err) {
      // The database was closed under the writer (another tab deleted it): nothing more can be written.
      queue = [];
      opts.onError?.(err);
      return Promise.resolve();
    }
    if (clearFirst) {
      clearFirst = false;
      for (const store of STORE_NAMES) void tx.objectStore(store).clear();
    }
    let n = 0;
    /** The merges of each shard in this slice, one after another: each reads what the one before wrote. */
    const merging = new Map<number | string, Promise<void>>();
    while (n < queue.length && (all || n < MIN_SLICE_OPS || performance.now() < end)) {
      const { store, key, value, merge } = queue[n];
      const os = tx.objectStore(store);
      if (merge) {
        const shards = tx.objectStore('taskShards');
        const after = (merging.get(key) ?? Promise.resolve()).then(async () => {
          const tasks = mergedShard(await shards.get(key as number), merge);
          if (tasks) await shards.put({ shard: key as number, tasks });
          else await shards.delete(key as number);
        });
        // A failed merge fails the transaction, which tx.done reports.
        merging.set(key, after.catch(() => undefined));
      }
      // Meta records have out-of-line keys; the others carry theirs (id, listId).
      else if (value === undefined) void os.delete(key as never);
      else if (store === 'meta') void os.put(value as never, key as never);
      else void os.put(value as never);
      n += 1;
    }
    queue = queue.slice(n);
    return tx.done.catch((err: unknown) => {
      // A full disk or a closed database: the copy is only a cache, the app goes on without it.
      opts.onError?.(err);
    });
  };

  /** Starts a slice unless one is writing (its end starts the next); `all` writes the whole queue. */
  const write = (all: boolean, deadline?: IdleDeadlineLike): Promise<void> => {
    if (inFlight) return inFlight.then(() => write(all));
    if (stopped || (queue.length === 0 && !clearFirst)) return Promise.resolve();
    const slice = writeSlice(all, deadline).finally(() => {
      inFlight = null;
      if (queue.length > 0) askIdle();
    });
    inFlight = slice;
    return slice;
  };

  const onIdle = (deadline: IdleDeadlineLike) => {
    idleAsked = false;
    if (stopped) return;
    diff();
    if (!inFlight) void write(false, deadline);
  };

  const askIdle = () => {
    if (idleAsked || stopped) return;
    idleAsked = true;
    whenIdle(onIdle);
  };

  const changed = () => {
    if (gathering !== null || stopped) return;
    gathering = setTimeout(() => {
      gathering = null;
      askIdle();
    }, GATHER_MS);
  };

  const unsubscribe = SOURCES.flatMap((source) => source.watch.map((a) => appStore.sub(a, changed)));
  // A fresh copy is written whole at once (in slices), not only after the first change.
  if (opts.fresh) changed();

  return {
    flush: () => {
      if (stopped) return Promise.resolve();
      if (gathering !== null) clearTimeout(gathering);
      gathering = null;
      diff();
      return write(true);
    },
    stop: () => {
      stopped = true;
      if (gathering !== null) clearTimeout(gathering);
      queue = [];
      for (const u of unsubscribe) u();
    },
  };
}
