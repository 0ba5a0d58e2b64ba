// The contents of the pseudo namespaces: −1 lists shared with the caller, −2 favourites, −3 saved filters.
import type { Db } from '../db/database.js';
import type { Auth } from '../context.js';
import type { ListRow } from '../rights.js';
import { reachableLists } from '../rights.js';
import {
  FAVORITE_KIND,
  PSEUDO_NAMESPACE,
  callerJson,
  favoriteListIds,
  favoritesPseudoListJson,
  filterAsListJson,
  filterIdOfList,
  listsJson,
  type ListJson,
} from './serialize.js';

const byPosition = (a: { position: number; id: number }, b: { position: number; id: number }) => a.position - b.position || a.id - b.id;

async function visible(db: Db, ids: number[], withArchived: boolean): Promise<ListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('lists')
    .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
    .selectAll('lists')
    .select('namespaces.is_archived as ns_archived')
    .where('lists.id', 'in', ids)
    .execute();
  return rows
    .filter((r) => withArchived || (!r.is_archived && !r.ns_archived))
    .map(({ ns_archived: _n, ...l }) => l)
    .sort(byPosition);
}

/** Lists shared with the caller directly or through a team that the caller does not own (shown with namespace_id −1). */
export async function sharedLists(db: Db, auth: Auth, withArchived: boolean): Promise<ListJson[]> {
  if (auth.kind !== 'user') return [];
  const direct = await db.selectFrom('users_lists').select('list_id').where('user_id', '=', auth.userId).execute();
  const viaTeam = await db
    .selectFrom('team_lists')
    .innerJoin('team_members', 'team_members.team_id', 'team_lists.team_id')
    .select('team_lists.list_id')
    .where('team_members.user_id', '=', auth.userId)
    .execute();
  const ids = [...new Set([...direct, ...viaTeam].map((r) => r.list_id))];
  const rows = (await visible(db, ids, withArchived)).filter((l) => l.owner_id !== auth.userId);
  return (await listsJson(db, auth, rows)).map((l) => ({ ...l, namespace_id: PSEUDO_NAMESPACE.sharedLists }));
}

/** The caller's saved filters as pseudo lists. */
export async function filterLists(db: Db, auth: Auth): Promise<ListJson[]> {
  if (auth.kind !== 'user') return [];
  const filters = await db.selectFrom('saved_filters').selectAll().where('owner_id', '=', auth.userId).orderBy('id').execute();
  const favorites = await favoriteListIds(db, auth);
  const owner = callerJson(auth);
  return filters.map((f) => filterAsListJson(f, owner, favorites.has(-(f.id + 1))));
}

/** Whether the caller has favourite tasks in lists they can still reach. */
export async function hasFavoriteTasks(db: Db, auth: Auth): Promise<boolean> {
  if (auth.kind !== 'user') return false;
  const rows = await db
    .selectFrom('favorites')
    .innerJoin('tasks', 'tasks.id', 'favorites.entity_id')
    .select('tasks.list_id')
    .where('favorites.user_id', '=', auth.userId)
    .where('favorites.kind', '=', FAVORITE_KIND.task)
    .execute();
  if (rows.length === 0) return false;
  const reachable = await reachableLists(db, auth);
  return rows.some((r) => reachable.has(r.list_id));
}

/** Pseudo list −1 (when there are favourite tasks), favourite lists the caller still reaches, favourite filters. */
export async function favoriteLists(db: Db, auth: Auth, withArchived: boolean): Promise<ListJson[]> {
  if (auth.kind !== 'user') return [];
  const favorites = [...(await favoriteListIds(db, auth))];
  const out: ListJson[] = [];
  if (await hasFavoriteTasks(db, auth)) out.push(favoritesPseudoListJson(callerJson(auth)));
  const listIds = favorites.filter((id) => id > 0);
  if (listIds.length) {
    const reachable = await reachableLists(db, auth);
    const rows = await visible(db, listIds.filter((id) => reachable.has(id)), withArchived);
    out.push(...(await listsJson(db, auth, rows)));
  }
  const filterIds = favorites.filter((id) => id < -1).map(filterIdOfList);
  if (filterIds.length) {
    const filters = await db.selectFrom('saved_filters').selectAll().where('owner_id', '=', auth.userId).where('id', 'in', filterIds).orderBy('id').execute();
    const owner = callerJson(auth);
    out.push(...filters.map((f) => filterAsListJson(f, owner, true)));
  }
  return out;
}

/** The lists of pseudo namespace `id`. */
export async function pseudoNamespaceLists(db: Db, auth: Auth, id: number, withArchived: boolean): Promise<ListJson[]> {
  if (id === PSEUDO_NAMESPACE.sharedLists) return sharedLists(db, auth, withArchived);
  if (id === PSEUDO_NAMESPACE.favorites) return favoriteLists(db, auth, withArchived);
  return filterLists(db, auth);
}
