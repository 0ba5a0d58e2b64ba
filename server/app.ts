// Builds the Fastify app: JSON conventions, authentication, error mapping, the API routes and the client.
import Fastify, { LogController, type FastifyInstance, type FastifyError } from 'fastify';
import type { Config } from './config.js';
import { generationCache, type Db } from './db/database.js';
import { ApiError, unauthorized } from './errors.js';
import { AJV_OPTIONS, formatSchemaErrors } from './validation.js';
import { verifyToken, AUTH_TYPE_USER, LONG_TOKEN_TTL_S, USER_TOKEN_TTL_S } from './auth/jwt.js';
import { sessionStandsBy, storedSession, type StoredSession } from './auth/sessions.js';
import type { Auth, UserRow } from './context.js';
import { apiRoutes } from './routes/index.js';
import { registerCaldav } from './caldav/routes.js';
import { registerClient } from './static.js';
import { registerSecurityHeaders } from './securityHeaders.js';
import { registerSlowClientGuards, slowClientServerOptions } from './slowClients.js';
import { serviceRoutes, type ApiRoute } from './routes/service.js';
import { sql } from 'kysely';
import { LIVE_EVENT_ID_HEADER, registerLiveEvents } from './events.js';
import { loggerOptions, logRequests } from './logging.js';

export const API_PREFIX = '/api/v1';

/** Signed-in users by id until the next write: every request reads its caller. */
const users = generationCache<UserRow | undefined>();
/** Stored sessions by jti, likewise (a password change that ends one is a write). */
const sessions = generationCache<StoredSession | undefined>();

/** Routes reachable without a token (method + path after the prefix). */
const PUBLIC_ROUTES: RegExp[] = [
  /^GET \/info$/,
  /^GET \/avatar\/[^/]+$/,
  /^GET \/docs(\.json)?$/,
  /^POST \/(login|register|user\/password\/token|user\/password\/reset|user\/confirm)$/,
  /^POST \/auth\/openid\/[^/]+\/callback$/,
  /^POST \/shares\/[^/]+\/auth$/,
  /^GET \/user\/export\/download\/public$/,
  // Live updates: EventSource sends no header; the stream checks its short-lived ticket itself.
  /^GET \/events$/,
  // Checks the testing token itself (and exists only when one is configured).
  /^PATCH \/test\/[^/]+$/,
];

function isPublicRoute(method: string, path: string): boolean {
  const route = `${method} ${path}`;
  return PUBLIC_ROUTES.some((r) => r.test(route));
}

async function authenticate(app: FastifyInstance, header: string | undefined): Promise<Auth> {
  if (!header || !/^Bearer\s+\S+/i.test(header)) throw unauthorized('missing or malformed jwt');
  const token = header.replace(/^Bearer\s+/i, '').trim();
  const claims = await verifyToken(app.ctx.config.jwtSecret, token);
  if (!claims) throw unauthorized('invalid or expired jwt');
  const { db } = app.ctx;
  if (claims.type === AUTH_TYPE_USER) {
    const id = claims.id;
    const user = await users(db, String(id), () => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst());
    if (!user || user.status === 2) throw unauthorized('invalid or expired jwt');
    // A password change or reset ends the account's sessions but the one that made the change: by the stored
    // session of the token's jti, or for a token from before sessions were stored by its issue time (from the
    // expiry and the token's lifetime: the claims of the contract carry no iat).
    const issuedAt = claims.exp - (claims.long ? LONG_TOKEN_TTL_S : USER_TOKEN_TTL_S);
    const jti = typeof claims.jti === 'string' && claims.jti !== '' ? claims.jti : undefined;
    const session = jti ? await sessions(db, jti, () => storedSession(db, jti)) : undefined;
    if (!sessionStandsBy(session, user, { issuedAt, jti })) throw unauthorized('invalid or expired jwt');
    return { kind: 'user', userId: user.id, user, long: Boolean(claims.long), issuedAt, jti };
  }
  const share = await db.selectFrom('link_shares').selectAll().where('id', '=', claims.id).executeTakeFirst();
  if (!share || share.hash !== claims.hash) throw unauthorized('invalid or expired jwt');
  return { kind: 'link', userId: -share.id, share };
}

export async function buildApp(config: Config, db: Db): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // One line per answered request comes from logRequests, by route pattern instead of the raw URL.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Only behind a known reverse proxy may X-Forwarded-For decide the client address (rate limits key on it).
    trustProxy: config.trustProxy,
    // Headers that never finish are dropped after config.slowClientTimeoutMs (see slowClients.ts).
    http: slowClientServerOptions(config),
    // Route body schemas: every problem reported, nothing coerced, one formatter for the catalogue's 2002.
    ajv: { customOptions: { ...AJV_OPTIONS } },
    schemaErrorFormatter: formatSchemaErrors,
  });
  app.decorate('ctx', { config, db });
  app.decorate('draining', false);
  logRequests(app, config);
  // While the process drains, every answer closes its connection, so clients come back through a new one (to
  // another process, or this one restarted).
  app.addHook('onSend', async (_req, reply) => {
    if (app.draining) reply.header('connection', 'close');
  });
  app.decorateRequest('auth', null);
  registerSlowClientGuards(app, config);
  // First, so every answer carries them, also the ones a later hook ends early (401, CORS preflight).
  await registerSecurityHeaders(app, config.clientDir, config.serveClient);

  // JSON bodies: an empty body is an empty object, malformed JSON is a 400 without code.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '').trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, null, 'Invalid JSON in request body.'), undefined);
    }
  });

  app.addHook('onRequest', async (req, reply) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Access-Control-Expose-Headers', `x-pagination-total-pages, x-pagination-result-count, x-max-right, etag, ${LIVE_EVENT_ID_HEADER}`);
    if (!req.url.startsWith(API_PREFIX)) return;
    if (req.method === 'OPTIONS') {
      reply
        .header('Access-Control-Allow-Methods', 'GET, PUT, POST, DELETE, PATCH, OPTIONS')
        .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, If-Match, Last-Event-ID')
        .code(204)
        .send();
      return reply;
    }
    const isPublic = isPublicRoute(req.method, req.url.slice(API_PREFIX.length).split('?')[0]);
    const header = req.headers.authorization;
    if (isPublic) {
      // Public routes still know the caller when a valid token comes along.
      if (header) req.auth = await authenticate(app, header).catch(() => null);
      return;
    }
    req.auth = await authenticate(app, header);
  });

  // An absent (or JSON null) body reads as an empty object, as the reference binds it, so a body schema sees {}
  // and names the missing fields instead of refusing the whole body.
  app.addHook('preValidation', async (req) => {
    if ((req.body === undefined || req.body === null) && req.routeOptions.schema?.body) req.body = {};
  });

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.status).send(err.toJSON());
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: 'Request Entity Too Large' });
    if (status === 415) return reply.code(415).send({ message: 'Unsupported Media Type' });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: err.message });
    req.log.error(err);
    return reply.code(500).send({ message: 'Internal Server Error' });
  });

  // Every API route as registered, for the API's description (/docs.json).
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith(API_PREFIX)) return;
    const path = r.url.slice(API_PREFIX.length);
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, path, public: isPublicRoute(method, path) });
    }
  });
  // Before the API routes, so its hooks see their writes.
  await registerLiveEvents(app, API_PREFIX);
  await app.register(apiRoutes, { prefix: API_PREFIX });
  await app.register(serviceRoutes(routes, API_PREFIX), { prefix: API_PREFIX });

  // Outside the API base, for load balancers and monitors: 200 while the database answers and the process is not
  // stopping.
  app.get('/health', async (_req, reply) => {
    if (app.draining) return reply.code(503).type('text/plain').send('draining');
    try {
      await sql`select 1`.execute(db);
      return reply.type('text/plain').send('OK');
    } catch {
      return reply.code(503).type('text/plain').send('database unavailable');
    }
  });
  // CalDAV lives outside the API prefix and must be registered before the client's not-found fallback.
  if (config.caldavEnabled) await registerCaldav(app);

  await registerClient(app, config.clientDir, config.serveClient);

  return app;
}
