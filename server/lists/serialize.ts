// Wire shapes of lists, namespaces, saved filters and the pseudo ones, built for many rows with a fixed number of queries.
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { Auth, UserRow } from '../context.js';
import type { SavedFiltersTable } from '../db/schema.js';
import type { ListRow, NamespaceRow } from '../rights.js';
import { toWireDate, nowIso } from '../clock.js';
import { userJson, linkShareUserJson, usersById } from '../serialize.js';
import { listSubscriptions, namespaceSubscriptions, type SubscriptionJson } from '../subscriptions.js';

export type SavedFilterRow = Selectable<SavedFiltersTable>;
type UserJson = ReturnType<typeof userJson>;

export const FAVORITE_KIND = { task: 1, list: 2 } as const;
export const PSEUDO_NAMESPACE = { sharedLists: -1, favorites: -2, savedFilters: -3 } as const;
export const FAVORITES_PSEUDO_LIST_ID = -1;

/** Saved filter id ↔ pseudo list id: filter n is list −(n+1), so −1 stays the favourites list. */
export const listIdOfFilter = (filterId: number) => -(filterId + 1);
export const filterIdOfList = (listId: number) => -listId - 1;

export interface ListJson {
  id: number;
  title: string;
  description: string;
  identifier: string;
  hex_color: string;
  namespace_id: number;
  owner: UserJson | null;
  is_archived: boolean;
  background_information: { Type: string } | null;
  background_blur_hash: string;
  is_favorite: boolean;
  subscription?: SubscriptionJson;
  position: number;
  created: string;
  updated: string;
}

export interface NamespaceJson {
  id: number;
  title: string;
  description: string;
  hex_color: string;
  is_archived: boolean;
  owner: UserJson | null;
  subscription?: SubscriptionJson;
  created: string;
  updated: string;
  lists?: ListJson[] | null;
}

const unique = (ids: number[]) => [...new Set(ids)];

/** The caller as a user object (link shares as their pseudo user). */
export function callerJson(auth: Auth): UserJson {
  return auth.kind === 'user' ? userJson(auth.user) : linkShareUserJson(auth.share);
}

/** The ids (lists, and filters as pseudo list ids) the caller marked as favourite. */
export async function favoriteListIds(db: Db, auth: Auth, ids?: number[]): Promise<Set<number>> {
  if (auth.kind !== 'user') return new Set();
  if (ids && ids.length === 0) return new Set();
  let q = db.selectFrom('favorites').select('entity_id').where('user_id', '=', auth.userId).where('kind', '=', FAVORITE_KIND.list);
  if (ids) q = q.where('entity_id', 'in', unique(ids));
  return new Set((await q.execute()).map((r) => r.entity_id));
}

/** Serialises lists: owner, favourite flag, background, subscription (own or the namespace's), archive state. */
export async function listsJson(db: Db, auth: Auth, rows: ListRow[]): Promise<ListJson[]> {
  if (rows.length === 0) return [];
  const owners = await usersById(db, rows.map((r) => r.owner_id));
  const nsIds = unique(rows.map((r) => r.namespace_id));
  const archivedNs = new Set(
    (await db.selectFrom('namespaces').select(['id', 'is_archived']).where('id', 'in', nsIds).execute()).filter((n) => n.is_archived).map((n) => n.id),
  );
  const favorites = await favoriteListIds(db, auth, rows.map((r) => r.id));
  const subs = auth.kind === 'user' ? await listSubscriptions(db, auth.userId, rows) : new Map<number, SubscriptionJson>();
  return rows.map((l) => {
    const out: ListJson = {
      id: l.id,
      title: l.title,
      description: l.description,
      identifier: l.identifier,
      hex_color: l.hex_color,
      namespace_id: l.namespace_id,
      owner: owners.get(l.owner_id) ?? null,
      // An archived namespace makes its lists read only, so they report archived too.
      is_archived: Boolean(l.is_archived) || archivedNs.has(l.namespace_id),
      background_information: l.background_file_id ? { Type: 'upload' } : null,
      background_blur_hash: l.background_blur_hash,
      is_favorite: favorites.has(l.id),
      position: l.position,
      created: toWireDate(l.created),
      updated: toWireDate(l.updated),
    };
    const sub = subs.get(l.id);
    if (sub) out.subscription = sub;
    return out;
  });
}

export async function listJson(db: Db, auth: Auth, row: ListRow): Promise<ListJson> {
  return (await listsJson(db, auth, [row]))[0];
}

/** Serialises namespaces with owner and subscription (lists are attached by the caller). */
export async function namespacesJson(db: Db, auth: Auth, rows: NamespaceRow[]): Promise<NamespaceJson[]> {
  if (rows.length === 0) return [];
  const owners = await usersById(db, rows.map((r) => r.owner_id));
  const subs = auth.kind === 'user' ? await namespaceSubscriptions(db, auth.userId, rows.map((r) => r.id)) : new Map<number, SubscriptionJson>();
  return rows.map((n) => {
    const out: NamespaceJson = {
      id: n.id,
      title: n.title,
      description: n.description,
      hex_color: n.hex_color,
      is_archived: Boolean(n.is_archived),
      owner: owners.get(n.owner_id) ?? null,
      created: toWireDate(n.created),
      updated: toWireDate(n.updated),
    };
    const sub = subs.get(n.id);
    if (sub) out.subscription = sub;
    return out;
  });
}

const PSEUDO_NAMESPACES: Record<number, { title: string; description: string }> = {
  [PSEUDO_NAMESPACE.sharedLists]: { title: 'Shared Lists', description: 'Lists of other users shared with you via teams or directly.' },
  [PSEUDO_NAMESPACE.favorites]: { title: 'Favorites', description: 'This namespace contains all favorite lists.' },
  [PSEUDO_NAMESPACE.savedFilters]: { title: 'Filters', description: 'This namespace contains all saved filters.' },
};

export const isPseudoNamespace = (id: number) => id in PSEUDO_NAMESPACES;

/** A pseudo namespace (−1 shared lists, −2 favourites, −3 filters), owned by the caller. */
export function pseudoNamespaceJson(id: number, owner: UserJson | UserRow): NamespaceJson {
  const meta = PSEUDO_NAMESPACES[id];
  const now = nowIso();
  const o = 'email' in owner ? userJson(owner) : owner;
  return { id, title: meta.title, description: meta.description, hex_color: '', is_archived: false, owner: o, created: now, updated: now };
}

/** The favourites pseudo list −1 (read only; its tasks are the caller's favourite tasks). */
export function favoritesPseudoListJson(owner: UserJson): ListJson {
  const now = nowIso();
  return {
    id: FAVORITES_PSEUDO_LIST_ID,
    title: 'Favorites',
    description: 'This list has all tasks marked as favorites.',
    identifier: '',
    hex_color: '',
    namespace_id: PSEUDO_NAMESPACE.favorites,
    owner,
    is_archived: false,
    background_information: null,
    background_blur_hash: '',
    is_favorite: false,
    position: -1,
    created: now,
    updated: now,
  };
}

export interface SavedFilterJson {
  id: number;
  title: string;
  description: string;
  filters: Record<string, unknown>;
  owner: UserJson | null;
  is_favorite: boolean;
  created: string;
  updated: string;
}

export function savedFilterJson(f: SavedFilterRow, owner: UserJson | null, isFavorite: boolean): SavedFilterJson {
  let filters: Record<string, unknown> = {};
  try {
    filters = JSON.parse(f.filters) as Record<string, unknown>;
  } catch {
    // A broken row still reads as an empty filter rather than failing the whole response.
  }
  return {
    id: f.id,
    title: f.title,
    description: f.description,
    filters,
    owner,
    is_favorite: isFavorite,
    created: toWireDate(f.created),
    updated: toWireDate(f.updated),
  };
}

/** A saved filter as the pseudo list −(id+1) it also is; it lives in pseudo namespace −3. */
export function filterAsListJson(f: SavedFilterRow, owner: UserJson | null, isFavorite: boolean): ListJson {
  return {
    id: listIdOfFilter(f.id),
    title: f.title,
    description: f.description,
    identifier: '',
    hex_color: '',
    namespace_id: PSEUDO_NAMESPACE.savedFilters,
    owner,
    is_archived: false,
    background_information: null,
    background_blur_hash: '',
    is_favorite: isFavorite,
    position: 0,
    created: toWireDate(f.created),
    updated: toWireDate(f.updated),
  };
}
