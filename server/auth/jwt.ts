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

/** The verified claims, or null when the token is malformed, forged or expired. */
export async function verifyToken(secret: string, token: string): Promise<Claims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    const type = Number(payload.type);
    if ((type !== AUTH_TYPE_USER && type !== AUTH_TYPE_LINK_SHARE) || typeof payload.id !== 'number') return null;
    return payload as unknown as Claims;
  } catch {
    return null;
  }
}
