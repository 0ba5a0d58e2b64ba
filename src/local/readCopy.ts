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
import { STORE_NAMES, type CopyDb, type CopyMeta, type MetaKey } from './localDb';

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

/** Reads the whole copy in one transaction (the stores side by side). */
export async function readCopy(db: CopyDb): Promise<Copy> {
  const tx = db.transaction(STORE_NAMES, 'readonly');
  const [tasks, lists, namespaces, labels, queries, boards, metaKeys, metaValues] = await Promise.all([
    tx.objectStore('tasks').getAll(),
    tx.objectStore('lists').getAll(),
    tx.objectStore('namespaces').getAll(),
    tx.objectStore('labels').getAll(),
    tx.objectStore('queries').getAll(),
    tx.objectStore('boards').getAll(),
    tx.objectStore('meta').getAllKeys(),
    tx.objectStore('meta').getAll(),
  ]);
  const meta: Partial<Record<MetaKey, unknown>> = {};
  metaKeys.forEach((key, i) => (meta[key] = metaValues[i]));
  return { tasks, lists, namespaces, labels, queries, boards, meta: meta as Partial<CopyMeta> };
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
  putMissing(taskAtomFamily, copy.tasks);
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
}
