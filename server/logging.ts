// The server's log: one JSON line per event (pino, through Fastify), one line per answered request, and nothing that
// could sign someone in (tokens, passwords, tickets, share hashes never reach a line).
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';
import type PinoPretty from 'pino-pretty';
import type { Config } from './config.js';

/** The readable form for a terminal, loaded only there: a service's JSON lines never load pino-pretty. */
function prettyStream() {
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pretty({ colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' });
}

/** Fastify's logger options: JSON lines, or a readable form when a person watches the terminal. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (!config.logging) return false;
  return {
    level: config.logLevel,
    redact: { paths: ['password', 'token', 'ticket', 'authorization', '*.password', '*.token', '*.authorization'], censor: '[hidden]' },
    ...(process.stdout.isTTY ? { stream: prettyStream() } : {}),
  };
}

/** One line per answered request: its id, method, route pattern, status and time. /health is debug-level. */
export function logRequests(app: FastifyInstance, config: Config): void {
  // A silent server (tests, KEYFLOW_LOG=false) adds no hook to every request.
  if (!config.logging) return;
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? null;
    const line = { method: req.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (route === '/health') req.log.debug(line, 'request');
    else if (reply.statusCode >= 500) req.log.error(line, 'request');
    else req.log.info(line, 'request');
  });
}
