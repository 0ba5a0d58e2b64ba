// The per-account password limit: guesses spread over many addresses still stop after ten per fifteen minutes, for
// sign-in and CalDAV alike; the account's own known addresses are not locked out, and the lock ends with its window.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { AccountGuard, ACCOUNT_FAILURE_LIMIT, ACCOUNT_WINDOW_MS, KNOWN_ADDRESS_MS } from '../../server/failureGuard.js';
import { makeUser } from './helpers.js';

describe('per-account password limit', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // A per-address limit far above the account's, so only the account limit can stop these guesses.
    app = await createTestServer({ rateLimit: 1000 });
  });
  afterAll(async () => {
    await app.close();
  });

  let ip = 0;
  const freshIp = () => `10.1.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const login = (username: string, password: string, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: '/api/v1/login', remoteAddress, payload: { username, password } });
  const dav = (username: string, password: string, remoteAddress = freshIp()) =>
    app.inject({ method: 'PROPFIND', url: '/dav/', remoteAddress, headers: { depth: '0', authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } });

  it('stops guesses from many addresses at one account, even the right password from a new address', async () => {
    const user = await makeUser(app);
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) expect((await login(user.username, `guess-${i}`)).statusCode).toBe(412);
    // The limit's last failure is still answered; from then on the account takes no password from new addresses.
    expect((await login(user.username, 'one more')).statusCode).toBe(412);
    const locked = await login(user.username, 'secret-password');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(ACCOUNT_WINDOW_MS / 1000 - 60);
    expect(locked.json().message).toMatch(/Too Many Requests/);
    // Another account is not affected.
    const other = await makeUser(app);
    expect((await login(other.username, 'secret-password')).statusCode).toBe(200);
  });

  it('does not lock the owner out from an address they signed in from', async () => {
    const user = await makeUser(app);
    const home = '192.168.7.7';
    expect((await login(user.username, 'secret-password', home)).statusCode).toBe(200);
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) await login(user.username, `guess-${i}`);
    expect((await login(user.username, 'secret-password')).statusCode).toBe(429);
    expect((await login(user.username, 'secret-password', home)).statusCode).toBe(200);
  });

  it('locks names of no account the same way, so the lock tells nothing about which accounts exist', async () => {
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) expect((await login('no-such-person', `guess-${i}`)).statusCode).toBe(412);
    expect((await login('no-such-person', 'anything')).statusCode).toBe(429);
  });

  it('counts CalDAV password guesses against the same account limit', async () => {
    const user = await makeUser(app);
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) expect((await dav(user.username, `guess-${i}`)).statusCode).toBe(401);
    expect((await dav(user.username, 'secret-password')).statusCode).toBe(429);
    expect((await login(user.username, 'secret-password')).statusCode).toBe(429);
  });

  it('ends the lock with its window, and forgets addresses not signed in from for 30 days', async () => {
    let now = 5_000_000_000_000;
    const guard = new AccountGuard(app.ctx.db, () => now);
    const account = { userId: 987654 };
    await guard.succeeded(account.userId, '10.9.9.9');
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) await guard.fail(account);
    expect(await guard.blockedFor(account, '10.8.8.8')).toBe(ACCOUNT_WINDOW_MS);
    expect(await guard.blockedFor(account, '10.9.9.9')).toBe(0);
    now += ACCOUNT_WINDOW_MS / 3;
    // Later guesses do not stretch the window: the lock ends when the window that filled up ends.
    await guard.fail(account);
    expect(await guard.blockedFor(account, '10.8.8.8')).toBe(ACCOUNT_WINDOW_MS - ACCOUNT_WINDOW_MS / 3);
    now += ACCOUNT_WINDOW_MS;
    expect(await guard.blockedFor(account, '10.8.8.8')).toBe(0);
    await guard.fail(account);
    expect(await guard.blockedFor(account, '10.8.8.8')).toBe(0);
    // Locked again, the once-known address counts only while it is recent.
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i++) await guard.fail(account);
    now += KNOWN_ADDRESS_MS;
    for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT; i++) await guard.fail(account);
    expect(await guard.blockedFor(account, '10.9.9.9')).toBeGreaterThan(0);
  });

  it('is off when the rate limit is off (0)', async () => {
    const off = await createTestServer({ rateLimit: 0 });
    try {
      const user = await makeUser(off);
      for (let i = 0; i <= ACCOUNT_FAILURE_LIMIT + 2; i++) await off.inject({ method: 'POST', url: '/api/v1/login', payload: { username: user.username, password: 'x' } });
      expect((await off.inject({ method: 'POST', url: '/api/v1/login', payload: { username: user.username, password: 'secret-password' } })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
