// RFC 6578 sync tokens of a calendar (a list): the time of its latest change, so a sync-collection report can answer
// with what changed since (tasks updated) and what went (task_tombstones, kept by database triggers).
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ListRow } from '../rights.js';
import { objectsOf, type DavObject } from './store.js';
import { taskUid } from './vtodo.js';

const PREFIX = 'urn:keyflow:sync:';

/** How long the departures of tasks are remembered for sync-collection; older tokens start a client over. */
export const TOMBSTONE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * The uid of a list's pruning marker: a tombstone row standing for every departure forgotten, at the time of the
 * newest of them. A token from before it cannot be answered any more (what left since is unknown).
 */
const PRUNED = '';

export function formatSyncToken(listId: number, changedAt: number): string {
  return `${PREFIX}${listId}-${changedAt}`;
}

/**
 * The moment a token stands for, or null when it is not one of this list's tokens (another list's, malformed, or
 * from the future): the client then gets DAV:valid-sync-token and starts over.
 */
export function parseSyncToken(token: string, listId: number, now = Date.now()): number | null {
  const m = /^urn:keyflow:sync:(\d+)-(\d+)$/.exec(token);
  if (!m || Number(m[1]) !== listId) return null;
  const at = Number(m[2]);
  return Number.isSafeInteger(at) && at <= now + 60_000 ? at : null;
}

const ms = (iso: string | null | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** Each list's token: its latest task update, task departure or own change. */
export async function syncTokens(db: Db, lists: ListRow[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (lists.length === 0) return out;
  const ids = lists.map((l) => l.id);
  const [updated, gone] = await Promise.all([
    db.selectFrom('tasks').select(['list_id', sql<string | null>`max(updated)`.as('at')]).where('list_id', 'in', ids).groupBy('list_id').execute(),
    db.selectFrom('task_tombstones').select(['list_id', sql<string | null>`max(gone_at)`.as('at')]).where('list_id', 'in', ids).groupBy('list_id').execute(),
  ]);
  const latest = new Map<number, number>();
  for (const r of [...updated, ...gone]) latest.set(Number(r.list_id), Math.max(latest.get(Number(r.list_id)) ?? 0, ms(r.at)));
  for (const l of lists) out.set(l.id, formatSyncToken(l.id, Math.max(latest.get(l.id) ?? 0, ms(l.updated))));
  return out;
}

/**
 * What changed in a list from a moment on: tasks updated at or after it (the boundary is included, so a change in the
 * same millisecond is never missed; sending one object twice is harmless) and uids of tasks that left it since.
 */
export async function changedSince(db: Db, listId: number, since: number): Promise<{ objects: DavObject[]; gone: string[] }> {
  const from = new Date(since).toISOString();
  const tasks = await db.selectFrom('tasks').selectAll().where('list_id', '=', listId).where('updated', '>=', from).orderBy('id').execute();
  const objects = await objectsOf(db, tasks);
  const left = await db.selectFrom('task_tombstones').select('uid').distinct().where('list_id', '=', listId).where('gone_at', '>=', from).where('uid', '!=', PRUNED).execute();
  // A task that left and came back (moved out and in again) is reported by what it is now.
  const here = left.length
    ? new Set(
        (await db.selectFrom('tasks').select(['id', 'uid']).where('list_id', '=', listId).execute()).map((t) => taskUid(t)),
      )
    : new Set<string>();
  return { objects, gone: left.map((r) => r.uid).filter((uid) => !here.has(uid)) };
}

/**
 * Whether a moment (a token's) lies before departures this list has forgotten, so its changes cannot be listed.
 * A token at the marker's own time was issued after the newest forgotten departure and is still good, so a list
 * that has not changed since keeps the token it has.
 */
export async function tokenPruned(db: Db, listId: number, since: number): Promise<boolean> {
  const marker = await db.selectFrom('task_tombstones').select(sql<string | null>`max(gone_at)`.as('at')).where('list_id', '=', listId).where('uid', '=', PRUNED).executeTakeFirst();
  return marker?.at != null && since < ms(marker.at);
}

/**
 * Forgets departures older than the retention: each list keeps one marker at the newest forgotten time (tokens
 * before it are refused with DAV:valid-sync-token, so the client lists the calendar afresh), and the tombstones of
 * lists that no longer exist go altogether. Returns how many rows went.
 */
export async function pruneTombstones(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TOMBSTONE_TTL_MS).toISOString();
  const gone = await db.deleteFrom('task_tombstones').where('list_id', 'not in', (eb) => eb.selectFrom('lists').select('id')).executeTakeFirst();
  let removed = Number(gone.numDeletedRows);
  const old = await db.selectFrom('task_tombstones').select(['list_id', sql<string>`max(gone_at)`.as('at'), sql<number>`count(*)`.as('n')]).where('gone_at', '<', cutoff).groupBy('list_id').execute();
  for (const o of old) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('task_tombstones').where('list_id', '=', o.list_id).where('gone_at', '<', cutoff).execute();
      await trx.insertInto('task_tombstones').values({ list_id: o.list_id, uid: PRUNED, gone_at: o.at }).execute();
    });
    removed += Number(o.n) - 1;
  }
  return removed;
}
