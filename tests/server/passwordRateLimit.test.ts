// Password checks behind a session (TOTP disable, password and e-mail change, deletion, export) share the sign-in
// limits: the per-address one, and the per-account one that holds across addresses.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, type TestUser } from './helpers.js';
import { ACCOUNT_FAILURE_LIMIT, ACCOUNT_WINDOW_MS } from '../../server/failureGuard.js';

const LIMIT = 3;

/** Every route that checks the signed-in user's password, with its body for a given password. */
const routes: [string, (password: string) => Record<string, unknown>][] = [
  ['/user/settings/totp/disable', (password) => ({ password })],
  ['/user/password', (password) => ({ old_password: password, new_password: 'another-password-1' })],
  ['/user/settings/email', (password) => ({ new_email: 'new@example.com', password })],
  ['/user/deletion/request', (password) => ({ password })],
  ['/user/deletion/cancel', (password) => ({ password })],
  ['/user/export/request', (password) => ({ password })],
  ['/user/export/download', (password) => ({ password })],
];

describe('password checks on signed-in routes', () => {
  let app: FastifyInstance;
  let ip = 0;
  beforeAll(async () => {
    app = await createTestServer({ rateLimit: LIMIT });
  });
  afterAll(async () => {
    await app.close();
  });

  for (const [url, body] of routes) {
    it(`${url}: 429 once the limit is reached, even for the right password`, async () => {
      // A user of its own: every route's wrong passwords also count against the account (see below).
      const u = await makeUser(app);
      const remoteAddress = `10.0.0.${++ip}`;
      const send = (password: string) =>
        app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress, headers: { authorization: `Bearer ${u.token}` }, payload: body(password) });
      for (let i = 0; i < LIMIT; i++) {
        const wrong = await send('wrong');
        expect(wrong.statusCode, wrong.body).toBe(412);
        expect(wrong.json().code).toBe(1011);
      }
      const blocked = await send(u.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    });
  }

  it('shares one window with sign-in attempts from the same address', async () => {
    const u = await makeUser(app);
    const remoteAddress = '10.0.1.1';
    for (let i = 0; i < LIMIT - 1; i++) {
      const login = await app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress, payload: { username: u.username, password: 'nope' } });
      expect(login.statusCode).toBe(412);
    }
    const disable = () =>
      app.inject({ method: 'POST', url: '/api/v1/user/settings/totp/disable', remoteAddress, headers: { authorization: `Bearer ${u.token}` }, payload: { password: 'nope' } });
    expect((await disable()).statusCode).toBe(412);
    expect((await disable()).statusCode).toBe(429);
  });
});

describe('the per-account password limit behind a session', () => {
  let app: FastifyInstance;
  let ip = 0;
  beforeAll(async () => {
    // A per-address limit far above the account's, so only the account limit can stop these guesses.
    app = await createTestServer({ rateLimit: 1000 });
  });
  afterAll(async () => {
    await app.close();
  });

  const freshIp = () => `10.2.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const send = (user: TestUser, url: string, password: string, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress, headers: { authorization: `Bearer ${user.token}` }, payload: routes.find(([u]) => u === url)![1](password) });
  const login = (user: TestUser, password: string, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress, payload: { username: user.username, password } });

  it('wrong passwords on signed-in routes from many addresses lock the account, reported as the sign-in limit is', async () => {
    const user = await makeUser(app);
    // Spread over every password-checking route, from a new address each time: they all count against one account.
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) {
      const wrong = await send(user, routes[i % routes.length][0], `guess-${i}`);
      expect(wrong.statusCode, wrong.body).toBe(412);
      expect(wrong.json().code).toBe(1011);
    }
    // Locked: even the right password from yet another address is refused before it is checked, and nothing changes.
    const locked = await send(user, '/user/password', user.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too Many Requests on /api/v1/user/password' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(ACCOUNT_WINDOW_MS / 1000 - 60);
    for (const [url] of routes) expect((await send(user, url, user.password)).statusCode, url).toBe(429);
    const stored = await app.ctx.db.selectFrom('users').select(['email', 'status']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: user.email, status: 0 });
    // The sign-in shares the lock (and the refused password change did not happen).
    expect((await login(user, user.password)).statusCode).toBe(429);
    expect((await login(user, 'another-password-1')).statusCode).toBe(429);
    // Another account is not affected.
    const other = await makeUser(app);
    expect((await send(other, '/user/settings/totp/disable', other.password)).statusCode).toBe(200);
  });

  it('guesses at the sign-in lock the password checks behind a session too', async () => {
    const user = await makeUser(app);
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) expect((await login(user, `guess-${i}`)).statusCode).toBe(412);
    expect((await send(user, '/user/settings/totp/disable', user.password)).statusCode).toBe(429);
    expect((await send(user, '/user/deletion/request', user.password)).statusCode).toBe(429);
  });

  it('does not lock the owner out from an address they signed in from, and does not count empty passwords', async () => {
    const user = await makeUser(app);
    const home = '192.168.8.8';
    expect((await login(user, user.password, home)).statusCode).toBe(200);
    for (let i = 0; i < 2 * ACCOUNT_FAILURE_LIMIT; i++) expect((await send(user, '/user/settings/email', '')).json().code).toBe(1011);
    expect((await send(user, '/user/settings/totp/disable', user.password)).statusCode).toBe(200);
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) expect((await send(user, '/user/settings/totp/disable', `guess-${i}`)).statusCode).toBe(412);
    expect((await send(user, '/user/settings/totp/disable', user.password)).statusCode).toBe(429);
    expect((await send(user, '/user/settings/totp/disable', user.password, home)).statusCode).toBe(200);
  });

  it('is off when the rate limit is off (0)', async () => {
    const off = await createTestServer({ rateLimit: 0 });
    try {
      const user = await makeUser(off);
      const disable = (password: string) =>
        off.inject({ method: 'POST', url: '/api/v1/user/settings/totp/disable', remoteAddress: freshIp(), headers: { authorization: `Bearer ${user.token}` }, payload: { password } });
      for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT + 2; i++) expect((await disable('x')).statusCode).toBe(412);
      expect((await disable(user.password)).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
