// Lists as values: the pseudo-list ids (favorites, saved filters); no network.
/** The favorites pseudo list (tasks the caller starred). */
export const FAVORITES_LIST_ID = -1;

/** Saved filters appear as pseudo lists with id −(filterId + 1). */
export function isSavedFilterList(list: { id: number } | number): boolean {
  const id = typeof list === 'number' ? list : list.id;
  return id < FAVORITES_LIST_ID;
}
export function filterIdOfList(listId: number): number {
  return -listId - 1;
}
export function listIdOfFilter(filterId: number): number {
  return -(filterId + 1);
}
