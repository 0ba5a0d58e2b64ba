// The local copy's names, without the database code: index.html's boot script (src/app/routePreload.ts) reads the copy
// with them before the app's scripts have loaded.

/** Every copy's database name starts with this. */
export const COPY_PREFIX = 'keyflow:';

/** The database of one user on one server: `keyflow:<API address>:<user id>`, so nobody ever opens another's copy. */
export function copyName(apiUrl: string, userId: number): string {
  return `${COPY_PREFIX}${apiUrl}:${userId}`;
}

/** The last screens of a user on a server are kept in local storage under this prefix and the same address and id. */
export const SCREENS_PREFIX = 'keyflow-screens:';

export function screensKey(apiUrl: string, userId: number): string {
  return `${SCREENS_PREFIX}${apiUrl}:${userId}`;
}

export type StoreName = 'taskShards' | 'lists' | 'namespaces' | 'labels' | 'queries' | 'boards' | 'meta';

/** Every store of the copy (a transaction over the whole copy names them all). */
export const STORE_NAMES: StoreName[] = ['taskShards', 'lists', 'namespaces', 'labels', 'queries', 'boards', 'meta'];
