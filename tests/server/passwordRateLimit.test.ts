// Password checks behind a session (TOTP disable, password and e-mail change, deletion, export) share the sign-in limit.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, type TestUser } from './helpers.js';

const LIMIT = 3;

describe('password checks on signed-in routes', () => {
  let app: FastifyInstance;
  let u: TestUser;
  let ip = 0;
  beforeAll(async () => {
    app = await createTestServer({ rateLimit: LIMIT });
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const routes: [string, (password: string) => Record<string, unknown>][] = [
    ['/user/settings/totp/disable', (password) => ({ password })],
    ['/user/password', (password) => ({ old_password: password, new_password: 'another-password-1' })],
    ['/user/settings/email', (password) => ({ new_email: 'new@example.com', password })],
    ['/user/deletion/request', (password) => ({ password })],
    ['/user/deletion/cancel', (password) => ({ password })],
    ['/user/export/request', (password) => ({ password })],
    ['/user/export/download', (password) => ({ password })],
  ];

  for (const [url, body] of routes) {
    it(`${url}: 429 once the limit is reached, even for the right password`, async () => {
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
