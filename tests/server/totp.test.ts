import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { passcodeMatches, enabledTotpSecret } from '../../server/routes/totp.js';

function codeFor(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
}

describe('TOTP settings', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('walks through enrol → enable → disable', async () => {
    let res = await call(app, 'GET', '/user/settings/totp', { token: u.token });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1016);

    res = await call(app, 'GET', '/user/settings/totp/qrcode', { token: u.token });
    expect(res.json().code).toBe(1016);

    res = await call(app, 'POST', '/user/settings/totp/enable', { token: u.token, body: { passcode: '123456' } });
    expect(res.json().code).toBe(1016);

    res = await call(app, 'POST', '/user/settings/totp/enroll', { token: u.token });
    expect(res.statusCode).toBe(200);
    const enrolled = res.json();
    expect(enrolled.enabled).toBe(false);
    expect(enrolled.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolled.url).toContain(`otpauth://totp/`);
    expect(enrolled.url).toContain(enrolled.secret);
    expect(enrolled.url).toContain(u.username);

    // A second enrol before enabling hands back the same pending secret.
    res = await call(app, 'POST', '/user/settings/totp/enroll', { token: u.token });
    expect(res.json().secret).toBe(enrolled.secret);

    res = await call(app, 'GET', '/user/settings/totp', { token: u.token });
    expect(res.json()).toEqual(enrolled);

    res = await call(app, 'GET', '/user/settings/totp/qrcode', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    res = await call(app, 'POST', '/user/settings/totp/enable', {
      token: u.token,
      body: { passcode: '000000' === codeFor(enrolled.secret) ? '111111' : '000000' },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1017);
    res = await call(app, 'POST', '/user/settings/totp/enable', { token: u.token, body: {} });
    expect(res.json().code).toBe(1017);
    expect(await enabledTotpSecret(app.ctx.db, u.id)).toBeNull();

    res = await call(app, 'POST', '/user/settings/totp/enable', { token: u.token, body: { passcode: codeFor(enrolled.secret) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect((await call(app, 'GET', '/user/settings/totp', { token: u.token })).json().enabled).toBe(true);
    expect(await enabledTotpSecret(app.ctx.db, u.id)).toBe(enrolled.secret);

    res = await call(app, 'POST', '/user/settings/totp/enroll', { token: u.token });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1015);

    res = await call(app, 'POST', '/user/settings/totp/disable', { token: u.token, body: { password: 'wrong' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1011);
    expect(JSON.stringify(res.json())).not.toContain('wrong');
    expect((await call(app, 'GET', '/user/settings/totp', { token: u.token })).json().enabled).toBe(true);

    res = await call(app, 'POST', '/user/settings/totp/disable', { token: u.token, body: { password: u.password } });
    expect(res.statusCode).toBe(200);
    expect((await call(app, 'GET', '/user/settings/totp', { token: u.token })).json().code).toBe(1016);
  });

  it('says in GET /user whether an enrolment exists, so a client need not ask for one that answers 412', async () => {
    const w = await makeUser(app);
    const enrolled = async (user: TestUser) => (await call(app, 'GET', '/user', { token: user.token })).json().totp_enrolled;
    expect(await enrolled(w)).toBe(false);
    await call(app, 'POST', '/user/settings/totp/enroll', { token: w.token });
    expect(await enrolled(w)).toBe(true);

    const off = await createTestServer({ totpEnabled: false });
    const v = await makeUser(off);
    expect((await call(off, 'GET', '/user', { token: v.token })).json().totp_enrolled).toBe(false);
    await off.close();
  });

  it('checks passcodes with one period of drift and rejects junk', () => {
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
    expect(passcodeMatches(secret, 'x', totp.generate())).toBe(true);
    expect(passcodeMatches(secret, 'x', totp.generate({ timestamp: Date.now() - 30_000 }))).toBe(true);
    expect(passcodeMatches(secret, 'x', totp.generate({ timestamp: Date.now() - 120_000 }))).toBe(false);
    expect(passcodeMatches(secret, 'x', 'abcdef')).toBe(false);
    expect(passcodeMatches(secret, 'x', undefined)).toBe(false);
  });

  it('needs a token and refuses link shares', async () => {
    expect((await call(app, 'GET', '/user/settings/totp')).statusCode).toBe(401);
    const now = new Date().toISOString();
    const ns = await app.ctx.db
      .insertInto('namespaces')
      .values({ title: 'n', owner_id: u.id, created: now, updated: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await app.ctx.db
      .insertInto('lists')
      .values({ title: 'l', namespace_id: ns.id, owner_id: u.id, created: now, updated: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const share = await app.ctx.db
      .insertInto('link_shares')
      .values({ hash: 'h'.repeat(40), list_id: list.id, shared_by_id: u.id, created: now, updated: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const { signToken } = await import('../../server/auth/jwt.js');
    const token = await signToken(
      app.ctx.config.jwtSecret,
      { type: 2, id: share.id, hash: 'h'.repeat(40), list_id: list.id, right: 0, sharedByID: u.id, isLocalUser: true },
      3600,
    );
    const res = await call(app, 'POST', '/user/settings/totp/enroll', { token });
    expect(res.statusCode).toBe(403);
  });

  it('does not exist when switched off', async () => {
    const off = await createTestServer({ totpEnabled: false });
    const v = await makeUser(off);
    expect((await call(off, 'GET', '/user/settings/totp', { token: v.token })).statusCode).toBe(404);
    expect((await call(off, 'POST', '/user/settings/totp/enroll', { token: v.token })).statusCode).toBe(404);
    await off.close();
  });
});
