import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { SignJWT } from 'jose';
import { outbox } from '../../server/mail.js';
import { USER_TOKEN_TTL_S } from '../../server/auth/jwt.js';
import { endSessions, renewSession } from '../../server/auth/sessions.js';
import { isPostgresUrl } from '../../server/db/database.js';
import { makeLinkShare, makeList, makeNamespace } from './fixtures.js';

// Password hashing (bcrypt) dominates these tests; a parallel run can slow it down a lot.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const login = (app: FastifyInstance, username: string, password: string) => call(app, 'POST', '/login', { body: { username, password } });

/**
 * A user token issued `secondsAgo` before now, as a session started earlier would hold; without `jti` it is a token
 * of a version that gave sessions no id.
 */
async function earlierToken(app: FastifyInstance, u: TestUser, secondsAgo: number, jti?: string): Promise<string> {
  const iat = Math.floor(Date.now() / 1000) - secondsAgo;
  const claims = {
    type: 1,
    id: u.id,
    username: u.username,
    email: u.email,
    name: '',
    emailRemindersEnabled: false,
    isLocalUser: true,
    long: false,
    exp: iat + USER_TOKEN_TTL_S,
    ...(jti ? { jti } : {}),
  };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(app.ctx.config.jwtSecret));
}

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

const whoAmI = (app: FastifyInstance, token: string) => call(app, 'GET', '/user', { token });

function resetTokenFor(email: string): string | undefined {
  const mail = outbox.filter((m) => m.to === email).at(-1);
  return mail ? /\?userPasswordReset=([A-Za-z0-9]+)/.exec(mail.text)?.[1] : undefined;
}

describe('password reset', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer({ publicUrl: 'https://kf.example.net/' });
    u = await makeUser(app, 'forgetful');
  });
  afterAll(async () => {
    await app.close();
  });

  it('mails a reset link and answers the same for known and unknown addresses', async () => {
    const known = await call(app, 'POST', '/user/password/token', { body: { email: u.email.toUpperCase() } });
    const unknown = await call(app, 'POST', '/user/password/token', { body: { email: 'ghost@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(outbox.some((m) => m.to === 'ghost@example.com')).toBe(false);
    const mail = outbox.filter((m) => m.to === u.email).at(-1)!;
    expect(mail.text).toContain('https://kf.example.net/?userPasswordReset=');
    expect(resetTokenFor(u.email)).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('validates the request', async () => {
    let res = await call(app, 'POST', '/user/password/token', { body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1004);
    res = await call(app, 'POST', '/user/password/token', { body: { email: 'nope' } });
    expect(res.json().code).toBe(2002);
  });

  it('resets with the token once, then the token is spent', async () => {
    await call(app, 'POST', '/user/password/token', { body: { email: u.email } });
    const token = resetTokenFor(u.email)!;

    let res = await call(app, 'POST', '/user/password/reset', { body: { new_password: 'brand-new-pass' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1008);
    res = await call(app, 'POST', '/user/password/reset', { body: { token: 'not-a-token', new_password: 'brand-new-pass' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1009);
    res = await call(app, 'POST', '/user/password/reset', { body: { token, new_password: '' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1013);
    res = await call(app, 'POST', '/user/password/reset', { body: { token, new_password: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2002);
    expect(res.body).not.toContain('short"');

    res = await call(app, 'POST', '/user/password/reset', { body: { token, new_password: 'brand-new-pass' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect((await login(app, u.username, 'brand-new-pass')).statusCode).toBe(200);
    expect((await login(app, u.username, u.password)).json().code).toBe(1011);

    res = await call(app, 'POST', '/user/password/reset', { body: { token, new_password: 'another-pass' } });
    expect(res.json().code).toBe(1009);
    u.password = 'brand-new-pass';
  });

  it('signs out every session that started before the reset', async () => {
    const v = await makeUser(app, 'sessionful');
    const before = await earlierToken(app, v, 30);
    expect((await whoAmI(app, before)).statusCode).toBe(200);
    await call(app, 'POST', '/user/password/token', { body: { email: v.email } });
    expect((await call(app, 'POST', '/user/password/reset', { body: { token: resetTokenFor(v.email)!, new_password: 'after-reset-pass' } })).statusCode).toBe(
      200,
    );
    const res = await whoAmI(app, before);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('invalid or expired jwt');
    const fresh = (await login(app, v.username, 'after-reset-pass')).json().token as string;
    expect((await whoAmI(app, fresh)).statusCode).toBe(200);
  });

  it('only the newest link works', async () => {
    await call(app, 'POST', '/user/password/token', { body: { email: u.email } });
    const first = resetTokenFor(u.email)!;
    await call(app, 'POST', '/user/password/token', { body: { email: u.email } });
    const second = resetTokenFor(u.email)!;
    expect(second).not.toBe(first);
    expect((await call(app, 'POST', '/user/password/reset', { body: { token: first, new_password: 'first-link-pass' } })).json().code).toBe(1009);
    expect((await call(app, 'POST', '/user/password/reset', { body: { token: second, new_password: 'second-link-pass' } })).statusCode).toBe(200);
    u.password = 'second-link-pass';
  });

  it('rejects a link older than 24 hours', async () => {
    await call(app, 'POST', '/user/password/token', { body: { email: u.email } });
    const token = resetTokenFor(u.email)!;
    const old = new Date(Date.now() - 25 * 3600 * 1000).toISOString();
    await app.ctx.db.updateTable('user_tokens').set({ created: old }).where('token', '=', token).execute();
    expect((await call(app, 'POST', '/user/password/reset', { body: { token, new_password: 'too-late-pass' } })).json().code).toBe(1009);
  });

  it('sends nothing for OpenID or disabled accounts', async () => {
    const remote = await makeUser(app, 'remoteperson');
    await app.ctx.db.updateTable('users').set({ issuer: 'https://id.example.com' }).where('id', '=', remote.id).execute();
    const disabled = await makeUser(app, 'disabledperson');
    await app.ctx.db.updateTable('users').set({ status: 2 }).where('id', '=', disabled.id).execute();
    for (const email of [remote.email, disabled.email]) {
      const res = await call(app, 'POST', '/user/password/token', { body: { email } });
      expect(res.statusCode).toBe(200);
      expect(outbox.some((m) => m.to === email)).toBe(false);
    }
  });

  it('does not mix up a confirm token with a reset token', async () => {
    await app.ctx.db
      .insertInto('user_tokens')
      .values({ user_id: u.id, token: 'c'.repeat(64), kind: 2, created: new Date().toISOString() })
      .execute();
    expect((await call(app, 'POST', '/user/password/reset', { body: { token: 'c'.repeat(64), new_password: 'sneaky-pass' } })).json().code).toBe(1009);
  });
});

describe('POST /user/password', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app, 'changer');
  });
  afterAll(async () => {
    await app.close();
  });

  const change = (body: unknown, token = u.token) => call(app, 'POST', '/user/password', { token, body });

  it('answers 1014, 1013, 1011 and 2002 for bad input', async () => {
    let res = await change({ new_password: 'whatever1' });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1014);
    res = await change({ old_password: u.password });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1013);
    res = await change({ old_password: 'wrong-one', new_password: 'whatever1' });
    expect(res.statusCode).toBe(412);
    // The catalogue's code, but a message about the password alone: the signed-in user's name is not in doubt.
    expect(res.json()).toEqual({ code: 1011, message: 'Wrong password.' });
    res = await change({ old_password: u.password, new_password: 'tiny' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 2002, invalid_fields: ['new_password: must be between 8 and 250 characters long'] });
  });

  it('changes the password', async () => {
    const res = await change({ old_password: u.password, new_password: 'changed-password' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('changed-password');
    expect((await login(app, u.username, 'changed-password')).statusCode).toBe(200);
    expect((await login(app, u.username, u.password)).json().code).toBe(1011);
  });

  it("ends the account's other sessions and keeps the one that made the change", async () => {
    const v = await makeUser(app, 'twosessions');
    const mine = await earlierToken(app, v, 40);
    const other = await earlierToken(app, v, 20);
    expect((await whoAmI(app, other)).statusCode).toBe(200);
    const res = await change({ old_password: v.password, new_password: 'second-change-pass' }, mine);
    expect(res.statusCode).toBe(200);
    expect((await whoAmI(app, mine)).statusCode).toBe(200);
    const ended = await whoAmI(app, other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe('invalid or expired jwt');
    expect((await call(app, 'POST', '/user/token', { token: other })).statusCode).toBe(401);
    // The kept session renews as usual, and new sign-ins work.
    const renewed = await call(app, 'POST', '/user/token', { token: mine });
    expect(renewed.statusCode).toBe(200);
    expect((await whoAmI(app, renewed.json().token)).statusCode).toBe(200);
    expect((await whoAmI(app, (await login(app, v.username, 'second-change-pass')).json().token)).statusCode).toBe(200);
  });

  it('tells sessions begun in the same second apart by their jti; tokens without one are told apart by the second', async () => {
    const w = await makeUser(app, 'samesecond');
    // Issued tokens carry a random session id beside the contract's claims.
    const signedIn = (await login(app, w.username, w.password)).json().token as string;
    expect(claimsOf(signedIn)).toMatchObject({ type: 1, id: w.id, jti: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) });
    expect(claimsOf((await login(app, w.username, w.password)).json().token).jti).not.toBe(claimsOf(signedIn).jti);
    const mine = await earlierToken(app, w, 30, 'session-mine');
    const other = await earlierToken(app, w, 30, 'session-other');
    const legacy = await earlierToken(app, w, 30);
    expect((await whoAmI(app, other)).statusCode).toBe(200);
    expect((await whoAmI(app, legacy)).statusCode).toBe(200);
    const otherTicket = (await call(app, 'POST', '/events/ticket', { token: other })).json().ticket as string;
    expect((await change({ old_password: w.password, new_password: 'same-second-pass' }, mine)).statusCode).toBe(200);
    expect((await whoAmI(app, mine)).statusCode).toBe(200);
    // Same second, other session: ended, with or without an id of its own.
    expect((await whoAmI(app, other)).statusCode).toBe(401);
    expect((await whoAmI(app, legacy)).statusCode).toBe(401);
    // A renewal is the same session: it keeps its id, and so stays kept.
    const renewed = (await call(app, 'POST', '/user/token', { token: mine })).json().token as string;
    expect(claimsOf(renewed).jti).toBe('session-mine');
    expect((await whoAmI(app, renewed)).statusCode).toBe(200);
    // A live-updates ticket is the session's too: the ended one's no longer opens a stream.
    expect((await call(app, 'GET', `/events?ticket=${encodeURIComponent(otherTicket)}`)).statusCode).toBe(401);
    const ticket = await call(app, 'POST', '/events/ticket', { token: renewed });
    expect(ticket.json().ticket.split('.')[4]).toBe('session-mine');
  });

  it('ends sessions begun in the same millisecond as the change by their stored id, and refuses their renewal', async () => {
    const s = await makeUser(app, 'samemilli');
    const ns = await makeNamespace(app, s.id);
    const list = await makeList(app, s.id, ns);
    const link = await makeLinkShare(app, list.id, s.id, 0);
    // The clock stands still, so the sign-ins, renewals and the change all happen in one millisecond.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000 + 250);
      const mine = (await login(app, s.username, s.password)).json().token as string;
      const other = (await login(app, s.username, s.password)).json().token as string;
      const renewedOther = (await call(app, 'POST', '/user/token', { token: other })).json().token as string;
      expect(claimsOf(renewedOther).jti).toBe(claimsOf(other).jti);
      // A token from before sessions were stored (no row), also signed in this very second.
      const unstored = s.token;
      expect((await whoAmI(app, unstored)).statusCode).toBe(200);

      expect((await change({ old_password: s.password, new_password: 'same-milli-pass' }, mine)).statusCode).toBe(200);
      for (const ended of [other, renewedOther, unstored]) {
        expect((await whoAmI(app, ended)).statusCode).toBe(401);
        const renewal = await call(app, 'POST', '/user/token', { token: ended });
        expect(renewal.statusCode).toBe(401);
        expect(renewal.json().message).toBe('invalid or expired jwt');
      }
      // Each sign-in is a stored session named by its token's jti; the change ended the other one.
      const rows = await app.ctx.db.selectFrom('sessions').select(['id', 'ended']).where('user_id', '=', s.id).execute();
      expect(rows.map((r) => [r.id, r.ended !== null]).sort()).toEqual(
        [
          [claimsOf(mine).jti, false],
          [claimsOf(other).jti, true],
        ].sort(),
      );
      // The session that made the change stands and renews; link shares are no sessions of the account.
      expect((await whoAmI(app, mine)).statusCode).toBe(200);
      const renewed = await call(app, 'POST', '/user/token', { token: mine });
      expect(renewed.statusCode).toBe(200);
      expect(claimsOf(renewed.json().token).jti).toBe(claimsOf(mine).jti);
      expect((await call(app, 'GET', `/lists/${list.id}`, { token: link.token })).statusCode).toBe(200);
      expect((await call(app, 'POST', '/user/token', { token: link.token })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses to renew a session a change ended after the renewal was let in (the renewal itself asks)', async () => {
    const r = await makeUser(app, 'racingrenewal');
    const token = (await login(app, r.username, r.password)).json().token as string;
    const jti = String(claimsOf(token).jti);
    const postgres = isPostgresUrl(app.ctx.config.databaseUrl);
    const mark = { issuedAt: Math.floor(Date.now() / 1000), jti };
    expect(await renewSession(app.ctx.db, postgres, r.id, mark, false)).toBe(jti);
    await app.ctx.db.transaction().execute((trx) => endSessions(trx, r.id, null));
    expect(await renewSession(app.ctx.db, postgres, r.id, mark, false)).toBeNull();
    // A token from before sessions were stored gets a row when renewed, under its own jti, unless the cut-off ended it.
    const older = await earlierToken(app, r, 30, 'unstored-jti');
    expect((await whoAmI(app, older)).statusCode).toBe(401);
    const fresh = await makeUser(app, 'adopted');
    const unstored = await earlierToken(app, fresh, 30, 'adopted-jti');
    const renewal = await call(app, 'POST', '/user/token', { token: unstored });
    expect(claimsOf(renewal.json().token).jti).toBe('adopted-jti');
    expect(await app.ctx.db.selectFrom('sessions').select('user_id').where('id', '=', 'adopted-jti').executeTakeFirst()).toEqual({ user_id: fresh.id });
  });

  it('is 401 without a token and 1021 for an OpenID account', async () => {
    expect((await call(app, 'POST', '/user/password', { body: {} })).statusCode).toBe(401);
    const remote = await makeUser(app, 'remotechanger');
    await app.ctx.db.updateTable('users').set({ issuer: 'https://id.example.com' }).where('id', '=', remote.id).execute();
    const res = await change({ old_password: 'x', new_password: 'whatever1' }, remote.token);
    expect(res.json().code).toBe(1021);
  });
});
