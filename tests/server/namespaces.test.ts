import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer, makeUser } from './helpers.js';
import { expectMatrix, makeShared, makeWorld, count, type World } from './shareFixture.js';

describe('namespaces', () => {
  let app: FastifyInstance;
  let w: World;
  let owner: string;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    owner = w.users.owner.token;
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers null when a user has nothing, 403/1 for a link share', async () => {
    const u = await makeUser(app);
    const res = await call(app, 'GET', '/namespaces', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    const s = await makeShared(app, w);
    const link = await call(app, 'GET', '/namespaces', { token: s.tokens.link });
    expect(link.statusCode).toBe(403);
    expect(link.json().code).toBe(1);
  });

  it('creates, reads, updates and deletes', async () => {
    const created = await call(app, 'PUT', '/namespaces', { token: owner, body: { title: 'Work', description: 'stuff', hex_color: '00ff00' } });
    expect(created.statusCode).toBe(201);
    const ns = created.json();
    expect(ns).toMatchObject({ title: 'Work', description: 'stuff', hex_color: '00ff00', is_archived: false });
    expect(ns.owner.username).toBe(w.users.owner.username);
    expect(created.body).not.toContain('@example.com');
    const got = await call(app, 'GET', `/namespaces/${ns.id}`, { token: owner });
    expect(got.headers['x-max-right']).toBe('2');
    const upd = await call(app, 'POST', `/namespaces/${ns.id}`, { token: owner, body: { title: 'Job', hex_color: 'aaaaaa' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'Job', description: 'stuff', hex_color: 'aaaaaa' });
    const cleared = await call(app, 'POST', `/namespaces/${ns.id}`, { token: owner, body: { title: 'Job', description: '' } });
    expect(cleared.json().description).toBe('');
    await call(app, 'PUT', `/namespaces/${ns.id}/lists`, { token: owner, body: { title: 'inside' } });
    const del = await call(app, 'DELETE', `/namespaces/${ns.id}`, { token: owner });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await call(app, 'GET', `/namespaces/${ns.id}`, { token: owner })).json().code).toBe(5001);
    expect(await app.ctx.db.selectFrom('lists').selectAll().where('namespace_id', '=', ns.id).execute()).toEqual([]);
  });

  it('validates: empty title 5006, long title and bad colour 2002, nothing written', async () => {
    const before = await count(app, 'namespaces');
    for (const [body, code] of [
      [{}, 5006],
      [{ title: '' }, 5006],
      [{ title: '   ' }, 5006],
      [{ title: 'x'.repeat(251) }, 2002],
      [{ title: 'ok', hex_color: '#00ff00' }, 2002],
      [{ title: 'ok', description: 5 }, 2002],
    ] as const) {
      const res = await call(app, 'PUT', '/namespaces', { token: owner, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    }
    expect(await count(app, 'namespaces')).toBe(before);
    expect((await call(app, 'GET', '/namespaces/424242', { token: owner })).statusCode).toBe(404);
  });

  it('refuses PUT /namespaces to a link share (403) and writes nothing', async () => {
    const s = await makeShared(app, w);
    const writeLink = (await makeShared(app, w, 'list', 1)).tokens.link;
    const before = await count(app, 'namespaces');
    for (const token of [s.tokens.link, writeLink]) {
      const res = await call(app, 'PUT', '/namespaces', { token, body: { title: 'By link' } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Forbidden' });
    }
    expect(await count(app, 'namespaces')).toBe(before);
  });

  it('answers 5006 for an empty title on update, after existence and rights, and keeps the namespace', async () => {
    const ns = (await call(app, 'PUT', '/namespaces', { token: owner, body: { title: 'Keep', description: 'd', hex_color: 'abcdef' } })).json();
    const before = await app.ctx.db.selectFrom('namespaces').selectAll().where('id', '=', ns.id).executeTakeFirstOrThrow();
    for (const body of [{ title: '' }, { title: '  ', description: 'new' }, { description: 'no title' }]) {
      const res = await call(app, 'POST', `/namespaces/${ns.id}`, { token: owner, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ code: 5006, message: 'The namespace title cannot be empty.' });
    }
    expect(await app.ctx.db.selectFrom('namespaces').selectAll().where('id', '=', ns.id).executeTakeFirstOrThrow()).toEqual(before);
    // The empty title is the update's own error: rights and existence come first, a long title is invalid data.
    expect((await call(app, 'POST', '/namespaces/99999', { token: owner, body: { title: '' } })).json().code).toBe(5001);
    const s = await makeShared(app, w, 'namespace');
    for (const who of ['stranger', 'read', 'write', 'link'] as const) {
      const res = await call(app, 'POST', `/namespaces/${s.namespaceId}`, { token: s.tokens[who], body: { title: '' } });
      expect(res.statusCode, who).toBe(403);
    }
    expect((await call(app, 'POST', `/namespaces/${s.namespaceId}`, { token: s.tokens.admin, body: { title: '' } })).json().code).toBe(5006);
    expect((await call(app, 'POST', `/namespaces/${ns.id}`, { token: w.users.stranger.token, body: { title: 'x'.repeat(251) } })).json().code).toBe(2002);
    expect((await call(app, 'GET', `/namespaces/${s.namespaceId}`, { token: owner })).json().title).toBe('Space');
  });

  it('rights matrix: GET one, update, delete, lists', async () => {
    const readers = { owner: 200, read: 200, write: 200, admin: 200, team: 200, link: 403, stranger: 403 };
    await expectMatrix(app, w, (s) => ({ method: 'GET', url: `/namespaces/${s.namespaceId}` }), readers, 'namespace');
    await expectMatrix(app, w, (s) => ({ method: 'GET', url: `/namespaces/${s.namespaceId}/lists` }), readers, 'namespace');
    const admins = { owner: 200, read: 403, write: 403, admin: 200, team: 403, link: 403, stranger: 403 };
    await expectMatrix(app, w, (s) => ({ method: 'POST', url: `/namespaces/${s.namespaceId}`, body: { title: 'New' } }), admins, 'namespace');
    await expectMatrix(app, w, (s) => ({ method: 'DELETE', url: `/namespaces/${s.namespaceId}` }), admins, 'namespace');
  });

  it('x-max-right is the real right of a shared user', async () => {
    const s = await makeShared(app, w, 'namespace');
    const got: Record<string, unknown> = {};
    for (const a of ['read', 'write', 'admin', 'team'] as const) got[a] = (await call(app, 'GET', `/namespaces/${s.namespaceId}`, { token: s.tokens[a] })).headers['x-max-right'];
    expect(got).toEqual({ read: '0', write: '1', admin: '2', team: '1' });
  });

  it('archive: read only until un-archived; lists hidden unless is_archived=true', async () => {
    const u = await makeUser(app);
    const ns = (await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'Old' } })).json().id;
    const l = (await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: u.token, body: { title: 'L' } })).json().id;
    expect((await call(app, 'POST', `/namespaces/${ns}`, { token: u.token, body: { title: 'Old', is_archived: true } })).statusCode).toBe(200);
    const edit = await call(app, 'POST', `/namespaces/${ns}`, { token: u.token, body: { title: 'Renamed', is_archived: true } });
    expect(edit.statusCode).toBe(412);
    expect(edit.json().code).toBe(5012);
    expect((await call(app, 'GET', '/namespaces', { token: u.token })).json()).toBeNull();
    const all = (await call(app, 'GET', '/namespaces?is_archived=true', { token: u.token })).json();
    expect(all.map((n: { id: number }) => n.id)).toEqual([ns]);
    expect(all[0].lists.map((x: { id: number }) => x.id)).toEqual([l]);
    expect((await call(app, 'POST', `/namespaces/${ns}`, { token: u.token, body: { title: 'Back', is_archived: false } })).json()).toMatchObject({ title: 'Back', is_archived: false });
  });

  it('GET /namespaces: sorted by id with lists by position, pseudo namespaces first', async () => {
    const u = await makeUser(app);
    const other = await makeUser(app);
    const a = (await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'A' } })).json().id;
    const b = (await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'B' } })).json().id;
    const l2 = (await call(app, 'PUT', `/namespaces/${a}/lists`, { token: u.token, body: { title: 'second', position: 20 } })).json().id;
    const l1 = (await call(app, 'PUT', `/namespaces/${a}/lists`, { token: u.token, body: { title: 'first', position: 10, is_favorite: true } })).json().id;
    // a list shared by someone else lands in pseudo namespace -1
    const ons = (await call(app, 'PUT', '/namespaces', { token: other.token, body: { title: 'theirs' } })).json().id;
    const shared = (await call(app, 'PUT', `/namespaces/${ons}/lists`, { token: other.token, body: { title: 'shared' } })).json().id;
    await call(app, 'PUT', `/lists/${shared}/users`, { token: other.token, body: { user_id: u.username, right: 0 } });
    await call(app, 'PUT', '/filters', { token: u.token, body: { title: 'F', filters: { filter_by: ['done'], filter_value: ['false'] } } });

    const res = await call(app, 'GET', '/namespaces', { token: u.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((n: { id: number }) => n.id)).toEqual([-3, -2, -1, a, b]);
    expect(res.headers['x-pagination-result-count']).toBe('5');
    expect(body[0].lists).toHaveLength(1);
    expect(body[1].lists.map((x: { id: number }) => x.id)).toEqual([l1]);
    expect(body[2].lists.map((x: { id: number; namespace_id: number }) => [x.id, x.namespace_id])).toEqual([[shared, -1]]);
    expect(body[3].lists.map((x: { id: number }) => x.id)).toEqual([l1, l2]);
    expect(body[4].lists).toEqual([]);
    expect(res.body).not.toContain('@example.com');

    const only = (await call(app, 'GET', '/namespaces?namespaces_only=true', { token: u.token })).json();
    expect(only.every((n: { lists: unknown }) => n.lists === null)).toBe(true);
    const search = (await call(app, 'GET', '/namespaces?s=B', { token: u.token })).json();
    expect(search.map((n: { id: number }) => n.id)).toEqual([b]);

    const pseudo = await call(app, 'GET', '/namespaces/-1/lists', { token: u.token });
    expect(pseudo.json().map((x: { id: number }) => x.id)).toEqual([shared]);
    expect((await call(app, 'GET', '/namespaces/-2/lists', { token: u.token })).json().map((x: { id: number }) => x.id)).toEqual([l1]);
    expect((await call(app, 'GET', '/namespaces/-3/lists', { token: u.token })).json()).toHaveLength(1);
    expect((await call(app, 'GET', '/namespaces/-2', { token: u.token })).json()).toMatchObject({ id: -2, title: 'Favorites' });
  });

  it('shows the favourites pseudo list -1 only when the user has favourite tasks', async () => {
    const u = await makeUser(app);
    const ns = (await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'A' } })).json().id;
    const l = (await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: u.token, body: { title: 'L' } })).json().id;
    let body = (await call(app, 'GET', '/namespaces', { token: u.token })).json();
    expect(body.map((n: { id: number }) => n.id)).toEqual([ns]);
    const now = new Date().toISOString();
    const task = await app.ctx.db
      .insertInto('tasks')
      .values({ title: 't', list_id: l, created_by_id: u.id, created: now, updated: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.ctx.db.insertInto('favorites').values({ entity_id: task.id, user_id: u.id, kind: 1, created: now }).execute();
    body = (await call(app, 'GET', '/namespaces', { token: u.token })).json();
    expect(body[0].id).toBe(-2);
    expect(body[0].lists.map((x: { id: number }) => x.id)).toEqual([-1]);
  });

  it('carries the subscription on namespaces and (inherited) on their lists', async () => {
    const u = await makeUser(app);
    const ns = (await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'A' } })).json().id;
    await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: u.token, body: { title: 'L' } });
    expect((await call(app, 'PUT', `/subscriptions/namespace/${ns}`, { token: u.token })).statusCode).toBe(201);
    const body = (await call(app, 'GET', '/namespaces', { token: u.token })).json();
    expect(body[0].subscription).toMatchObject({ entity: 'namespace', entity_id: ns });
    expect(body[0].lists[0].subscription).toMatchObject({ entity: 'namespace', entity_id: ns });
  });
});
