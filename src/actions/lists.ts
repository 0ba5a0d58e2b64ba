// List actions, each written once: load, create, edit, archive, duplicate, delete (saved filters too), background;
// the namespace tree in the store follows, and every outcome is toasted.
import * as api from '../api/lists';
import type { List } from '../api/lists';
import { deleteFilter } from '../api/filters';
import { filterIdOfList, isSavedFilterList } from '../model/lists';
import { error as toastError, success } from '../app/toast';
import { told, toldOk } from './told';
import { listAtomFamily, putNamespace, reloadNamespaces, removeListFromState, upsertList } from '../state/namespaces';
import type { Namespace } from '../api/namespaces';
import { isNetworkError } from '../api/networkError';
import { onOutboxAck, onOutboxDiscard, submit } from '../outbox/current';

/** A list with the caller's right on it; throws on failure (each view reports it its own way), except offline for a list the store has. */
export async function load(listId: number): Promise<List> {
  try {
    return await api.getList(listId);
  } catch (err) {
    // Offline the list as the store has it (its right included) keeps its views and tasks usable.
    const known = listAtomFamily.peek(listId);
    if (known && isNetworkError(err)) return known;
    throw err;
  }
}

/** A list known only by id and title (from the current-list atom) until it loads, with the defaults for the rest. */
export function placeholder(listId: number, title: string): List {
  return api.normalizeList({ id: listId, title });
}

/** Creates a list in a namespace and shows it in the tree. Returns it, or null on failure. */
export async function create(namespaceId: number, fields: Partial<List>): Promise<List | null> {
  return told(async () => {
    const list = await api.createList(namespaceId, fields);
    upsertList(list);
    return list;
  }, 'list.create.createdSuccess');
}

/**
 * Saves a list's changed fields through the outbox and shows them: the saved list, or, without a network, the list as
 * changed (shown at once, sent later). Throws the server's refusal.
 */
export async function save(list: List): Promise<{ list: List; sent: boolean }> {
  const outcome = await submit({ kind: 'listUpdate', listId: list.id, list }, list.title);
  const saved = outcome.sent ? (outcome.result as List) : list;
  upsertList(saved);
  return { list: saved, sent: outcome.sent };
}

// The tree's writes are heard here for lists and namespaces alike: this module loads with every signed-in screen (the
// route loads import it), the namespaces' actions only with a page that uses them.
// A change sent after the network came back (or by another tab): the server's copy, and the tree it computes
// (favourites, archived lists).
onOutboxAck((write, result) => {
  if (write.kind === 'listUpdate') upsertList(result as List);
  else if (write.kind === 'namespaceUpdate') putNamespace(result as Namespace);
  else return;
  void reloadNamespaces().catch(() => undefined);
});

// A change the person discarded: the tree is loaded again as the server has it.
onOutboxDiscard((dropped) => {
  if (dropped.some(({ write }) => write.kind === 'listUpdate' || write.kind === 'namespaceUpdate')) {
    void reloadNamespaces().catch((err: unknown) => void toastError(err));
  }
});

/** Saves a changed list (title, identifier, colour, description); a merge with someone else's edit is told. */
export async function update(list: List): Promise<List | null> {
  return told(async () => {
    const { list: saved, sent } = await save(list);
    if (sent) void success('list.edit.success');
    return saved;
  });
}

/** Archives a list (read-only from then on), or un-archives an archived one. Returns whether it was saved (or waits to be). */
export async function toggleArchived(list: List): Promise<boolean> {
  const archived = list.isArchived;
  return toldOk(async () => {
    if (!(await save({ ...list, isArchived: !archived })).sent) return;
    await reloadNamespaces();
    void success(archived ? 'list.archive.unarchiveSuccess' : 'list.archive.success');
  });
}

/**
 * Copies a list (tasks, buckets, shares) into a namespace and names the copy `title`. The API's duplicate keeps the
 * original's title (its contract), so the copy is renamed after: two lists of one name make `+Shopping` ambiguous.
 * Returns the copy, or null on failure.
 */
export async function duplicate(listId: number, namespaceId: number, title?: string): Promise<List | null> {
  return told(async () => {
    let copy = await api.duplicateList(listId, namespaceId);
    const wanted = title?.trim();
    if (wanted && wanted !== copy.title) copy = (await save({ ...copy, title: wanted })).list;
    await reloadNamespaces();
    return copy;
  }, 'list.duplicate.success');
}

/** Deletes a list, or the saved filter a pseudo list stands for. Returns whether it went. */
export async function remove(listId: number): Promise<boolean> {
  try {
    if (isSavedFilterList(listId)) {
      await deleteFilter(filterIdOfList(listId));
      // Saved filters live in a pseudo namespace the server computes.
      await reloadNamespaces();
      void success('filters.delete.success');
    } else {
      await api.deleteList(listId);
      removeListFromState(listId);
      void success('list.delete.success');
    }
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}

/** Uploads a list's background image. Returns whether it was saved. */
export async function setBackground(listId: number, file: File): Promise<boolean> {
  return toldOk(async () => upsertList(await api.uploadBackground(listId, file)), 'list.background.success');
}

/** Removes a list's background image. Returns whether it went. */
export async function removeBackground(listId: number): Promise<boolean> {
  return toldOk(async () => upsertList(await api.removeBackground(listId)), 'list.background.removeSuccess');
}

/** Stars or unstars a list at once; the favorites pseudo namespace follows from the server. Rolled back on failure. */
export async function toggleFavorite(list: List): Promise<void> {
  const flipped = { ...list, isFavorite: !list.isFavorite };
  upsertList(flipped);
  try {
    // The favorites pseudo namespace appears, grows or shrinks: the server knows its contents.
    if ((await save(flipped)).sent) await reloadNamespaces();
  } catch (err) {
    upsertList(list);
    void toastError(err);
  }
}
