import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer, makeUser, type TestUser } from './helpers.js';
import { count } from './shareFixture.js';

describe('saved filters', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  const filters = { sort_by: ['due_date', 'id'], order_by: ['asc', 'desc'], filter_by: ['done'], filter_value: ['false'], filter_comparator: ['equals'], filter_concat: 'and', filter_include_nulls: true };
  beforeAll(async () => {
    app = await createTestServer();
    alice = await makeUser(app);
    bob = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates, reads, updates, deletes (owner only)', async () => {
    const res = await call(app, 'PUT', '/filters', { token: alice.token, body: { title: 'Open', description: 'd', filters, is_favorite: true } });
    expect(res.statusCode).toBe(201);
    const f = res.json();
    expect(f).toMatchObject({ title: 'Open', description: 'd', filters, is_favorite: true });
    expect(f.owner.username).toBe(alice.username);
    expect(res.body).not.toContain('@example.com');
    const got = await call(app, 'GET', `/filters/${f.id}`, { token: alice.token });
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-max-right']).toBe('2');
    expect((await call(app, 'GET', `/filters/${f.id}`, { token: bob.token })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/filters/${f.id}`, { token: bob.token, body: { title: 'x', filters } })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/filters/${f.id}`, { token: bob.token })).statusCode).toBe(403);
    const upd = await call(app, 'POST', `/filters/${f.id}`, { token: alice.token, body: { title: 'Closed', filters: { filter_by: ['done'], filter_value: ['true'] }, is_favorite: false } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'Closed', description: 'd', is_favorite: false, filters: { filter_by: ['done'], filter_value: ['true'] } });
    expect((await call(app, 'DELETE', `/filters/${f.id}`, { token: alice.token })).json()).toEqual({ message: 'Successfully deleted.' });
    const gone = await call(app, 'GET', `/filters/${f.id}`, { token: alice.token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(11001);
    expect(await app.ctx.db.selectFrom('favorites').selectAll().where('entity_id', '=', -(f.id + 1)).execute()).toEqual([]);
  });

  it('requires title and filters; wrong types are 2002; nothing written', async () => {
    const before = await count(app, 'saved_filters');
    for (const body of [{ filters }, { title: '', filters }, { title: 'x' }, { title: 'x', filters: 'done' }, { title: 'x', filters: { filter_include_nulls: 'yes' } }, { title: 'x', filters, is_favorite: 'no' }]) {
      const res = await call(app, 'PUT', '/filters', { token: alice.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(2002);
    }
    expect(await count(app, 'saved_filters')).toBe(before);
  });

  it('appears as pseudo namespace -3 and, when favourite, in -2', async () => {
    const u = await makeUser(app);
    const f = (await call(app, 'PUT', '/filters', { token: u.token, body: { title: 'Mine', filters, is_favorite: true } })).json();
    const ns = (await call(app, 'GET', '/namespaces', { token: u.token })).json();
    expect(ns.map((n: { id: number }) => n.id)).toEqual([-3, -2]);
    expect(ns[0].lists[0]).toMatchObject({ id: -(f.id + 1), title: 'Mine', namespace_id: -3, is_favorite: true });
    expect(ns[1].lists.map((l: { id: number }) => l.id)).toEqual([-(f.id + 1)]);
    expect((await call(app, 'DELETE', `/lists/${-(f.id + 1)}`, { token: u.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/namespaces', { token: u.token })).json()).toBeNull();
  });
});
