// What every route can reach: configuration, database, and the authenticated caller of a request.
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { UsersTable, LinkSharesTable } from './db/schema.js';
import { apiError, forbidden, unauthorized } from './errors.js';

export type UserRow = Selectable<UsersTable>;
export type LinkShareRow = Selectable<LinkSharesTable>;

export interface ServerContext {
  config: Config;
  db: Db;
}

/** The caller of a request: a signed-in user, or a link share acting as pseudo user −shareId. */
export type Auth =
  | {
      kind: 'user';
      userId: number;
      user: UserRow;
      long: boolean;
      /** When the request's token was issued (unix s), if a token signed it in. */
      issuedAt?: number;
      /** The session id (jti) of that token, when it has one. */
      jti?: string | undefined;
    }
  | { kind: 'link'; userId: number; share: LinkShareRow };

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
    /** True from the stop signal on (shutdown.ts): /health answers 503 and answers close their connection. */
    draining: boolean;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
}

/** The authenticated caller; 401 when the route was reached without one. */
export function authOf(req: FastifyRequest): Auth {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

/** The signed-in user; link shares get 403 (they may not use account routes). */
export function userOf(req: FastifyRequest): UserRow {
  const auth = authOf(req);
  if (auth.kind !== 'user') throw forbidden();
  return auth.user;
}

/** Parses a positive integer path parameter (2001 when empty or 0, 400 when not a number). */
export function idParam(value: unknown, name = 'id'): number {
  const s = String(value ?? '');
  if (s === '' || s === '0') throw apiError(2001);
  if (!/^-?\d+$/.test(s)) throw apiError(2002, `Invalid ${name}.`);
  const n = Number(s);
  // Ids are 32-bit in PostgreSQL: a longer number names nothing and must not reach the database.
  if (Math.abs(n) > 2_147_483_647) throw apiError(2002, `Invalid ${name}.`);
  return n;
}
