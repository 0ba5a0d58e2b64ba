// Saved-filter actions, each written once: load, create, edit (the pseudo namespace of filters is loaded again after).
import * as api from '../api/filters';
import type { SavedFilter } from '../api/filters';
import { success } from '../app/toast';
import { told, toldOk } from './told';
import { reloadNamespaces } from '../state/namespaces';

/** A saved filter; throws on failure. */
export function load(filterId: number): Promise<SavedFilter> {
  return api.getFilter(filterId);
}

/** Creates a saved filter and shows it among the lists. Returns it, or null on failure. */
export async function create(fields: Partial<SavedFilter>): Promise<SavedFilter | null> {
  return told(async () => {
    const filter = await api.createFilter(fields);
    await reloadNamespaces();
    return filter;
  }, 'filters.create.success');
}

/** Saves a changed filter; a merge with someone else's edit is told. Returns whether it was saved. */
export async function update(filter: SavedFilter): Promise<boolean> {
  return toldOk(async () => {
    await api.updateFilter(filter, { onMerged: () => void success('filters.edit.conflictMerged') });
    await reloadNamespaces();
  }, 'filters.edit.success');
}
