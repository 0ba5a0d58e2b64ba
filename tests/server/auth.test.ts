import { describe, it, expect, beforeAll, afterAll, beforeEach, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { outbox } from '../../server/mail.js';
import { signToken, LINK_SHARE_TOKEN_TTL_S } from '../../server/auth/jwt.js';
import { nowIso } from '../../server/clock.js';

/** The payload of a JWT, unverified (the client reads it the same way). */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

// Every login hashes (bcrypt); under a parallel test run a few of them can take seconds.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const register = (app: FastifyInstance, body: unknown) => call(app, 'POST', '/register', { body });
const login = (app: FastifyInstance, body: unknown) => call(app, 'POST', '/login', { body });

describe('POST /register', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestServer();
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates the user and answers its public JSON without password or e-mail', async () => {
    const res = await register(app, { username: 'newbie', email: 'newbie@example.com', password: 'long enough' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['created', 'id', 'name', 'updated', 'username']);
    expect(body).toMatchObject({ name: '', username: 'newbie' });
    expect(body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(res.body).not.toContain('long enough');
    expect(res.body).not.toContain('newbie@example.com');
    const row = await app.ctx.db.selectFrom('users').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$2[aby]\$/);
    expect(row.status).toBe(0);
    expect(row.avatar_provider).toBe('initials');
  });

  it("creates the user's namespace", async () => {
    const res = await register(app, { username: 'nsowner', email: 'ns@example.com', password: '12345678' });
    const ns = await app.ctx.db.selectFrom('namespaces').selectAll().where('owner_id', '=', res.json().id).execute();
    expect(ns).toHaveLength(1);
    expect(ns[0]).toMatchObject({ title: 'nsowner', description: "nsowner's namespace." });
  });

  it('answers 1004 when a field is missing or empty', async () => {
    for (const body of [
      {},
      { email: 'x@example.com', password: '12345678' },
      { username: 'someone', password: '12345678' },
      { username: 'someone', email: 'x@example.com' },
      { username: '', email: 'x@example.com', password: '12345678' },
      { username: '   ', email: 'x@example.com', password: '12345678' },
    ]) {
      const res = await register(app, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(1004);
    }
  });

  it('answers 2002 with the invalid fields, never echoing the password', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ username: 'with space', email: 'a1@example.com', password: '12345678' }, 'username'],
      [{ username: 'anna@example.com', email: 'a0@example.com', password: '12345678' }, 'username'],
      [{ username: 'ab', email: 'a2@example.com', password: '12345678' }, 'username'],
      [{ username: 'x'.repeat(251), email: 'a3@example.com', password: '12345678' }, 'username'],
      [{ username: 'valid1', email: 'not-an-email', password: '12345678' }, 'email'],
      [{ username: 'valid2', email: `${'e'.repeat(245)}@example.com`, password: '12345678' }, 'email'],
      [{ username: 'valid3', email: 'a4@example.com', password: 'short7!' }, 'password'],
      [{ username: 'valid4', email: 'a5@example.com', password: 'p'.repeat(251) }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await register(app, body);
      expect(res.statusCode, field).toBe(400);
      const json = res.json();
      expect(json.code).toBe(2002);
      expect(json.message).toBe('Invalid Data');
      expect(json.invalid_fields.some((f: string) => f.startsWith(`${field}:`))).toBe(true);
      // The reason says the rule, for the form to show at the field.
      const rule = /\s|@/.test(body.username)
        ? `must not contain ${body.username.includes('@') ? '@' : 'spaces'}`
        : `must be between ${field === 'username' ? 3 : 8} and 250 characters long`;
      if (field !== 'email') expect(json.invalid_fields).toContain(`${field}: ${rule}`);
      expect(res.body).not.toContain(body.password);
    }
  });

  it('answers 2002 for a field of the wrong type', async () => {
    const res = await register(app, { username: 42, email: 'n@example.com', password: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2002);
  });

  it('answers 1001 for a taken username and 1002 for a taken e-mail, both case-insensitive', async () => {
    await register(app, { username: 'taken', email: 'taken@example.com', password: '12345678' });
    let res = await register(app, { username: 'TAKEN', email: 'other@example.com', password: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 1001, message: 'A user with this username already exists.' });
    res = await register(app, { username: 'another', email: 'Taken@Example.COM', password: '12345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1002);
    const count = await app.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', 'another')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lets only one of two registrations racing with the same address through, the other gets 1002', async () => {
    const [a, b] = await Promise.all([
      register(app, { username: 'racer-one', email: 'race@example.com', password: '12345678' }),
      register(app, { username: 'racer-two', email: 'RACE@example.com', password: '12345678' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.json()).toMatchObject({ code: 1002 });
    const rows = await app.ctx.db.selectFrom('users').select('id').where('username', 'in', ['racer-one', 'racer-two']).execute();
    expect(rows).toHaveLength(1);
  });

  it('lets an OpenID account share an address with a local one', async () => {
    await register(app, { username: 'localsharer', email: 'shared@example.com', password: '12345678' });
    const now = nowIso();
    await expect(
      app.ctx.db
        .insertInto('users')
        .values({
          username: 'remotesharer',
          email: 'shared@example.com',
          password: '',
          name: '',
          issuer: 'https://id.example.com',
          subject: 'sub-1',
          created: now,
          updated: now,
        } as never)
        .execute(),
    ).resolves.toBeDefined();
  });

  it('answers 400 without code for malformed JSON, and 2002 (as every other route) for a non-object body', async () => {
    let res = await app.inject({ method: 'POST', url: '/api/v1/register', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeUndefined();
    expect(res.json().message).toBeTruthy();
    res = await app.inject({ method: 'POST', url: '/api/v1/register', headers: { 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2002);
  });

  it('answers 413 for an oversized body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'big', email: 'big@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('is 404 when registration is disabled', async () => {
    const closed = await createTestServer({ registrationEnabled: false });
    const res = await register(closed, { username: 'nobody', email: 'nobody@example.com', password: '12345678' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
    await closed.close();
  });

  it('does not exist when local sign-in is off', async () => {
    const closed = await createTestServer({ localAuthEnabled: false });
    expect((await register(closed, { username: 'nobody', email: 'n@example.com', password: '12345678' })).statusCode).toBe(404);
    expect((await login(closed, { username: 'nobody', password: '12345678' })).statusCode).toBe(404);
    await closed.close();
  });
});

describe('e-mail confirmation on registration', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestServer({ emailConfirmation: true, publicUrl: 'https://tasks.example.org/' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('mails a link, refuses login with 1012 until confirmed, then lets the user in', async () => {
    const res = await register(app, { username: 'confirmme', email: 'confirm@example.com', password: '12345678' });
    expect(res.statusCode).toBe(200);
    const mail = outbox.filter((m) => m.to === 'confirm@example.com').at(-1);
    expect(mail).toBeDefined();
    const token = /https:\/\/tasks\.example\.org\/\?userEmailConfirm=([A-Za-z0-9]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    expect(mail!.text).not.toContain('12345678');

    let l = await login(app, { username: 'confirmme', password: '12345678' });
    expect(l.statusCode).toBe(412);
    expect(l.json().code).toBe(1012);

    let c = await call(app, 'POST', '/user/confirm', { body: { token: 'wrong' } });
    expect(c.statusCode).toBe(412);
    expect(c.json().code).toBe(1010);
    c = await call(app, 'POST', '/user/confirm', { body: {} });
    expect(c.json().code).toBe(1010);

    c = await call(app, 'POST', '/user/confirm', { body: { token } });
    expect(c.statusCode).toBe(200);
    expect(c.json().message).toBeTruthy();

    l = await login(app, { username: 'confirmme', password: '12345678' });
    expect(l.statusCode).toBe(200);

    // The token is used up.
    c = await call(app, 'POST', '/user/confirm', { body: { token } });
    expect(c.json().code).toBe(1010);
  });

  it('does not reveal the unconfirmed state to a wrong password', async () => {
    await register(app, { username: 'pending', email: 'pending@example.com', password: '12345678' });
    const l = await login(app, { username: 'pending', password: 'wrong-password' });
    expect(l.json().code).toBe(1011);
  });
});

describe('POST /login', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app, 'loginuser');
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers a token with the claims of the contract (72 h)', async () => {
    await app.ctx.db.updateTable('users').set({ name: 'Login User' }).where('id', '=', u.id).execute();
    const before = Math.floor(Date.now() / 1000);
    const res = await login(app, { username: 'loginuser', password: u.password });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['token']);
    const c = claimsOf(res.json().token);
    // The contract's claims, and the session's id (the standard jti claim, which the contract's clients ignore).
    expect(Object.keys(c).sort()).toEqual(['email', 'emailRemindersEnabled', 'exp', 'id', 'isLocalUser', 'jti', 'long', 'name', 'type', 'username'].sort());
    expect(c).toMatchObject({
      type: 1,
      id: u.id,
      username: 'loginuser',
      email: u.email,
      name: 'Login User',
      emailRemindersEnabled: true,
      isLocalUser: true,
      long: false,
    });
    const exp = c.exp as number;
    expect(exp).toBeGreaterThanOrEqual(before + 72 * 3600);
    expect(exp).toBeLessThanOrEqual(before + 72 * 3600 + 5);
    // The token works.
    expect((await call(app, 'GET', '/user', { token: res.json().token })).statusCode).toBe(200);
  });

  it('answers a 30-day token for long_token', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await login(app, { username: 'loginuser', password: u.password, long_token: true });
    const c = claimsOf(res.json().token);
    expect(c.long).toBe(true);
    expect(c.exp as number).toBeGreaterThanOrEqual(before + 30 * 24 * 3600);
    expect(c.exp as number).toBeLessThanOrEqual(before + 30 * 24 * 3600 + 5);
  });

  it('accepts the e-mail address and any letter case of the username', async () => {
    expect((await login(app, { username: u.email.toUpperCase(), password: u.password })).statusCode).toBe(200);
    expect((await login(app, { username: 'LoginUser', password: u.password })).statusCode).toBe(200);
  });

  it('answers 412/1011 for a wrong password or an unknown user', async () => {
    for (const body of [
      { username: 'loginuser', password: 'wrong-password' },
      { username: 'nobody-here', password: u.password },
      { username: 'nobody@example.com', password: u.password },
    ]) {
      const res = await login(app, body);
      expect(res.statusCode).toBe(412);
      expect(res.json()).toEqual({ code: 1011, message: 'Wrong username or password.' });
    }
  });

  it('answers 1004 when username or password is empty', async () => {
    for (const body of [{}, { username: 'loginuser' }, { password: 'x' }, { username: '', password: '' }]) {
      const res = await login(app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(1004);
    }
  });

  it('answers 1020 for a disabled account and 1021 for an OpenID account', async () => {
    const disabled = await makeUser(app, 'disableduser');
    await app.ctx.db.updateTable('users').set({ status: 2 }).where('id', '=', disabled.id).execute();
    let res = await login(app, { username: 'disableduser', password: disabled.password });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1020);

    const remote = await makeUser(app, 'openiduser');
    await app.ctx.db.updateTable('users').set({ issuer: 'https://id.example.com', password: '' }).where('id', '=', remote.id).execute();
    res = await login(app, { username: 'openiduser', password: 'anything1' });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1021);
  });

  it('answers 400 without code for malformed JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeUndefined();
  });

  it('answers 413 for an oversized body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'loginuser', password: 'y'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('login with TOTP', () => {
  let app: FastifyInstance;
  let u: TestUser;
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app, 'totpuser');
    await app.ctx.db.insertInto('totp').values({ user_id: u.id, secret, enabled: 1, url: '', created: nowIso() }).execute();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 1017 without a passcode or with a wrong one', async () => {
    let res = await login(app, { username: 'totpuser', password: u.password });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1017);
    res = await login(app, { username: 'totpuser', password: u.password, totp_passcode: '' });
    expect(res.json().code).toBe(1017);
    const current = totp.generate();
    const wrong = String((Number(current) + 500000) % 1000000).padStart(6, '0');
    res = await login(app, { username: 'totpuser', password: u.password, totp_passcode: wrong });
    expect(res.json().code).toBe(1017);
  });

  it('checks the password before asking for the passcode', async () => {
    const res = await login(app, { username: 'totpuser', password: 'wrong-password' });
    expect(res.json().code).toBe(1011);
  });

  it('accepts the current code and the previous period (window ±1)', async () => {
    // The previous period first: once a code signed in, codes of its period and earlier ones are spent.
    const previous = totp.generate({ timestamp: Date.now() - 30_000 });
    let res = await login(app, { username: 'totpuser', password: u.password, totp_passcode: previous });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
    res = await login(app, { username: 'totpuser', password: u.password, totp_passcode: totp.generate() });
    expect(res.statusCode).toBe(200);
    const stale = totp.generate({ timestamp: Date.now() - 5 * 30_000 });
    if (stale !== totp.generate() && stale !== previous) {
      res = await login(app, { username: 'totpuser', password: u.password, totp_passcode: stale });
      expect(res.json().code).toBe(1017);
    }
  });

  it('signs in once with a code: the same code or an older one again is 1017, also when two sign-ins race', async () => {
    const once = await makeUser(app, 'totponce');
    await app.ctx.db.insertInto('totp').values({ user_id: once.id, secret, enabled: 1, url: '', created: nowIso() }).execute();
    const code = totp.generate();
    const [first, second] = await Promise.all([
      login(app, { username: 'totponce', password: once.password, totp_passcode: code }),
      login(app, { username: 'totponce', password: once.password, totp_passcode: code }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 412]);
    expect((first.statusCode === 412 ? first : second).json().code).toBe(1017);
    const again = await login(app, { username: 'totponce', password: once.password, totp_passcode: code });
    expect(again.statusCode).toBe(412);
    expect(again.json().code).toBe(1017);
    const previous = totp.generate({ timestamp: Date.now() - 30_000 });
    if (previous !== code) expect((await login(app, { username: 'totponce', password: once.password, totp_passcode: previous })).json().code).toBe(1017);
    // The next period's code is a new one and signs in.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await login(app, { username: 'totponce', password: once.password, totp_passcode: next })).statusCode).toBe(200);
  });

  it('ignores an enrolment that is not enabled yet', async () => {
    const other = await makeUser(app, 'enrolling');
    await app.ctx.db.insertInto('totp').values({ user_id: other.id, secret, enabled: 0, url: '', created: nowIso() }).execute();
    expect((await login(app, { username: 'enrolling', password: other.password })).statusCode).toBe(200);
  });
});

describe('POST /user/token', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app, 'renewer');
  });
  afterAll(async () => {
    await app.close();
  });

  it('renews a user token with the user re-read', async () => {
    await app.ctx.db.updateTable('users').set({ name: 'Renamed', email_reminders_enabled: 0 }).where('id', '=', u.id).execute();
    const res = await call(app, 'POST', '/user/token', { token: u.token });
    expect(res.statusCode).toBe(200);
    const c = claimsOf(res.json().token);
    expect(c).toMatchObject({ type: 1, id: u.id, name: 'Renamed', emailRemindersEnabled: false, long: false });
  });

  it('keeps long for long tokens', async () => {
    const l = await login(app, { username: 'renewer', password: u.password, long_token: true });
    const res = await call(app, 'POST', '/user/token', { token: l.json().token });
    const c = claimsOf(res.json().token);
    expect(c.long).toBe(true);
    expect(c.exp as number).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });

  it('is 401 without or with a bad token', async () => {
    expect((await call(app, 'POST', '/user/token')).statusCode).toBe(401);
    expect((await call(app, 'POST', '/user/token', { token: 'a.b.c' })).statusCode).toBe(401);
  });

  it('re-issues a link-share token from the share', async () => {
    const now = nowIso();
    const share = await app.ctx.db
      .insertInto('link_shares')
      .values({ hash: 'h'.repeat(40), name: 'guests', list_id: 7, right: 1, sharing_type: 1, password: '', shared_by_id: u.id, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    const token = await signToken(
      app.ctx.config.jwtSecret,
      { type: 2, id: share.id, hash: share.hash, list_id: 7, right: 1, sharedByID: u.id, isLocalUser: true },
      60,
    );
    const before = Math.floor(Date.now() / 1000);
    const res = await call(app, 'POST', '/user/token', { token });
    expect(res.statusCode).toBe(200);
    const c = claimsOf(res.json().token);
    expect(Object.keys(c).sort()).toEqual(['exp', 'hash', 'id', 'isLocalUser', 'list_id', 'right', 'sharedByID', 'type']);
    expect(c).toMatchObject({ type: 2, id: share.id, hash: share.hash, list_id: 7, right: 1, sharedByID: u.id, isLocalUser: true });
    expect(c.exp as number).toBeGreaterThanOrEqual(before + LINK_SHARE_TOKEN_TTL_S);

    // The share's current right goes into the renewed token.
    await app.ctx.db.updateTable('link_shares').set({ right: 0 }).where('id', '=', share.id).execute();
    const again = await call(app, 'POST', '/user/token', { token: res.json().token });
    expect(claimsOf(again.json().token).right).toBe(0);

    // A deleted share cannot renew.
    await app.ctx.db.deleteFrom('link_shares').where('id', '=', share.id).execute();
    expect((await call(app, 'POST', '/user/token', { token })).statusCode).toBe(401);
  });
});

describe('rate limit', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    await app?.close();
    app = await createTestServer({ rateLimit: 3 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 429 after the limit, per IP, shared by the sign-in routes', async () => {
    const from = (ip: string, url: string, body: unknown) => app.inject({ method: 'POST', url: `/api/v1${url}`, payload: body as object, remoteAddress: ip });
    for (let i = 0; i < 3; i += 1) {
      const res = await from('10.0.0.1', '/login', { username: 'x', password: 'y' });
      expect(res.statusCode).toBe(412);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
    }
    const blocked = await from('10.0.0.1', '/login', { username: 'x', password: 'y' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too Many Requests on /api/v1/login' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Other sign-in routes count against the same budget.
    const reg = await from('10.0.0.1', '/register', {});
    expect(reg.statusCode).toBe(429);
    expect(reg.json().message).toBe('Too Many Requests on /api/v1/register');
    for (const url of ['/user/password/token', '/user/password/reset', '/user/confirm']) {
      expect((await from('10.0.0.1', url, {})).statusCode).toBe(429);
    }

    // Another client is not affected.
    expect((await from('10.0.0.2', '/login', { username: 'x', password: 'y' })).statusCode).toBe(412);
  });

  it('does not limit authenticated routes', async () => {
    const u = await makeUser(app);
    for (let i = 0; i < 6; i += 1) expect((await call(app, 'GET', '/user', { token: u.token })).statusCode).toBe(200);
  });

  it('counts even malformed requests', async () => {
    for (let i = 0; i < 3; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{' });
      expect(res.statusCode).toBe(400);
    }
    expect((await login(app, { username: 'x', password: 'y' })).statusCode).toBe(429);
  });

  it('is off at 0 (the test default)', async () => {
    const open = await createTestServer();
    // Empty bodies answer 1004 before any password hashing, which keeps this fast on a busy machine.
    for (let i = 0; i < 12; i += 1) expect((await login(open, {})).statusCode).toBe(400);
    await open.close();
  });
});
