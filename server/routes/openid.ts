// Sign-in through an OpenID Connect provider: exchange the code, verify the id token, find or create the user.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { OpenIdProviderConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../context.js';
import { apiError, badRequest, notFound } from '../errors.js';
import { nowIso } from '../clock.js';
import { rateLimited } from '../rateLimit.js';
import { signInToken } from './auth.js';
import { createAccount } from '../users/createAccount.js';

interface Discovery {
  issuer: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** Discovery documents change rarely; an hour keeps key rotation and config fixes visible soon enough. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;

const discoveryCache = new Map<string, { at: number; doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }>();

/** A provider-side failure: answered like the reference server (500, generic message, no secrets). */
class ProviderError extends Error {}

/**
 * Where to look for the discovery document: the configured issuer, else the authorization URL with
 * trailing path segments removed one at a time (…/realms/x/protocol/openid-connect/auth → …/realms/x).
 */
export function issuerCandidates(p: Pick<OpenIdProviderConfig, 'issuer' | 'authUrl'>): string[] {
  if (p.issuer) return [p.issuer.replace(/\/+$/, '')];
  let url: URL;
  try {
    url = new URL(p.authUrl);
  } catch {
    return [];
  }
  const segments = url.pathname.split('/').filter(Boolean);
  const out: string[] = [];
  for (let n = segments.length - 1; n >= 0; n--) out.push(`${url.origin}${n ? `/${segments.slice(0, n).join('/')}` : ''}`);
  return out;
}

async function fetchJson(url: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

async function discover(p: OpenIdProviderConfig): Promise<{ doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }> {
  const cached = discoveryCache.get(p.key + p.authUrl + (p.issuer ?? ''));
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached;
  for (const base of issuerCandidates(p)) {
    const { status, body } = await fetchJson(`${base}/.well-known/openid-configuration`).catch(() => ({ status: 0, body: null }));
    const doc = body as Partial<Discovery> | null;
    if (status !== 200 || !doc || typeof doc.issuer !== 'string' || typeof doc.token_endpoint !== 'string' || typeof doc.jwks_uri !== 'string') continue;
    const entry = { at: Date.now(), doc: doc as Discovery, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    discoveryCache.set(p.key + p.authUrl + (p.issuer ?? ''), entry);
    return entry;
  }
  throw new ProviderError(`No OpenID discovery document found for provider ${p.key}`);
}

/** Trades the authorization code for tokens, authenticating as the client the way the provider supports. */
async function exchangeCode(p: OpenIdProviderConfig, doc: Discovery, code: string, redirectUri: string): Promise<{ id_token: string; access_token?: string }> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  // Exactly one client authentication method may be used (RFC 6749 §2.3); basic is the default.
  if (!methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    form.set('client_id', p.clientId);
    form.set('client_secret', p.clientSecret);
  } else {
    const basic = Buffer.from(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(p.clientSecret)}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
  }
  const { status, body } = await fetchJson(doc.token_endpoint, { method: 'POST', headers, body: form.toString() });
  const tokens = body as { id_token?: unknown; access_token?: unknown } | null;
  if (status !== 200 || !tokens || typeof tokens.id_token !== 'string') throw new ProviderError(`Token exchange with ${p.key} failed (HTTP ${status})`);
  return { id_token: tokens.id_token, access_token: typeof tokens.access_token === 'string' ? tokens.access_token : undefined };
}

interface Identity {
  issuer: string;
  subject: string;
  email: string;
  name: string;
  preferredUsername: string;
}

const claim = (c: JWTPayload | Record<string, unknown>, key: string): string => (typeof c[key] === 'string' ? (c[key] as string).trim() : '');

async function identify(p: OpenIdProviderConfig, code: string, redirectUri: string): Promise<Identity> {
  const { doc, jwks } = await discover(p);
  const tokens = await exchangeCode(p, doc, code, redirectUri);
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(tokens.id_token, jwks, { issuer: doc.issuer, audience: p.clientId }));
  } catch (err) {
    throw new ProviderError(`The id token of ${p.key} did not verify: ${(err as Error).message}`);
  }
  if (!claims.sub) throw new ProviderError(`The id token of ${p.key} has no subject`);
  let extra: Record<string, unknown> = {};
  // Some providers only put profile claims in the userinfo response.
  if ((!claim(claims, 'email') || !claim(claims, 'preferred_username')) && doc.userinfo_endpoint && tokens.access_token) {
    const info = await fetchJson(doc.userinfo_endpoint, { headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' } }).catch(() => null);
    const body = info?.body as Record<string, unknown> | null | undefined;
    if (info?.status === 200 && body && body.sub === claims.sub) extra = body;
  }
  const pick = (key: string) => claim(claims, key) || claim(extra, key);
  return {
    issuer: doc.issuer,
    subject: claims.sub,
    email: pick('email'),
    name: pick('name'),
    preferredUsername: pick('preferred_username') || pick('nickname'),
  };
}

/** A free username from the provider's suggestion: the name itself, else name2, name3, … */
async function freeUsername(db: Db, wanted: string): Promise<string> {
  // No spaces or "@" (see registration): an address-like suggestion keeps its local part.
  const base = wanted.split('@')[0]!.replace(/\s+/g, '').slice(0, 240) || 'user';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', candidate.toLowerCase()))
      .executeTakeFirst();
    if (!taken) return candidate;
  }
}

async function findOrCreateUser(db: Db, who: Identity): Promise<UserRow> {
  const existing = await db.selectFrom('users').selectAll().where('issuer', '=', who.issuer).where('subject', '=', who.subject).executeTakeFirst();
  if (existing) {
    if (existing.status === 2) throw apiError(1020);
    // The provider is the source of truth for these; follow its changes.
    const changes: Partial<Pick<UserRow, 'email' | 'name'>> = {};
    if (who.email && who.email !== existing.email) changes.email = who.email;
    if (who.name && who.name !== existing.name) changes.name = who.name;
    if (Object.keys(changes).length === 0) return existing;
    await db.updateTable('users').set({ ...changes, updated: nowIso() }).where('id', '=', existing.id).execute();
    return { ...existing, ...changes };
  }
  if (!who.email) throw apiError(1019);
  return db.transaction().execute(async (trx) => {
    const username = await freeUsername(trx, who.preferredUsername || who.email.split('@')[0]);
    // No local password: signing in with one answers 1021. Like registration, the account starts with a namespace.
    const user = await createAccount(trx, { username, email: who.email, passwordHash: '', name: who.name, issuer: who.issuer, subject: who.subject });
    return user;
  });
}

function providerFailure(reply: FastifyReply) {
  return reply.code(500).send({ message: 'Could not authenticate against third party.' });
}

export default async function openid(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;

  app.post<{ Params: { provider: string } }>('/auth/openid/:provider/callback', { onRequest: rateLimited(app) }, async (req, reply) => {
    const provider = config.openIdProviders.find((p) => p.key === req.params.provider.toLowerCase());
    if (!provider) throw notFound();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!code) throw badRequest('The authorization code is missing.');
    // The code is bound to the redirect URI the client sent the user to; the client may name it.
    const redirectUri = typeof body.redirect_url === 'string' && body.redirect_url ? body.redirect_url : `${config.publicUrl}auth/openid/${provider.key}`;
    let who: Identity;
    try {
      who = await identify(provider, code, redirectUri);
    } catch (err) {
      // Logged without the code or any token; the caller only learns that the provider said no.
      req.log.warn({ provider: provider.key, reason: (err as Error).message }, 'OpenID sign-in failed');
      return providerFailure(reply);
    }
    const user = await findOrCreateUser(db, who);
    return { token: await signInToken(db, config, user, false) };
  });
}

/** Tests start fresh providers on new ports; stale discovery results must not leak between them. */
export function clearDiscoveryCache(): void {
  discoveryCache.clear();
}
