// Wire shapes shared by many routes.
import type { Selectable } from 'kysely';
import type { UsersTable } from './db/schema.js';
import { toWireDate } from './clock.js';

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
