import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer, makeUser, type TestUser } from './helpers.js';
import { count, makeShared, makeWorld } from './shareFixture.js';

describe('teams', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    alice = await makeUser(app);
    bob = await makeUser(app);
    carol = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function team(name = 'Team') {
    const res = await call(app, 'PUT', '/teams', { token: alice.token, body: { name, description: 'd' } });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  it('creates a team with the creator as admin member', async () => {
    const t = await team();
    expect(t).toMatchObject({ name: 'Team', description: 'd' });
    expect(t.created_by.username).toBe(alice.username);
    expect(t.members).toEqual([expect.objectContaining({ username: alice.username, admin: true })]);
    expect(JSON.stringify(t)).not.toContain('@example.com');
  });

  it('validates the name (6001 empty, 2002 wrong type) and writes nothing', async () => {
    const before = await count(app, 'teams');
    expect((await call(app, 'PUT', '/teams', { token: alice.token, body: {} })).json().code).toBe(6001);
    expect((await call(app, 'PUT', '/teams', { token: alice.token, body: { name: '' } })).json().code).toBe(6001);
    expect((await call(app, 'PUT', '/teams', { token: alice.token, body: { name: 7 } })).json().code).toBe(2002);
    expect(await count(app, 'teams')).toBe(before);
  });

  it('members: add (201, 6005, 1005), x-max-right, toggle admin, remove, 6006 for the last one', async () => {
    const t = await team();
    const add = await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: bob.username } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ username: bob.username, admin: false });
    expect((await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: bob.username } })).json().code).toBe(6005);
    expect((await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: 'nobody-here' } })).json().code).toBe(1005);
    // members read, only admins change
    const asBob = await call(app, 'GET', `/teams/${t.id}`, { token: bob.token });
    expect(asBob.statusCode).toBe(200);
    expect(asBob.headers['x-max-right']).toBe('0');
    expect((await call(app, 'GET', `/teams/${t.id}`, { token: alice.token })).headers['x-max-right']).toBe('2');
    expect((await call(app, 'GET', `/teams/${t.id}`, { token: carol.token })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/teams/${t.id}`, { token: bob.token, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await call(app, 'PUT', `/teams/${t.id}/members`, { token: bob.token, body: { username: carol.username } })).statusCode).toBe(403);
    // toggle
    const tog = await call(app, 'POST', `/teams/${t.id}/members/${bob.username}/admin`, { token: alice.token, body: { admin: false } });
    expect(tog.statusCode).toBe(200);
    expect(tog.json().admin).toBe(true);
    expect((await call(app, 'POST', `/teams/${t.id}/members/${bob.username}/admin`, { token: alice.token })).json().admin).toBe(false);
    // a member may leave; the last member may not
    expect((await call(app, 'DELETE', `/teams/${t.id}/members/${alice.username}`, { token: bob.token })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/teams/${t.id}/members/${bob.username}`, { token: bob.token })).json()).toEqual({ message: 'Successfully deleted.' });
    const last = await call(app, 'DELETE', `/teams/${t.id}/members/${alice.username}`, { token: alice.token });
    expect(last.statusCode).toBe(400);
    expect(last.json().code).toBe(6006);
  });

  it('notifies an added member (not a self-add)', async () => {
    const t = await team('Notify');
    await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: carol.username } });
    const res = await call(app, 'GET', '/notifications', { token: carol.token });
    const n = res.json().find((x: { name: string }) => x.name === 'team.member.added');
    expect(n.notification.team.id).toBe(t.id);
    expect(n.notification.member.username).toBe(carol.username);
    expect(n.notification.doer.username).toBe(alice.username);
    expect(res.body).not.toContain('@example.com');
  });

  it('lists own teams with pagination and search; updates non-empty fields; deletes with shares', async () => {
    const u = await makeUser(app);
    for (const name of ['Red', 'Green', 'Blue']) await call(app, 'PUT', '/teams', { token: u.token, body: { name } });
    const res = await call(app, 'GET', '/teams', { token: u.token });
    expect(res.json().map((t: { name: string }) => t.name)).toEqual(['Red', 'Green', 'Blue']);
    expect(res.headers['x-pagination-result-count']).toBe('3');
    expect(res.headers['x-pagination-total-pages']).toBe('1');
    expect((await call(app, 'GET', '/teams?s=re', { token: u.token })).json().map((t: { name: string }) => t.name)).toEqual(['Red', 'Green']);
    const red = res.json()[0];
    const upd = await call(app, 'POST', `/teams/${red.id}`, { token: u.token, body: { name: '', description: 'new' } });
    expect(upd.json()).toMatchObject({ name: 'Red', description: 'new' });
    const ns = (await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'N' } })).json().id;
    await call(app, 'PUT', `/namespaces/${ns}/teams`, { token: u.token, body: { team_id: red.id, right: 0 } });
    expect((await call(app, 'DELETE', `/teams/${red.id}`, { token: u.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', `/teams/${red.id}`, { token: u.token })).json().code).toBe(6002);
    expect(await app.ctx.db.selectFrom('team_namespaces').selectAll().where('team_id', '=', red.id).execute()).toEqual([]);
  });

  it('link shares have no teams', async () => {
    const w = await makeWorld(app);
    const s = await makeShared(app, w);
    expect((await call(app, 'GET', '/teams', { token: s.tokens.link })).statusCode).toBe(403);
    expect((await call(app, 'PUT', '/teams', { token: s.tokens.link, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/teams/${w.teamId}`, { token: s.tokens.link })).statusCode).toBe(403);
  });

  it('team membership grants the shared right', async () => {
    const w = await makeWorld(app);
    const s = await makeShared(app, w);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.team })).headers['x-max-right']).toBe('1');
    await call(app, 'DELETE', `/teams/${w.teamId}/members/${w.users.team.username}`, { token: w.users.owner.token });
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.team })).statusCode).toBe(403);
  });
});
