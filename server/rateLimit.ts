// Per-IP request limit for the unauthenticated sign-in routes (login, register, resets, link-share auth, OpenID).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from './context.js';

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
 * One limiter per server, shared by every limited route: like the reference server, a client gets
 * `rateLimit` sign-in attempts per minute in total, not per route.
 */
const limiters = new WeakMap<ServerContext, RateLimiter | null>();

function limiterOf(ctx: ServerContext): RateLimiter | null {
  if (!limiters.has(ctx)) {
    const limit = ctx.config.rateLimit;
    limiters.set(ctx, Number.isFinite(limit) && limit > 0 ? new RateLimiter(Math.floor(limit)) : null);
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
    const { allowed, remaining, resetMs } = limiter.hit(req.ip);
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
