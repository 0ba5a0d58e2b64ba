// Reading the local copy at start and putting it in the store, under whatever the server has answered already.
import type { Task } from '../api/tasks';
import type { List } from '../api/lists';
import type { Label } from '../api/labels';
import type { User } from '../api/user';
import type { ServerInfo } from '../api/info';
import { appStore } from '../state/store';
import { configAtom } from '../state/config';
import { userAtom } from '../state/session';
import type { EntityFamily } from '../state/entities';
import { restoreListQuery, taskAtomFamily, type StoredListQuery } from '../state/tasks';
import { labelAtomFamily, labelIdsAtom, listAtomFamily, namespaceAtomFamily, namespaceIdsAtom, type NamespaceEntity } from '../state/namespaces';
import { restoreBoard, type StoredBoard } from '../state/kanbanBoard';
import type { CopyDb, CopyMeta, MetaKey, TaskShard } from './localDb';
import { STORE_NAMES, type StoreName } from './copyNames';
import { pendingChanges, showPendingCreates, unsentCount } from '../outbox/current';

/** Everything a copy holds. */
export interface Copy {
  tasks: Task[];
  lists: List[];
  namespaces: NamespaceEntity[];
  labels: Label[];
  queries: StoredListQuery[];
  boards: StoredBoard[];
  meta: Partial<CopyMeta>;
}

/** A copy's stores as read: every record of each, and the meta store's keys beside its values. */
type RawCopy = { [S in StoreName]: unknown[] } & { metaKeys: MetaKey[] };

declare global {
  interface Window {
    /** The copy as index.html's boot script read it, by database name (null: none there, or it could not be read). */
    __kfCopy?: { name: string; read: Promise<RawCopy | null> };
  }
}

function fromRaw(raw: RawCopy): Copy {
  const tasks: Task[] = [];
  for (const shard of raw.taskShards as TaskShard[]) for (const task of shard.tasks) tasks.push(task);
  const meta: Partial<Record<MetaKey, unknown>> = {};
  raw.metaKeys.forEach((key, i) => (meta[key] = raw.meta[i]));
  return {
    tasks,
    lists: raw.lists as List[],
    namespaces: raw.namespaces as NamespaceEntity[],
    labels: raw.labels as Label[],
    queries: raw.queries as StoredListQuery[],
    boards: raw.boards as StoredBoard[],
    meta: meta as Partial<CopyMeta>,
  };
}

/**
 * The copy index.html's boot script started reading with the navigation, if it read this database (each is taken
 * once): the read then runs while the scripts load rather than after them. Null when there is none to take.
 */
export async function takeEarlyCopy(name: string): Promise<Copy | null> {
  const early = typeof window === 'undefined' ? undefined : window.__kfCopy;
  if (!early) return null;
  // Taken or not, it is not kept: a copy of another name (the address changed meanwhile) would only hold memory.
  delete window.__kfCopy;
  if (early.name !== name) return null;
  const raw = await early.read.catch(() => null);
  return raw ? fromRaw(raw) : null;
}

/** Reads the whole copy in one transaction (the stores side by side). */
export async function readCopy(db: CopyDb): Promise<Copy> {
  const tx = db.transaction(STORE_NAMES, 'readonly');
  const [values, metaKeys] = await Promise.all([Promise.all(STORE_NAMES.map((store) => tx.objectStore(store).getAll())), tx.objectStore('meta').getAllKeys()]);
  const raw = Object.fromEntries(STORE_NAMES.map((store, i) => [store, values[i]])) as { [S in StoreName]: unknown[] };
  return fromRaw({ ...raw, metaKeys });
}

/** Whether a copy can carry a start without the server: it must know the server's config and the user. */
export function canStartFrom(copy: Copy): copy is Copy & { meta: { config: ServerInfo; user: User } } {
  return Boolean(copy.meta.config && copy.meta.user);
}

/** The items the store does not hold yet: what the server answered before the copy was read stays. */
function putMissing<T extends { id: number }>(family: EntityFamily<T>, items: readonly T[]): void {
  if (items.length === 0) return;
  const known = appStore.get(family.all);
  family.put(known.size === 0 ? items : items.filter((item) => !known.has(item.id)));
}

/** Puts a copy in the store: entities, the navigation's order, each list's query and board, the user and the config. */
export function putCopyInStore(copy: Copy): void {
  // The outbox's waiting writes over the copy: its last idle-time write may have missed them before the page went.
  putMissing(taskAtomFamily, unsentCount() > 0 ? copy.tasks.map((task) => ({ ...task, ...pendingChanges(task.id) })) : copy.tasks);
  putMissing(listAtomFamily, copy.lists);
  putMissing(namespaceAtomFamily, copy.namespaces);
  putMissing(labelAtomFamily, copy.labels);
  const { namespaceIds, labelIds, user, config } = copy.meta;
  if (namespaceIds && appStore.get(namespaceIdsAtom).length === 0) appStore.set(namespaceIdsAtom, namespaceIds);
  if (labelIds && appStore.get(labelIdsAtom).length === 0) appStore.set(labelIdsAtom, labelIds);
  if (user && !appStore.get(userAtom)) appStore.set(userAtom, user);
  if (config && !appStore.get(configAtom)) appStore.set(configAtom, config);
  for (const query of copy.queries) restoreListQuery(query);
  for (const board of copy.boards) restoreBoard(board);
  showPendingCreates();
}
