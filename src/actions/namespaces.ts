// Namespace actions, each written once: load one or all (archived too), create, edit, archive, delete, and the
// sidebar's list moves between and within namespaces. Each writes the store, so the tree and every page follow.
import * as api from '../api/namespaces';
import type { Namespace } from '../api/namespaces';
import type { List } from '../api/lists';
import { submit } from '../outbox/current';
import { save as saveList } from './lists';
import { success, error as toastError } from '../app/toast';
import { told, toldOk } from './told';
import { reloadNamespaces, openNamespaces, putNamespace, removeNamespaceFromState, upsertList, upsertNamespace, putLists, type NamespaceEntity } from '../state/namespaces';

/** A namespace as a page holds it: its fields (its lists are in the store). */
type NamespaceFields = Omit<Namespace, 'lists'> | NamespaceEntity;

const toApi = (ns: NamespaceFields): Namespace => {
  const { listIds: _ids, ...fields } = ns as NamespaceEntity;
  return { ...fields, lists: [] };
};

/** Loads the sidebar's namespaces as it shows (taking a load the route made ahead of it); a failure is toasted. */
export function loadTree(): Promise<void> {
  return openNamespaces().then(
    () => undefined,
    (err: unknown) => void toastError(err),
  );
}

/** Loads one namespace (with the caller's right on it) into the store; a failure is toasted and gives null. */
export async function load(id: number): Promise<Namespace | null> {
  return told(async () => {
    const ns = await api.getNamespace(id);
    putNamespace(ns);
    return ns;
  });
}

/**
 * Every namespace with its lists, archived ones included, into the store (the tree keeps showing the unarchived ones
 * only): what the overview shows when asked to. Returns the query as ids, or null when it failed (toasted).
 */
export async function loadWithArchived(): Promise<{ id: number; listIds: number[] }[] | null> {
  return told(async () => {
    const all = await api.getAllNamespaces({ isArchived: true });
    // Pseudo namespaces come first: a list's copy in its own namespace is the one stored.
    putLists(all.flatMap((ns) => ns.lists));
    for (const ns of all) putNamespace({ ...ns, lists: [] });
    return all.map((ns) => ({ id: ns.id, listIds: ns.lists.map((l) => l.id) }));
  });
}

/** Creates a namespace and reloads the tree. Returns the new namespace, or null when it failed (toasted). */
export async function create(fields: { title: string; hexColor?: string }): Promise<Namespace | null> {
  return told(async () => {
    const created = await api.createNamespace(fields);
    upsertNamespace(created);
    await reloadNamespaces();
    return created;
  }, 'namespace.create.success');
}

/** Saves a namespace's changed fields (merged over someone else's edit, and told so). Returns whether it saved. */
export async function update(ns: NamespaceFields, change: Partial<Pick<Namespace, 'title' | 'description' | 'hexColor' | 'isArchived'>>, message: string): Promise<boolean> {
  return toldOk(async () => {
    const next = { ...toApi(ns), ...change };
    const outcome = await submit({ kind: 'namespaceUpdate', namespaceId: next.id, namespace: next }, next.title);
    // Without a network: shown changed at once, sent later (through the outbox).
    putNamespace(outcome.sent ? (outcome.result as Namespace) : next);
    if (!outcome.sent) return;
    await reloadNamespaces();
    void success(message);
  });
}

/** Archives a namespace (with its lists) or takes it out of the archive. */
export function setArchived(ns: NamespaceFields, archived: boolean): Promise<boolean> {
  return update(ns, { isArchived: archived }, archived ? 'namespace.archive.success' : 'namespace.archive.unarchiveSuccess');
}

/** Deletes a namespace with all its lists and tasks. Returns whether it went. */
export async function remove(id: number): Promise<boolean> {
  return toldOk(async () => {
    await api.deleteNamespace(id);
    removeNamespaceFromState(id);
    await reloadNamespaces();
  }, 'namespace.delete.success');
}

/**
 * Moves a list to a position, in its namespace or another (the sidebar's drag): shown there at once, saved, and put
 * back where it was when the server refuses. Returns the saved list, or null.
 */
export async function moveList(list: List, namespaceId: number, position: number): Promise<List | null> {
  const moved = { ...list, position, namespaceId };
  upsertList(moved);
  try {
    // Through the outbox: without a network the move stays shown and is sent later.
    return (await saveList(moved)).list;
  } catch (err) {
    upsertList(list);
    void toastError(err);
    return null;
  }
}
