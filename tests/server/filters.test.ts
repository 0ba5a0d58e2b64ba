import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer, makeUser, type TestUser } from './helpers.js';
import { count, expectMatrix, makeShared, makeWorld, type World } from './shareFixture.js';

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

  /** Bodies both PUT and POST refuse with 400/2002. */
  const INVALID = [{ filters }, { title: '', filters }, { title: 'x' }, { title: 'x', filters: 'done' }, { title: 'x', filters: { filter_include_nulls: 'yes' } }, { title: 'x', filters, is_favorite: 'no' }, { title: 'x', filters: { filter_by: [{ field: 'done' }] } }];

  it('requires title and filters; wrong types are 2002; nothing written', async () => {
    const before = await count(app, 'saved_filters');
    for (const body of INVALID) {
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

  it('POST validates like PUT (2002), before the owner check; the filter is unchanged', async () => {
    const f = (await call(app, 'PUT', '/filters', { token: alice.token, body: { title: 'Keep', description: 'd', filters } })).json();
    for (const body of INVALID) {
      for (const token of [alice.token, bob.token]) {
        const res = await call(app, 'POST', `/filters/${f.id}`, { token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code, JSON.stringify(body)).toBe(2002);
      }
    }
    const got = (await call(app, 'GET', `/filters/${f.id}`, { token: alice.token })).json();
    expect(got).toMatchObject({ title: 'Keep', description: 'd', filters, is_favorite: false });
  });

  it('PUT and POST validate the filter when it is saved (4014, 4016–4019), storing nothing invalid', async () => {
    const base = { filter_by: ['done'], filter_value: ['false'], filter_comparator: ['equals'] };
    const bad: [Record<string, unknown>, number][] = [
      [{ ...base, sort_by: ['bogus'] }, 4016],
      [{ ...base, filter_by: ['nope'] }, 4016],
      [{ ...base, filter_comparator: ['roughly'] }, 4017],
      [{ ...base, filter_concat: 'xor' }, 4018],
      [{ ...base, filter_by: ['priority'], filter_value: ['high'] }, 4019],
      [{ ...base, filter_by: ['due_date'], filter_value: ['someday'] }, 4019],
      [{ ...base, sort_by: ['id'], order_by: ['sideways'] }, 4014],
    ];
    const before = await count(app, 'saved_filters');
    for (const [odd, code] of bad) {
      const created = await call(app, 'PUT', '/filters', { token: alice.token, body: { title: 'Odd', filters: odd } });
      expect(created.statusCode, JSON.stringify(odd)).toBe(400);
      expect(created.json().code, JSON.stringify(odd)).toBe(code);
    }
    expect(await count(app, 'saved_filters')).toBe(before);
    const good = await call(app, 'PUT', '/filters', { token: alice.token, body: { title: 'Good', filters: base } });
    expect(good.statusCode).toBe(201);
    const updated = await call(app, 'POST', `/filters/${good.json().id}`, { token: alice.token, body: { title: 'Good', filters: { ...base, sort_by: ['also_bogus'] } } });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().code).toBe(4016);
    expect((await call(app, 'GET', `/filters/${good.json().id}`, { token: alice.token })).json().filters).toEqual(base);
  });

  it('a filter stored broken before validation existed still answers 4016 when its tasks are read', async () => {
    const row = await app.ctx.db
      .insertInto('saved_filters')
      .values({ title: 'Old', description: '', filters: JSON.stringify({ sort_by: ['bogus'] }), owner_id: alice.id, created: new Date().toISOString(), updated: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tasks = await call(app, 'GET', `/lists/${-(row.id + 1)}/tasks`, { token: alice.token });
    expect(tasks.statusCode).toBe(400);
    expect(tasks.json().code).toBe(4016);
  });

  it('11001 for a filter that does not exist (GET, POST, DELETE)', async () => {
    const before = await count(app, 'saved_filters');
    for (const [method, body] of [['GET'], ['POST', { title: 'x', filters }], ['DELETE']] as const) {
      const res = await call(app, method, '/filters/999999', { token: alice.token, body });
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({ code: 11001, message: 'This saved filter does not exist.' });
    }
    expect(await count(app, 'saved_filters')).toBe(before);
  });

  describe('rights matrix', () => {
    // shareFixture actors: `owner` owns the filter; every other user is a stranger to it; `link` is a link share.
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(app);
    });
    const OTHERS = { read: 403, write: 403, admin: 403, team: 403, stranger: 403, link: 412 };

    async function ownersFilter(): Promise<number> {
      const res = await call(app, 'PUT', '/filters', { token: w.users.owner.token, body: { title: 'Owned', filters } });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    }

    it('GET, POST, DELETE: owner only; link shares 412', async () => {
      await expectMatrix(app, w, async () => ({ method: 'GET', url: `/filters/${await ownersFilter()}` }), { owner: 200, ...OTHERS });
      await expectMatrix(app, w, async () => ({ method: 'POST', url: `/filters/${await ownersFilter()}`, body: { title: 'Renamed', filters } }), { owner: 200, ...OTHERS });
      await expectMatrix(app, w, async () => ({ method: 'DELETE', url: `/filters/${await ownersFilter()}` }), { owner: 200, ...OTHERS });
    });

    it('PUT: any user; link shares 412', async () => {
      await expectMatrix(app, w, () => ({ method: 'PUT', url: '/filters', body: { title: 'Mine', filters } }), {
        owner: 201, read: 201, write: 201, admin: 201, team: 201, stranger: 201, link: 412,
      });
    });

    it('link shares get 11002 on every route (a valid body) and change nothing', async () => {
      const s = await makeShared(app, w);
      const id = await ownersFilter();
      const before = await count(app, 'saved_filters');
      const routes: [string, string, unknown?][] = [
        ['PUT', '/filters', { title: 'Link', filters }],
        ['GET', `/filters/${id}`],
        ['POST', `/filters/${id}`, { title: 'Link', filters }],
        ['DELETE', `/filters/${id}`],
        ['GET', '/filters/999999'],
      ];
      for (const [method, url, body] of routes) {
        const res = await call(app, method as 'GET', url, { token: s.tokens.link, body });
        expect(res.statusCode, `${method} ${url}`).toBe(412);
        expect(res.json(), `${method} ${url}`).toEqual({ code: 11002, message: 'Saved filters are not available for link shares.' });
      }
      expect(await count(app, 'saved_filters')).toBe(before);
      expect((await call(app, 'GET', `/filters/${id}`, { token: w.users.owner.token })).json().title).toBe('Owned');
    });

    it('validation comes before the link-share refusal, on PUT as on POST', async () => {
      const s = await makeShared(app, w);
      const id = await ownersFilter();
      for (const [method, url] of [['PUT', '/filters'], ['POST', `/filters/${id}`]] as const) {
        const res = await call(app, method, url, { token: s.tokens.link, body: { title: '', filters } });
        expect(res.statusCode, method).toBe(400);
        expect(res.json().code, method).toBe(2002);
      }
    });
  });
});
