// Signing and verifying the HS256 JWTs of the v0.20 API (user tokens and link-share tokens).
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

export async function signToken(secret: string, claims: Omit<UserClaims, 'exp'> | Omit<LinkShareClaims, 'exp'>, ttlSeconds: number): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return new SignJWT({ ...claims, exp } as unknown as JWTPayload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
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
