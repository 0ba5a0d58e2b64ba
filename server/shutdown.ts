// Clean shutdown for service managers: on SIGTERM or SIGINT stop accepting, answer what was taken, end live streams
// with a reconnect hint, close the database and exit 0, all within a bounded time.
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The longest a stop waits for requests in flight; what still runs then is cut. */
export const DRAIN_LIMIT_MS = 10_000;
/**
 * How long a connection accepted just before the stop has to get its request read. Node counts a connection whose
 * request has not been read yet as idle, and its own close() cuts idle connections at once.
 */
const GRACE_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Stops the server as a service manager expects; resolves when the database is closed. */
export async function drain(app: FastifyInstance, limitMs = DRAIN_LIMIT_MS): Promise<void> {
  const deadline = Date.now() + limitMs;
  app.draining = true;
  app.liveEvents?.endStreams();
  // net.Server's close, not http.Server's: no new connections, and the accepted ones keep their chance to be read.
  const allClosed = new Promise<void>((resolve) => net.Server.prototype.close.call(app.server, () => resolve()));
  const settled = Promise.race([allClosed, sleep(Math.min(GRACE_MS, limitMs))]);
  await settled;
  // Keep-alive connections with nothing to answer (a browser's, say) would hold the stop until they time out.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  app.server.closeIdleConnections();
  let cut = false;
  await Promise.race([allClosed, sleep(deadline - Date.now()).then(() => (cut = true))]);
  clearInterval(reaper);
  if (cut) {
    app.log.warn('drain limit reached: closing the connections still open');
    app.server.closeAllConnections();
  }
  await app.close();
}

export function drainOnSignals(app: FastifyInstance, limitMs = DRAIN_LIMIT_MS): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A repeated signal changes nothing: Ctrl+C under `npm start` reaches the server twice (from the terminal and
    // from npm forwarding it).
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining');
    drain(app, limitMs).then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
