// Shared helpers for server tests: an in-memory server, users with tokens, and JSON requests.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { hashPassword } from '../../server/auth/password.js';
import { signToken, USER_TOKEN_TTL_S } from '../../server/auth/jwt.js';
import { nowIso } from '../../server/clock.js';
import type { Config } from '../../server/config.js';

export { createTestServer };

export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

let counter = 0;

/** Inserts a confirmed local user straight into the database and signs a token for it. */
export async function makeUser(app: FastifyInstance, name?: string): Promise<TestUser> {
  counter += 1;
  const username = name ?? `user${counter}`;
  const email = `${username}@example.com`;
  const password = 'secret-password';
  const now = nowIso();
  const row = await app.ctx.db
    .insertInto('users')
    .values({ username, email, password: await hashPassword(password), name: '', created: now, updated: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signToken(
    app.ctx.config.jwtSecret,
    { type: 1, id: row.id, username, email, name: '', emailRemindersEnabled: true, isLocalUser: true, long: false },
    USER_TOKEN_TTL_S,
  );
  return { id: row.id, username, email, password, token };
}

/** `app.inject` with a bearer token and a JSON body. */
export function call(app: FastifyInstance, method: InjectOptions['method'], url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return app.inject({ method, url: `/api/v1${url}`, headers, ...(opts.body !== undefined ? { payload: opts.body as object } : {}) });
}

export async function testServer(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  return createTestServer(overrides);
}
