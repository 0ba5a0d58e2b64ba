// CalDAV with two-factor on: the account password alone no longer opens /dav/, CalDAV tokens still do.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';

const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

describe('CalDAV and TOTP', () => {
  let app: FastifyInstance;
  let u: TestUser;
  const propfind = (secret: string) =>
    app.inject({ method: 'PROPFIND', url: '/dav/', headers: { authorization: basic(u.username, secret), depth: '0' } });

  beforeAll(async () => {
    app = await createTestServer({ caldavEnabled: true, totpEnabled: true });
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('accepts the password only until two-factor is enabled, and again once it is disabled', async () => {
    const token = (await call(app, 'PUT', '/user/settings/token/caldav', { token: u.token })).json().token as string;
    // A success with the password is remembered; enabling TOTP must end it at once, not when the memory expires.
    expect((await propfind(u.password)).statusCode).toBe(207);

    const { secret } = (await call(app, 'POST', '/user/settings/totp/enroll', { token: u.token })).json();
    const passcode = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    expect((await call(app, 'POST', '/user/settings/totp/enable', { token: u.token, body: { passcode } })).statusCode).toBe(200);

    const denied = await propfind(u.password);
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['www-authenticate']).toMatch(/^Basic /);
    expect((await propfind(token)).statusCode).toBe(207);

    expect((await call(app, 'POST', '/user/settings/totp/disable', { token: u.token, body: { password: u.password } })).statusCode).toBe(200);
    expect((await propfind(u.password)).statusCode).toBe(207);
  });

  it('a pending (not yet enabled) enrolment does not block the password', async () => {
    const v = await makeUser(app);
    await call(app, 'POST', '/user/settings/totp/enroll', { token: v.token });
    const res = await app.inject({ method: 'PROPFIND', url: '/dav/', headers: { authorization: basic(v.username, v.password), depth: '0' } });
    expect(res.statusCode).toBe(207);
  });
});
