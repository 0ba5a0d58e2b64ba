// Slow clients: a request whose headers never finish, or whose promised body stops arriving, is dropped within the
// configured time, and one address holds a bounded number of open connections. Live event streams (a GET whose
// request is complete at once) and uploads that keep sending are not affected.
import { Socket } from 'node:net';
import type { IncomingMessage, ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';

/** How often unfinished headers and stalled bodies are looked for: a fraction of the timeout, at most a second. */
function slowClientCheckMs(timeoutMs: number): number {
  return Math.max(50, Math.min(1000, Math.floor(timeoutMs / 4)));
}

/**
 * Node's own limit for headers, checked at the interval above (Node checks every 30 s by default, and allows 60 s:
 * a request that never finished its headers held its connection 60 to 90 s).
 */
export function slowClientServerOptions(config: Config): ServerOptions {
  return { headersTimeout: config.slowClientTimeoutMs, connectionsCheckingInterval: slowClientCheckMs(config.slowClientTimeoutMs) };
}

interface Watched {
  bytesRead: number;
  since: number;
}

/**
 * Drops a request that promised a body (a length or chunks) once no byte of it arrived for the timeout. Counted on
 * the socket, without reading the body (the routes do), so progress is any byte received; a body the server has
 * not read yet (bytes waiting in its buffer) is the server's wait, not the client's.
 */
function guardBodies(app: FastifyInstance, timeoutMs: number): void {
  const watched = new Map<IncomingMessage, Watched>();
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const [req, w] of watched) {
      if (req.complete || req.destroyed || req.socket.destroyed) {
        watched.delete(req);
      } else if (req.socket.bytesRead !== w.bytesRead || req.readableLength > 0) {
        w.bytesRead = req.socket.bytesRead;
        w.since = now;
      } else if (now - w.since >= timeoutMs) {
        watched.delete(req);
        req.socket.destroy();
      }
    }
    if (watched.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };
  app.addHook('onRequest', async (req) => {
    const raw = req.raw;
    // Injected requests (tests) have no real socket to wait on.
    if (raw.complete || !(raw.socket instanceof Socket)) return;
    const promisesBody = Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
    if (!promisesBody) return;
    watched.set(raw, { bytesRead: raw.socket.bytesRead, since: Date.now() });
    if (!sweeper) {
      sweeper = setInterval(sweep, slowClientCheckMs(timeoutMs));
      sweeper.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    watched.clear();
  });
}

/**
 * At most `max` open connections per client address; one beyond is closed at once. Behind a trusted reverse proxy
 * every connection comes from the proxy, so the cap belongs there and is not applied here.
 */
function capConnections(app: FastifyInstance, max: number): void {
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** The guards against slow and greedy clients; first among the hooks, so a stalled body is watched from its start. */
export function registerSlowClientGuards(app: FastifyInstance, config: Config): void {
  guardBodies(app, config.slowClientTimeoutMs);
  if (config.maxConnectionsPerAddress > 0 && !config.trustProxy) capConnections(app, config.maxConnectionsPerAddress);
}
