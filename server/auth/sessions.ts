// Stored sessions: every sign-in is a row named by the `jti` its tokens carry. A password change or reset ends the
// account's other sessions by id, to the millisecond, and an ended session is neither accepted nor renewed. Tokens
// signed before sessions were stored have no row (or no jti): the users' cut-off columns decide for them.
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { nowIso } from '../clock.js';
import { LONG_TOKEN_TTL_S, USER_TOKEN_TTL_S, sessionEnded, type SessionMark } from './jwt.js';

type Db = Kysely<DB> | Transaction<DB>;

/** What of an account decides about its tokens without a stored session (see sessionEnded). */
interface SessionUser {
  id: number;
  sessions_valid_after: number;
  sessions_kept_iat: number;
  sessions_kept_jti: string;
}

export interface StoredSession {
  user_id: number;
  ended: string | null;
}

/** A row outlives its newest token by this much, so a clock step never drops the row of a token still valid. */
const ROW_MARGIN_S = 300;

/** Until when a session's row is kept when its newest token is signed now (unix seconds). */
function sessionExpiry(long: boolean, nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000) + (long ? LONG_TOKEN_TTL_S : USER_TOKEN_TTL_S) + ROW_MARGIN_S;
}

/** Starts the session of a sign-in and answers its id (the jti of its tokens); the user's expired rows go. */
export async function startSession(db: Db, userId: number, long: boolean): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires', '<', Math.floor(Date.now() / 1000))
    .execute();
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created: nowIso(), expires: sessionExpiry(long), ended: null })
    .execute();
  return id;
}

export async function storedSession(db: Db, jti: string): Promise<StoredSession | undefined> {
  return db.selectFrom('sessions').select(['user_id', 'ended']).where('id', '=', jti).executeTakeFirst();
}

/**
 * Whether a token's session stands, given its stored row (looked up by the token's jti): a row must be the user's
 * and not ended; without one, the token is from before sessions were stored and the cut-off of the account's last
 * password change decides.
 */
export function sessionStandsBy(row: StoredSession | undefined, user: SessionUser, mark: SessionMark): boolean {
  if (row) return row.user_id === user.id && row.ended === null;
  return !sessionEnded(user, mark);
}

export async function sessionStands(db: Db, user: SessionUser, mark: SessionMark): Promise<boolean> {
  return sessionStandsBy(mark.jti ? await storedSession(db, mark.jti) : undefined, user, mark);
}

/**
 * Renews a session for a token about to be signed: its row's expiry moves on, in one statement that only touches a
 * session not ended, so a renewal racing a password change either comes first (and the change ends it) or is
 * refused. A token without a row gets one now (under its jti, or a new one), unless the cut-off ended it: read with
 * the account's row locked (PostgreSQL; SQLite runs one transaction at a time), so a change cannot slip between.
 * Answers the jti to sign with, or null when the session has ended.
 */
export async function renewSession(db: Kysely<DB>, postgres: boolean, userId: number, mark: SessionMark, long: boolean): Promise<string | null> {
  const expires = sessionExpiry(long);
  if (mark.jti) {
    const renewed = await db
      .updateTable('sessions')
      .set({ expires })
      .where('id', '=', mark.jti)
      .where('user_id', '=', userId)
      .where('ended', 'is', null)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) > 0) return mark.jti;
    if (await storedSession(db, mark.jti)) return null;
  }
  const jti = mark.jti ?? randomBytes(12).toString('base64url');
  return db.transaction().execute(async (trx) => {
    let read = trx.selectFrom('users').select(['id', 'sessions_valid_after', 'sessions_kept_iat', 'sessions_kept_jti', 'status']).where('id', '=', userId);
    if (postgres) read = read.forUpdate();
    const user = await read.executeTakeFirst();
    if (!user || user.status === 2 || sessionEnded(user, mark)) return null;
    const row = await trx
      .insertInto('sessions')
      .values({ id: jti, user_id: userId, created: nowIso(), expires, ended: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Another renewal of the same token stored it first: it stands only while not ended.
    if (!row) return (await sessionStands(trx, user, { ...mark, jti })) ? jti : null;
    return jti;
  });
}

/**
 * Ends the account's sessions but `keep` (the session changing the password; null: all of them), by id; tokens
 * without a stored session issued up to this second are ended by the cut-off columns (they are all from before
 * sessions were stored, so the second of the change itself is included). Run in the transaction of the change.
 */
export async function endSessions(trx: Db, userId: number, keep: SessionMark | null): Promise<void> {
  const now = Date.now();
  // The issue time is kept also for a session with a jti: a process of an older version reads only that.
  await trx
    .updateTable('users')
    .set({ sessions_valid_after: Math.floor(now / 1000) + 1, sessions_kept_iat: keep?.issuedAt ?? 0, sessions_kept_jti: keep?.jti ?? '' })
    .where('id', '=', userId)
    .execute();
  let end = trx
    .updateTable('sessions')
    .set({ ended: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('ended', 'is', null);
  if (keep?.jti) end = end.where('id', '<>', keep.jti);
  await end.execute();
}
