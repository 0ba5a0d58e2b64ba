// Limits on wrong credentials that every server process shares (counted in the database): CalDAV's per-address
// block, and the per-account password limit that stops many addresses guessing one account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './db/database.js';
import type { ServerContext } from './context.js';
import { ApiError } from './errors.js';
import { RATE_WINDOW_MS } from './rateLimit.js';

/**
 * Counts failures per key in fixed windows (the window starts with the first failure and is not stretched by later
 * ones), in the database so that N processes behind a proxy do not allow N times the guesses. Only failures write;
 * asking whether a key is blocked is one primary-key read.
 */
export class FailureGuard {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    /** Key prefix: one table holds every guard's windows. */
    private readonly scope: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may try again: 0 while it has failed no more than `limit` times in its window. */
  async blockedFor(key: string): Promise<number> {
    const t = this.now();
    const row = await this.db.selectFrom('failure_windows').select(['window_start', 'failures']).where('key', '=', `${this.scope}:${key}`).executeTakeFirst();
    if (!row || row.failures <= this.limit) return 0;
    return Math.max(0, Number(row.window_start) + this.windowMs - t);
  }

  /** Counts one failure; answers how long `key` is now blocked (0 while under the limit). */
  async fail(key: string): Promise<number> {
    const t = this.now();
    const expired = t - this.windowMs;
    // One upsert both counts and restarts an expired window, atomically under concurrent failures.
    const { rows } = await sql<{ window_start: number; failures: number }>`
      insert into failure_windows (key, window_start, failures) values (${`${this.scope}:${key}`}, ${t}, 1)
      on conflict (key) do update set
        window_start = case when failure_windows.window_start <= ${expired} then ${t} else failure_windows.window_start end,
        failures = case when failure_windows.window_start <= ${expired} then 1 else failure_windows.failures + 1 end
      returning window_start, failures`.execute(this.db);
    if (t - this.lastSweep >= this.windowMs) {
      this.lastSweep = t;
      await this.db.deleteFrom('failure_windows').where('key', 'like', `${this.scope}:%`).where('window_start', '<=', expired).execute();
    }
    const { window_start, failures } = rows[0]!;
    return failures > this.limit ? Math.max(0, Number(window_start) + this.windowMs - t) : 0;
  }
}

/** Wrong passwords one account may take in a window from addresses it never signed in from. */
export const ACCOUNT_FAILURE_LIMIT = 10;
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** How long an address stays known to an account after its last sign-in there with the right password. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/**
 * The per-account password limit. Per-address limits do not stop a guesser spread over many addresses; this counts
 * every wrong password of one account, from anywhere, and after ACCOUNT_FAILURE_LIMIT in ACCOUNT_WINDOW_MS refuses
 * further password attempts on it until the window ends. So that a guesser cannot lock the real user out, the lock
 * does not apply to addresses the account signed in from with its password in the last KNOWN_ADDRESS_MS (they stay
 * under the per-address limit). Names that match no account are counted by the name typed, so the lock tells
 * nothing about which accounts exist.
 */
export class AccountGuard {
  private readonly failures: FailureGuard;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    limit = ACCOUNT_FAILURE_LIMIT,
    windowMs = ACCOUNT_WINDOW_MS,
  ) {
    this.failures = new FailureGuard(db, 'account', limit, windowMs, now);
  }

  private static key(account: { userId: number } | { name: string }): string {
    return 'userId' in account ? `id:${account.userId}` : `name:${account.name.trim().toLowerCase()}`;
  }

  /** Milliseconds the password attempt from `ip` must wait; 0 when it may be checked. */
  async blockedFor(account: { userId: number } | { name: string }, ip: string): Promise<number> {
    const wait = await this.failures.blockedFor(AccountGuard.key(account));
    if (wait === 0 || !('userId' in account)) return wait;
    const known = await this.db
      .selectFrom('known_sign_ins')
      .select('last_success')
      .where('user_id', '=', account.userId)
      .where('ip', '=', ip)
      .executeTakeFirst();
    return known && Number(known.last_success) > this.now() - KNOWN_ADDRESS_MS ? 0 : wait;
  }

  async fail(account: { userId: number } | { name: string }): Promise<void> {
    await this.failures.fail(AccountGuard.key(account));
  }

  /** The right password from `ip`: the address is known to the account from now on. */
  async succeeded(userId: number, ip: string): Promise<void> {
    const t = this.now();
    await this.db
      .insertInto('known_sign_ins')
      .values({ user_id: userId, ip, last_success: t })
      .onConflict((oc) => oc.columns(['user_id', 'ip']).doUpdateSet({ last_success: t }))
      .execute();
    if (t - this.lastSweep >= 24 * 3600_000) {
      this.lastSweep = t;
      await this.db.deleteFrom('known_sign_ins').where('last_success', '<=', t - KNOWN_ADDRESS_MS).execute();
    }
  }
}

export interface Guards {
  /** CalDAV's wrong credentials per client address. */
  dav: FailureGuard;
  accounts: AccountGuard;
}

const guards = new WeakMap<ServerContext, Guards | null>();

/** The server's guards; null when `config.rateLimit` is 0 (limits off, as for the sign-in limit). */
export function guardsOf(ctx: ServerContext): Guards | null {
  if (!guards.has(ctx)) {
    const limit = ctx.config.rateLimit;
    const on = Number.isFinite(limit) && limit > 0;
    guards.set(ctx, on ? { dav: new FailureGuard(ctx.db, 'dav', Math.floor(limit), RATE_WINDOW_MS), accounts: new AccountGuard(ctx.db) } : null);
  }
  return guards.get(ctx) ?? null;
}

/** The 429 a blocked attempt gets, shaped as the sign-in limit's. */
export function tooManyAttempts(reply: FastifyReply, url: string, waitMs: number): FastifyReply {
  return reply.code(429).header('retry-after', String(Math.ceil(waitMs / 1000))).send({ message: `Too Many Requests on ${url}` });
}

/**
 * A password check of a signed-in user (password and e-mail change, TOTP disable, deletion, export) under the same
 * per-account limit as the sign-in: a wrong password counts against the account, and once the account is locked the
 * check is refused (429, as the sign-in's) before the password is even looked at, from any address the account has
 * not signed in from lately. So a stolen session cannot guess the password from many addresses, and guesses at the
 * sign-in and behind a session add up. `verify` does the check itself; answers whether the password was right.
 */
export async function guardedPasswordCheck(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, userId: number, verify: () => Promise<boolean>): Promise<boolean> {
  const guard = guardsOf(ctx)?.accounts;
  const account = { userId };
  const wait = guard ? await guard.blockedFor(account, req.ip) : 0;
  if (wait > 0) {
    reply.header('retry-after', String(Math.ceil(wait / 1000)));
    throw new ApiError(429, null, `Too Many Requests on ${req.url}`);
  }
  if (await verify()) {
    await guard?.succeeded(userId, req.ip);
    return true;
  }
  await guard?.fail(account);
  return false;
}

/**
 * The account a CalDAV request's credentials name (Basic auth), for the per-account limit: by id when the name is
 * an account's, else by the name; `account` null when the header names none.
 */
export async function davAttempt(db: Db, authorization: string): Promise<{ account: { userId: number } | { name: string } | null }> {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  const decoded = m ? Buffer.from(m[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const name = colon > 0 ? decoded.slice(0, colon) : '';
  if (!name) return { account: null };
  const user = await db.selectFrom('users').select('id').where('username', '=', name).executeTakeFirst();
  return { account: user ? { userId: user.id } : { name } };
}
