// The sign-in rate limit counted in the database, as servers on PostgreSQL use it: several limiters (processes) on
// one database share each client's window.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from './helpers.js';
import { SharedRateLimiter, RATE_WINDOW_MS } from '../../server/rateLimit.js';
import { openDatabase, type Db } from '../../server/db/database.js';

describe('shared rate limiter', () => {
  let app: FastifyInstance;
  let other: Db;
  let now = 1_000_000;
  const clock = () => now;
  beforeAll(async () => {
    app = await createTestServer();
    // A second pool on PostgreSQL stands for a second process; in-memory SQLite has only the one connection.
    other = process.env.KEYFLOW_TEST_DATABASE_URL ? openDatabase(app.ctx.config.databaseUrl) : app.ctx.db;
  });
  afterAll(async () => {
    if (other !== app.ctx.db) await other.destroy();
    await app.close();
  });

  it('counts the hits of every limiter on the database in one window per key', async () => {
    const a = new SharedRateLimiter(3, app.ctx.db, RATE_WINDOW_MS, clock);
    const b = new SharedRateLimiter(3, other, RATE_WINDOW_MS, clock);
    expect(await a.hit('10.0.0.1')).toEqual({ allowed: true, remaining: 2, resetMs: RATE_WINDOW_MS });
    now += 1000;
    expect((await b.hit('10.0.0.1')).remaining).toBe(1);
    expect((await a.hit('10.0.0.1')).allowed).toBe(true);
    const refused = await b.hit('10.0.0.1');
    expect(refused).toEqual({ allowed: false, remaining: 0, resetMs: RATE_WINDOW_MS - 1000 });
    // Another client has its own window.
    expect((await b.hit('10.0.0.2')).allowed).toBe(true);
    now += RATE_WINDOW_MS;
    expect(await a.hit('10.0.0.1')).toEqual({ allowed: true, remaining: 2, resetMs: RATE_WINDOW_MS });
  });

  it('lets no more than the limit through when hits race', async () => {
    const limiters = [new SharedRateLimiter(5, app.ctx.db, RATE_WINDOW_MS, clock), new SharedRateLimiter(5, other, RATE_WINDOW_MS, clock)];
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => limiters[i % 2].hit('10.0.0.9')));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('forgets windows that are over', async () => {
    now += 10 * RATE_WINDOW_MS;
    await new SharedRateLimiter(3, app.ctx.db, RATE_WINDOW_MS, clock).hit('10.0.0.3');
    const keys = (await app.ctx.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['10.0.0.3']);
  });
});
