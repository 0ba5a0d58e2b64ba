// Signing and verifying the HS256 JWTs of the v0.20 API (user tokens and link-share tokens).
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

export const USER_TOKEN_TTL_S = 72 * 3600;
export const LONG_TOKEN_TTL_S = 30 * 24 * 3600;
export const LINK_SHARE_TOKEN_TTL_S = 72 * 3600;

export const AUTH_TYPE_USER = 1;
export const AUTH_TYPE_LINK_SHARE = 2;

export interface UserClaims {
  type: typeof AUTH_TYPE_USER;
  id: number;
  username: string;
  email: string;
  name: string;
  emailRemindersEnabled: boolean;
  isLocalUser: boolean;
  long: boolean;
  exp: number;
  /**
   * The session's own random id (not in the v0.20 contract; clients ignore claims they do not read). Tokens issued
   * before it existed have none, and are then told apart by their issue time only.
   */
  jti?: string;
}

export interface LinkShareClaims {
  type: typeof AUTH_TYPE_LINK_SHARE;
  id: number;
  hash: string;
  list_id: number;
  right: number;
  sharedByID: number;
  isLocalUser: true;
  exp: number;
}

export type Claims = UserClaims | LinkShareClaims;

const key = (secret: string) => new TextEncoder().encode(secret);

/** Signs a token; a user token gets a new session id (jti) unless the claims bring one. */
export async function signToken(secret: string, claims: Omit<UserClaims, 'exp'> | Omit<LinkShareClaims, 'exp'>, ttlSeconds: number): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  const jti = claims.type === AUTH_TYPE_USER ? { jti: claims.jti ?? randomBytes(12).toString('base64url') } : {};
  return new SignJWT({ ...claims, ...jti, exp } as unknown as JWTPayload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/** A session as the cut-off of a password change sees it: when its token was issued, and its id if it has one. */
export interface SessionMark {
  /** Unix seconds. */
  issuedAt: number;
  jti?: string | undefined;
}

/**
 * Whether a password change or reset ended this session: it began before the cut-off and is not the session that
 * made the change (known by its jti, or by its issue time when that token had no jti).
 */
export function sessionEnded(
  user: { sessions_valid_after: number; sessions_kept_iat: number; sessions_kept_jti: string },
  session: SessionMark,
): boolean {
  if (session.issuedAt >= user.sessions_valid_after) return false;
  if (user.sessions_kept_jti !== '') return session.jti !== user.sessions_kept_jti;
  return !(user.sessions_kept_iat > 0 && session.issuedAt === user.sessions_kept_iat);
}

/**
 * Tokens already verified, with their claims, until they expire: every API request carries one, and HMAC
 * verification (with the key import it needs) was a tenth of a request's CPU. Keyed by secret and token, bounded.
 */
const verified = new Map<string, Claims>();
const VERIFIED_MAX = 5000;

/** The verified claims, or null when the token is malformed, forged or expired. */
export async function verifyToken(secret: string, token: string): Promise<Claims | null> {
  const cacheKey = `${secret.length}:${secret}\n${token}`;
  const hit = verified.get(cacheKey);
  if (hit) {
    if (hit.exp * 1000 > Date.now()) return hit;
    verified.delete(cacheKey);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const type = Number(payload.type);
    if ((type !== AUTH_TYPE_USER && type !== AUTH_TYPE_LINK_SHARE) || typeof payload.id !== 'number') return null;
    const claims = payload as unknown as Claims;
    if (typeof claims.exp === 'number') {
      // Oldest first out when full (a Map keeps insertion order).
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
      verified.set(cacheKey, claims);
    }
    return claims;
  } catch {
    return null;
  }
}
