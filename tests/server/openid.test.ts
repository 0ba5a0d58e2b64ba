import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { generateKeyPair, exportJWK, SignJWT, type JWK, type CryptoKey } from 'jose';
import { createTestServer, makeUser, call } from './helpers.js';
import { issuerCandidates, clearDiscoveryCache } from '../../server/routes/openid.js';
import type { OpenIdProviderConfig } from '../../server/config.js';

interface FakeGrant {
  sub: string;
  email?: string;
  preferred_username?: string;
  nickname?: string;
  name?: string;
  /** Override claims of the id token (bad audience, issuer, …). */
  tamper?: Record<string, unknown>;
  /** Claims only the userinfo endpoint tells. */
  userinfo?: Record<string, unknown>;
  signWithOtherKey?: boolean;
}

/** A tiny OpenID provider on 127.0.0.1: discovery, JWKS, token endpoint (basic auth) and userinfo. */
async function fakeProvider(clientId: string, clientSecret: string, issuerPath = '/realms/test') {
  const app = Fastify();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, FakeGrant>();
  const accessTokens = new Map<string, FakeGrant>();
  const seen: { redirect_uri: string; authorization: string | undefined }[] = [];
  // Known once listening; the handlers read it then.
  let issuer = '';

  app.get(`${issuerPath}/.well-known/openid-configuration`, async () => ({
    issuer,
    authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    userinfo_endpoint: `${issuer}/userinfo`,
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
  }));
  app.get(`${issuerPath}/jwks`, async () => ({ keys: [jwk] }));
  app.post(`${issuerPath}/token`, async (req, reply) => {
    const body = req.body as Record<string, string>;
    seen.push({ redirect_uri: body.redirect_uri, authorization: req.headers.authorization });
    const expected = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return reply.code(401).send({ error: 'invalid_client' });
    const grant = grants.get(body.code);
    if (body.grant_type !== 'authorization_code' || !grant) return reply.code(400).send({ error: 'invalid_grant' });
    grants.delete(body.code);
    const claims: Record<string, unknown> = { sub: grant.sub };
    for (const k of ['email', 'preferred_username', 'nickname', 'name'] as const) if (grant[k] !== undefined) claims[k] = grant[k];
    const key: CryptoKey = grant.signWithOtherKey ? other.privateKey : privateKey;
    const idToken = await new SignJWT({ ...claims, ...(grant.tamper ?? {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(typeof grant.tamper?.iss === 'string' ? grant.tamper.iss : issuer)
      .setAudience(typeof grant.tamper?.aud === 'string' ? grant.tamper.aud : clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    const access = `at-${Math.random().toString(36).slice(2)}`;
    accessTokens.set(access, grant);
    return { access_token: access, token_type: 'Bearer', expires_in: 300, id_token: idToken };
  });
  app.get(`${issuerPath}/userinfo`, async (req, reply) => {
    const grant = accessTokens.get(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!grant) return reply.code(401).send({});
    return { sub: grant.sub, ...(grant.userinfo ?? {}) };
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${issuerPath}`;

  let n = 0;
  return {
    issuer,
    authUrl: `${issuer}/protocol/openid-connect/auth`,
    seen,
    /** Registers what the provider will say for a new code and returns the code. */
    grant(g: FakeGrant): string {
      n += 1;
      const code = `code-${n}`;
      grants.set(code, g);
      return code;
    },
    close: () => app.close(),
  };
}

describe('OpenID Connect callback', () => {
  let idp: Awaited<ReturnType<typeof fakeProvider>>;
  let app: FastifyInstance;
  const clientId = 'keyflow';
  const clientSecret = 's3cret:with/odd chars';
  beforeAll(async () => {
    clearDiscoveryCache();
    idp = await fakeProvider(clientId, clientSecret);
    const provider: OpenIdProviderConfig = { key: 'test', name: 'Test IdP', authUrl: idp.authUrl, logoutUrl: '', clientId, clientSecret };
    app = await createTestServer({ openIdProviders: [provider] });
  });
  afterAll(async () => {
    await app.close();
    await idp.close();
  });

  const callback = (body: unknown, provider = 'test') => call(app, 'POST', `/auth/openid/${provider}/callback`, { body });

  it('derives discovery locations from the authorization URL', () => {
    expect(issuerCandidates({ authUrl: 'https://idp.example/realms/x/protocol/openid-connect/auth' })).toEqual([
      'https://idp.example/realms/x/protocol/openid-connect',
      'https://idp.example/realms/x/protocol',
      'https://idp.example/realms/x',
      'https://idp.example/realms',
      'https://idp.example',
    ]);
    expect(issuerCandidates({ authUrl: 'whatever', issuer: 'https://idp.example/' })).toEqual(['https://idp.example']);
    expect(issuerCandidates({ authUrl: 'not a url' })).toEqual([]);
  });

  it('creates a user on first sign-in, with a namespace, and finds the same user afterwards', async () => {
    const res = await callback({ code: idp.grant({ sub: 'sub-1', email: 'ann@idp.example', preferred_username: 'ann', name: 'Ann A.' }) });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(typeof token).toBe('string');
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ type: 1, username: 'ann', email: 'ann@idp.example', name: 'Ann A.', isLocalUser: false });
    expect(idp.seen.at(-1)?.redirect_uri).toBe(`${app.ctx.config.publicUrl}auth/openid/test`);

    const user = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', payload.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ issuer: idp.issuer, subject: 'sub-1', password: '', status: 0 });
    const ns = await app.ctx.db.selectFrom('namespaces').select('title').where('owner_id', '=', user.id).execute();
    expect(ns).toEqual([{ title: 'ann' }]);

    // Second sign-in: same account, profile changes from the provider are followed.
    const again = await callback({ code: idp.grant({ sub: 'sub-1', email: 'ann2@idp.example', preferred_username: 'ann-renamed', name: 'Ann B.' }), redirect_url: 'http://client.example/auth/openid/test' });
    expect(again.statusCode).toBe(200);
    const p2 = JSON.parse(Buffer.from(again.json().token.split('.')[1], 'base64url').toString());
    expect(p2.id).toBe(payload.id);
    expect(p2.username).toBe('ann');
    expect(p2.email).toBe('ann2@idp.example');
    expect(idp.seen.at(-1)?.redirect_uri).toBe('http://client.example/auth/openid/test');
    expect((await app.ctx.db.selectFrom('users').select('id').where('subject', '=', 'sub-1').execute()).length).toBe(1);

    // The token works on protected routes.
    expect((await call(app, 'GET', '/user/settings/avatar', { token: again.json().token })).statusCode).toBe(200);
  });

  it('makes usernames unique and falls back to nickname, then the e-mail local part', async () => {
    await makeUser(app, 'bob');
    let res = await callback({ code: idp.grant({ sub: 'sub-2', email: 'x@idp.example', preferred_username: 'Bob' }) });
    expect(JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString()).username).toBe('Bob2');
    res = await callback({ code: idp.grant({ sub: 'sub-3', email: 'y@idp.example', nickname: 'nick' }) });
    expect(JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString()).username).toBe('nick');
    res = await callback({ code: idp.grant({ sub: 'sub-4', email: 'carla.c@idp.example' }) });
    expect(JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString()).username).toBe('carla.c');
    // A provider whose preferred username is an address: its local part, since "@" cannot be in a username.
    res = await callback({ code: idp.grant({ sub: 'sub-4b', email: 'dan@idp.example', preferred_username: 'daniel@corp.example' }) });
    expect(JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString()).username).toBe('daniel');
  });

  it('reads the e-mail from userinfo when the id token lacks it, and answers 1019 without any', async () => {
    let res = await callback({ code: idp.grant({ sub: 'sub-5', preferred_username: 'dora', userinfo: { email: 'dora@idp.example' } }) });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString()).email).toBe('dora@idp.example');
    res = await callback({ code: idp.grant({ sub: 'sub-6', preferred_username: 'eve' }) });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1019);
    expect(await app.ctx.db.selectFrom('users').select('id').where('subject', '=', 'sub-6').executeTakeFirst()).toBeUndefined();
  });

  it('gives accounts from the provider no local password (login answers 1021)', async () => {
    const res = await call(app, 'POST', '/login', { body: { username: 'ann', password: '' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const withPw = await call(app, 'POST', '/login', { body: { username: 'ann', password: 'anything-at-all' } });
    expect(withPw.json().code).toBe(1021);
  });

  it('refuses disabled accounts with 1020', async () => {
    await app.ctx.db.updateTable('users').set({ status: 2 }).where('subject', '=', 'sub-3').execute();
    const res = await callback({ code: idp.grant({ sub: 'sub-3', email: 'y@idp.example', nickname: 'nick' }) });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1020);
  });

  it('refuses unknown codes and id tokens that do not verify', async () => {
    const before = (await app.ctx.db.selectFrom('users').select('id').execute()).length;
    for (const body of [
      { code: 'never-issued' },
      { code: idp.grant({ sub: 'bad-1', email: 'b1@idp.example', tamper: { aud: 'someone-else' } }) },
      { code: idp.grant({ sub: 'bad-2', email: 'b2@idp.example', tamper: { iss: 'https://evil.example' } }) },
      { code: idp.grant({ sub: 'bad-3', email: 'b3@idp.example', signWithOtherKey: true }) },
    ]) {
      const res = await callback(body);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Could not authenticate against third party.' });
    }
    expect((await app.ctx.db.selectFrom('users').select('id').execute()).length).toBe(before);
  });

  it('answers 404 for an unknown provider and 400 without a code, and is public', async () => {
    expect((await callback({ code: 'x' }, 'nope')).statusCode).toBe(404);
    expect((await callback({})).statusCode).toBe(400);
  });

  it('uses a configured issuer for discovery', async () => {
    const other = await createTestServer({
      openIdProviders: [{ key: 'iss', name: 'By issuer', authUrl: 'http://127.0.0.1:1/unused', logoutUrl: '', clientId, clientSecret, issuer: idp.issuer }],
    });
    const res = await call(other, 'POST', '/auth/openid/iss/callback', { body: { code: idp.grant({ sub: 'sub-9', email: 'i@idp.example', preferred_username: 'ivy' }) } });
    expect(res.statusCode).toBe(200);
    await other.close();
  });

  it('answers 500 when the provider cannot be discovered', async () => {
    const other = await createTestServer({
      openIdProviders: [{ key: 'gone', name: 'Gone', authUrl: 'http://127.0.0.1:1/auth', logoutUrl: '', clientId, clientSecret }],
    });
    const res = await call(other, 'POST', '/auth/openid/gone/callback', { body: { code: 'x' } });
    expect(res.statusCode).toBe(500);
    await other.close();
  });
});
