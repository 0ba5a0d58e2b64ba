import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';
import { caldavTokenMatches } from '../../server/routes/caldavTokens.js';

describe('CalDAV tokens', () => {
  let app: FastifyInstance;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
    other = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates (201, token shown once), lists (201, no token text) and deletes', async () => {
    let res = await call(app, 'GET', '/user/settings/token/caldav', { token: u.token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([]);

    res = await call(app, 'PUT', '/user/settings/token/caldav', { token: u.token });
    expect(res.statusCode).toBe(201);
    const first = res.json();
    expect(first).toEqual({ id: expect.any(Number), token: expect.stringMatching(/^[A-Za-z0-9]{64}$/), created: expect.any(String) });
    const second = (await call(app, 'PUT', '/user/settings/token/caldav', { token: u.token })).json();
    expect(second.token).not.toBe(first.token);

    // Stored hashed: the database never holds the token text.
    const stored = await app.ctx.db.selectFrom('user_tokens').select('token').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(stored.token).not.toBe(first.token);
    expect(stored.token).toMatch(/^\$2[aby]\$/);
    expect(await caldavTokenMatches(app.ctx.db, u.id, first.token)).toBe(true);
    expect(await caldavTokenMatches(app.ctx.db, u.id, second.token)).toBe(true);
    expect(await caldavTokenMatches(app.ctx.db, other.id, first.token)).toBe(false);
    expect(await caldavTokenMatches(app.ctx.db, u.id, 'x'.repeat(64))).toBe(false);

    res = await call(app, 'GET', '/user/settings/token/caldav', { token: u.token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      { id: first.id, created: first.created },
      { id: second.id, created: second.created },
    ]);
    expect(res.body).not.toContain(first.token);
    expect((await call(app, 'GET', '/user/settings/token/caldav', { token: other.token })).json()).toEqual([]);

    // Another user cannot delete it.
    res = await call(app, 'DELETE', `/user/settings/token/caldav/${first.id}`, { token: other.token });
    expect(res.statusCode).toBe(200);
    expect(await caldavTokenMatches(app.ctx.db, u.id, first.token)).toBe(true);

    res = await call(app, 'DELETE', `/user/settings/token/caldav/${first.id}`, { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    expect(await caldavTokenMatches(app.ctx.db, u.id, first.token)).toBe(false);
    expect((await call(app, 'GET', '/user/settings/token/caldav', { token: u.token })).json()).toEqual([{ id: second.id, created: second.created }]);

    expect((await call(app, 'DELETE', '/user/settings/token/caldav/abc', { token: u.token })).statusCode).toBe(400);
    expect((await call(app, 'DELETE', '/user/settings/token/caldav/0', { token: u.token })).json().code).toBe(2001);
  });

  it('needs a signed-in user', async () => {
    expect((await call(app, 'PUT', '/user/settings/token/caldav')).statusCode).toBe(401);
  });
});
