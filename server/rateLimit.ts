// Per-IP request limit for the unauthenticated sign-in routes (login, register, resets, link-share auth, OpenID).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ServerContext } from './context.js';
import { isPostgresUrl, type Db } from './db/database.js';

export const RATE_WINDOW_MS = 60_000;

interface Window {
  start: number;
  count: number;
}

/**
 * Fixed-window counter per key, as the reference server's limiter counts: at most `limit` hits per
 * window, the window starting with the first hit. Expired windows are dropped while counting, so memory
 * stays proportional to the clients seen in the last minute.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    private readonly windowMs = RATE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for `key`; `allowed` false once the window is full. */
  hit(key: string): { allowed: boolean; remaining: number; resetMs: number } {
    const t = this.now();
    this.sweep(t);
    let w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    const resetMs = w.start + this.windowMs - t;
    return { allowed: w.count <= this.limit, remaining: Math.max(0, this.limit - w.count), resetMs };
  }

  private sweep(t: number): void {
    if (t - this.lastSweep < this.windowMs) return;
    this.lastSweep = t;
    for (const [key, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(key);
  }
}

/**
 * The same fixed windows, counted in the database (table rate_limits) for servers on PostgreSQL, where several
 * processes may serve one client: counted in each process, N processes behind a proxy would allow N times the
 * attempts. One upsert per hit both counts and restarts an expired window, atomically under concurrent hits.
 */
export class SharedRateLimiter {
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    private readonly db: Db,
    private readonly windowMs = RATE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string): Promise<{ allowed: boolean; remaining: number; resetMs: number }> {
    const t = this.now();
    const expired = t - this.windowMs;
    const { rows } = await sql<{ window_start: number; hits: number }>`
      insert into rate_limits (key, window_start, hits) values (${key}, ${t}, 1)
      on conflict (key) do update set
        window_start = case when rate_limits.window_start <= ${expired} then ${t} else rate_limits.window_start end,
        hits = case when rate_limits.window_start <= ${expired} then 1 else rate_limits.hits + 1 end
      returning window_start, hits`.execute(this.db);
    const { window_start, hits } = rows[0]!;
    if (t - this.lastSweep >= this.windowMs) {
      // Rows of clients gone quiet; any process may sweep, and sweeping twice is harmless.
      this.lastSweep = t;
      await this.db.deleteFrom('rate_limits').where('window_start', '<=', expired).execute();
    }
    const resetMs = Number(window_start) + this.windowMs - t;
    return { allowed: hits <= this.limit, remaining: Math.max(0, this.limit - hits), resetMs };
  }
}

/**
 * One limiter per server, shared by every limited route: like the reference server, a client gets
 * `rateLimit` sign-in attempts per minute in total, not per route. SQLite is one process's database, so its
 * counts stay in memory.
 */
const limiters = new WeakMap<ServerContext, RateLimiter | SharedRateLimiter | null>();

function limiterOf(ctx: ServerContext): RateLimiter | SharedRateLimiter | null {
  if (!limiters.has(ctx)) {
    const limit = ctx.config.rateLimit;
    const enabled = Number.isFinite(limit) && limit > 0;
    limiters.set(
      ctx,
      !enabled ? null : isPostgresUrl(ctx.config.databaseUrl) ? new SharedRateLimiter(Math.floor(limit), ctx.db) : new RateLimiter(Math.floor(limit)),
    );
  }
  return limiters.get(ctx) ?? null;
}

/**
 * A route hook enforcing `config.rateLimit` requests per minute per IP (0 = off), answering
 * 429 `{"message":"Too Many Requests on <url>"}`. Attach as `onRequest` (counts before the body is
 * parsed, so floods of bad bodies count too) or as `preHandler`:
 *   app.post('/shares/:hash/auth', { onRequest: rateLimited(app) }, handler)
 */
export function rateLimited(app: FastifyInstance): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  const ctx = app.ctx;
  return async (req, reply) => {
    const limiter = limiterOf(ctx);
    if (!limiter) return undefined;
    const { allowed, remaining, resetMs } = await limiter.hit(req.ip);
    const resetS = Math.ceil(resetMs / 1000);
    reply.header('x-ratelimit-limit', String(limiter.limit));
    reply.header('x-ratelimit-remaining', String(remaining));
    reply.header('x-ratelimit-reset', String(resetS));
    if (!allowed) {
      reply.header('retry-after', String(resetS));
      // Returning the reply tells Fastify the request is answered and the handler must not run.
      return reply.code(429).send({ message: `Too Many Requests on ${req.url}` });
    }
    return undefined;
  };
}
