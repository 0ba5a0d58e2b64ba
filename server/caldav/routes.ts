// The CalDAV endpoint under /dav: lists as calendars, tasks as VTODO objects, Basic auth with CalDAV tokens.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../context.js';
import { ApiError } from '../errors.js';
import { davAttempt, guardsOf } from '../failureGuard.js';
import { basicAuth, type CachedAuth } from './davAuth.js';
import { DAV_PREFIX, parseTarget } from './paths.js';
import { DavError } from './davRequest.js';
import { propfind } from './methods/propfind.js';
import { report } from './methods/report.js';
import { getObject } from './methods/get.js';
import { putObject } from './methods/put.js';
import { deleteObject } from './methods/delete.js';
import { moveObject } from './methods/move.js';
import { proppatch } from './methods/proppatch.js';

export { DAV_PREFIX };
const REALM = 'Keyflow CalDAV';
const DAV_METHODS = ['PROPFIND', 'PROPPATCH', 'REPORT', 'MKCOL', 'MKCALENDAR', 'COPY', 'MOVE'] as const;
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, MOVE, PROPFIND, PROPPATCH, REPORT';

declare module 'fastify' {
  interface FastifyRequest {
    davUser?: UserRow;
  }
}

async function caldavPlugin(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  for (const type of ['application/xml', 'text/xml', 'text/calendar', 'text/plain']) {
    app.addContentTypeParser(type, { parseAs: 'string' }, (_req, body, done) => done(null, body));
  }
  // Some clients send WebDAV bodies without a content type at all, or with odd ones.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  // Wrong credentials are counted per client address, like sign-in attempts, and per account, like passwords at
  // sign-in, in the database (shared by every process), so tokens and passwords can't be guessed at full speed;
  // requests without credentials (the first probe of every client) don't count.
  const guards = guardsOf(app.ctx);
  const authCache = new Map<string, CachedAuth>();

  app.addHook('onRequest', async (req, reply) => {
    reply.header('DAV', '1, 3, calendar-access');
    if (req.method === 'OPTIONS') return;
    const credentials = guards && req.headers.authorization ? await davAttempt(db, req.headers.authorization) : null;
    if (guards && credentials) {
      const wait = Math.max(await guards.dav.blockedFor(req.ip), credentials.account ? await guards.accounts.blockedFor(credentials.account, req.ip) : 0);
      if (wait > 0) {
        reply.code(429).header('Retry-After', String(Math.ceil(wait / 1000))).type('text/plain').send('Too Many Requests');
        return reply;
      }
    }
    const user = await basicAuth(db, config, authCache, req.headers.authorization);
    if (!user) {
      if (guards && credentials) {
        await guards.dav.fail(req.ip);
        if (credentials.account) await guards.accounts.fail(credentials.account);
      }
      reply.code(401).header('WWW-Authenticate', `Basic realm="${REALM}", charset="UTF-8"`).type('text/plain').send('Unauthorized');
      return reply;
    }
    req.davUser = user;
  });

  const handler = async (req: FastifyRequest, reply: FastifyReply) => {
    const target = parseTarget(req.url);
    try {
      if (req.method === 'OPTIONS') return reply.code(200).header('Allow', ALLOW).header('Content-Length', '0').send();
      const user = req.davUser;
      if (!user) throw new DavError(401, 'Unauthorized');
      switch (req.method) {
        case 'PROPFIND':
          return await propfind(db, user, target, req, reply);
        case 'REPORT':
          return await report(db, user, target, req, reply);
        case 'GET':
        case 'HEAD':
          return await getObject(db, user, target, req, reply);
        case 'PUT':
          return await putObject(db, user, target, req, reply);
        case 'DELETE':
          return await deleteObject(db, config, user, target, req, reply);
        case 'PROPPATCH':
          return proppatch(req, reply);
        case 'MOVE':
          return await moveObject(db, user, target, req, reply);
        default:
          // Lists are made in Keyflow, not by clients (MKCALENDAR, MKCOL); COPY has no use for tasks.
          throw new DavError(405, 'Method Not Allowed');
      }
    } catch (err) {
      if (err instanceof DavError) {
        if (err.status === 405) reply.header('Allow', ALLOW);
        if (err.body) return reply.code(err.status).type('application/xml; charset=utf-8').send(err.body);
        return reply.code(err.status).type('text/plain; charset=utf-8').send(err.message);
      }
      if (err instanceof ApiError) return reply.code(err.status).type('text/plain; charset=utf-8').send(err.message);
      throw err;
    }
  };

  const methods = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...DAV_METHODS];
  app.route({ method: methods, url: '/', handler });
  app.route({ method: methods, url: '/*', handler });
}

/** Registers /dav (and the /.well-known/caldav pointer to it) when CalDAV is enabled. */
export async function registerCaldav(app: FastifyInstance): Promise<void> {
  for (const m of DAV_METHODS) app.addHttpMethod(m, { hasBody: true });
  await app.register(caldavPlugin, { prefix: DAV_PREFIX });
  // RFC 6764 discovery: clients given only the host find the endpoint here.
  for (const method of ['GET', 'PROPFIND'] as const) {
    app.route({ method, url: '/.well-known/caldav', handler: (_req, reply) => reply.redirect(`${DAV_PREFIX}/`, 301) });
  }
}
