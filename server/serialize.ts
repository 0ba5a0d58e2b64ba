// Wire shapes shared by many routes.
import type { Selectable } from 'kysely';
import type { UsersTable } from './db/schema.js';
import { toWireDate } from './clock.js';
import { generationBatchCache, type Db } from './db/database.js';

/** A user as other users see it: never the e-mail address, never the password. */
export function userJson(u: Pick<Selectable<UsersTable>, 'id' | 'name' | 'username' | 'created' | 'updated'>) {
  return { id: u.id, name: u.name, username: u.username, created: toWireDate(u.created), updated: toWireDate(u.updated) };
}

/** The pseudo user a link share acts as (id −shareId). */
export function linkShareUserJson(share: { id: number; name: string; created: string; updated: string }) {
  return {
    id: -share.id,
    name: share.name ? `${share.name} (Link Share)` : 'Link Share',
    username: share.name,
    created: toWireDate(share.created),
    updated: toWireDate(share.updated),
  };
}

export const bool = (v: number | boolean | null | undefined): boolean => Boolean(v);

export type UserJson = ReturnType<typeof userJson>;

/** Public user JSON by id until the next write: every task names its creator, every label and list theirs. */
const publicUsers = generationBatchCache<UserJson>();

/**
 * Users as others see them by id, and link-share pseudo users for negative ids (what a link share created),
 * in one query per kind for the ids not already read since the last write. The objects are shared and frozen.
 */
export async function usersById(db: Db, ids: Iterable<number>): Promise<Map<number, UserJson>> {
  return publicUsers(db, ids, async (missing) => {
    const out = new Map<number, UserJson>();
    const users = missing.filter((id) => id > 0);
    const shares = missing.filter((id) => id < 0).map((id) => -id);
    if (users.length) {
      const rows = await db.selectFrom('users').select(['id', 'name', 'username', 'created', 'updated']).where('id', 'in', users).execute();
      for (const r of rows) out.set(r.id, userJson(r));
    }
    if (shares.length) {
      const rows = await db.selectFrom('link_shares').select(['id', 'name', 'created', 'updated']).where('id', 'in', shares).execute();
      for (const r of rows) out.set(-r.id, linkShareUserJson(r));
    }
    return out;
  });
}
