// Saved-filter actions, each written once: load, create, edit (the pseudo namespace of filters is loaded again after).
import * as api from '../api/filters';
import type { SavedFilter } from '../api/filters';
import { error as toastError, success } from '../app/toast';
import { loadNamespaces } from '../state/namespaces';

/** A saved filter; throws on failure. */
export function load(filterId: number): Promise<SavedFilter> {
  return api.getFilter(filterId);
}

/** Creates a saved filter and shows it among the lists. Returns it, or null on failure. */
export async function create(fields: Partial<SavedFilter>): Promise<SavedFilter | null> {
  try {
    const filter = await api.createFilter(fields);
    await loadNamespaces();
    void success('filters.create.success');
    return filter;
  } catch (err) {
    void toastError(err);
    return null;
  }
}

/** Saves a changed filter; a merge with someone else's edit is told. Returns whether it was saved. */
export async function update(filter: SavedFilter): Promise<boolean> {
  try {
    await api.updateFilter(filter, { onMerged: () => void success('filters.edit.conflictMerged') });
    await loadNamespaces();
    void success('filters.edit.success');
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}
