// Who a CalDAV request is: HTTP Basic with a CalDAV token or the account password, successes remembered briefly.
import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Auth, UserRow } from '../context.js';
import type { Config } from '../config.js';
import { verifyPassword } from '../auth/password.js';
import { caldavTokenMatches, TOKEN_KIND_CALDAV } from '../routes/caldavTokens.js';
import { enabledTotpSecret } from '../routes/totp.js';

/**
 * What a successful check depended on: the user's stored token hashes and password hash. While these are unchanged
 * the same credentials still verify, so a cached success needs no bcrypt; deleting a token or changing the password
 * changes the fingerprint and forces a fresh check at once.
 */
async function credentialFingerprint(db: Db, user: UserRow, totpOn: boolean): Promise<string> {
  const rows = await db.selectFrom('user_tokens').select('token').where('user_id', '=', user.id).where('kind', '=', TOKEN_KIND_CALDAV).orderBy('id').execute();
  return createHash('sha256')
    .update([user.issuer, user.password, totpOn ? 'totp' : '', ...rows.map((r) => r.token)].join('\n'))
    .digest('base64');
}

export interface CachedAuth {
  userId: number;
  fingerprint: string;
  expires: number;
}

const AUTH_CACHE_MS = 10 * 60_000;
const AUTH_CACHE_MAX = 1000;

/**
 * HTTP Basic: the username with one of the user's CalDAV tokens, or (local accounts without two-factor) the account
 * password. With TOTP on, the password alone must not open what sign-in guards with a second factor, and Basic auth
 * has no room for a passcode: only CalDAV tokens work then.
 * Clients send the same header on every request of a sync, so successes are remembered by a hash of the header
 * (never the secret itself) to spare a bcrypt comparison per token on each request.
 */
export async function basicAuth(db: Db, config: Config, cache: Map<string, CachedAuth>, header: string | undefined): Promise<UserRow | null> {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const username = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (!username || !secret) return null;
  const user = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  // Disabled accounts and ones still waiting for e-mail confirmation get no CalDAV access either.
  if (!user || user.status !== 0) return null;
  const cacheKey = createHash('sha256').update(m[1]).digest('base64');
  // As at sign-in: two-factor counts only while the server offers it.
  const totpOn = config.totpEnabled && (await enabledTotpSecret(db, user.id)) !== null;
  const fingerprint = await credentialFingerprint(db, user, totpOn);
  const hit = cache.get(cacheKey);
  if (hit && hit.userId === user.id && hit.fingerprint === fingerprint && hit.expires > Date.now()) return user;
  cache.delete(cacheKey);
  const ok =
    (await caldavTokenMatches(db, user.id, secret)) ||
    (user.issuer === 'local' && Boolean(user.password) && !totpOn && (await verifyPassword(secret, user.password)));
  if (!ok) return null;
  if (cache.size >= AUTH_CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(cacheKey, { userId: user.id, fingerprint, expires: Date.now() + AUTH_CACHE_MS });
  return user;
}

export function authOfUser(user: UserRow): Auth {
  return { kind: 'user', userId: user.id, user, long: false };
}
