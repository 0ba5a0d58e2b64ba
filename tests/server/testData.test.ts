import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, call } from './helpers.js';
import { hashPassword } from '../../server/auth/password.js';

const TOKEN = 'seed-secret-123';

describe('PATCH /test/:table', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestServer({ testingToken: TOKEN });
  });
  afterAll(async () => {
    await app.close();
  });

  const seed = (table: string, rows: unknown, opts: { truncate?: string; token?: string } = {}) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/test/${table}${opts.truncate !== undefined ? `?truncate=${opts.truncate}` : ''}`,
      headers: { authorization: opts.token ?? TOKEN, 'content-type': 'application/json' },
      payload: JSON.stringify(rows),
    });

  it('seeds users, a namespace, a list, a bucket and tasks that the API then serves, and the user can log in', async () => {
    const password = await hashPassword('1234');
    const t = '2026-01-02T03:04:05+00:00';
    let res = await seed('users', [{ id: 1, username: 'seeded', email: 'seeded@example.com', password, status: 0, issuer: 'local', created: t, updated: t }]);
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('null');
    expect((await seed('namespaces', [{ id: 1, title: 'Seeded', owner_id: 1, created: t, updated: t }])).statusCode).toBe(201);
    expect((await seed('lists', [{ id: 1, title: 'List', namespace_id: 1, owner_id: 1, is_archived: false, created: t, updated: t }])).statusCode).toBe(201);
    expect((await seed('buckets', [{ id: 1, title: 'Backlog', list_id: 1, created_by_id: 1, created: t, updated: t }])).statusCode).toBe(201);
    res = await seed('tasks', [
      { id: 1, title: 'First', list_id: 1, index: 1, position: 65536, bucket_id: 1, created_by_id: 1, done: false, due_date: '2026-03-01T10:00:00+00:00', created: t, updated: t },
      { id: 2, title: 'Second', list_id: 1, index: 2, position: 131072, bucket_id: 1, created_by_id: 1, done: true, done_at: '', due_date: '0001-01-01T00:00:00Z', created: t, updated: t },
    ]);
    expect(res.statusCode).toBe(201);

    res = await call(app, 'POST', '/login', { body: { username: 'seeded', password: '1234' } });
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    res = await call(app, 'GET', '/lists/1/tasks?sort_by=id&order_by=asc', { token });
    const tasks = res.json() as { title: string; due_date: string; done: boolean; done_at: string; identifier: string; uid?: string }[];
    expect(tasks.map((x) => x.title)).toEqual(['First', 'Second']);
    // Dates normalised; "" and the zero date are "not set".
    expect(tasks[0].due_date).toBe('2026-03-01T10:00:00.000Z');
    expect(tasks[1]).toMatchObject({ done: true, done_at: '0001-01-01T00:00:00Z', due_date: '0001-01-01T00:00:00Z' });
    const uids = await app.ctx.db.selectFrom('tasks').select('uid').execute();
    expect(new Set(uids.map((u) => u.uid)).size).toBe(2);
    expect(uids.every((u) => u.uid !== '')).toBe(true);

    // Creating a task the ordinary way after seeding with explicit ids works.
    res = await call(app, 'PUT', '/lists/1', { token, body: { title: 'Third' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(3);
  });

  it('empties the table first unless truncate=false, and [] only empties', async () => {
    const t = '2026-01-02T03:04:05Z';
    await seed('labels', [{ id: 10, title: 'a', created_by_id: 1, created: t, updated: t }]);
    await seed('labels', [{ id: 11, title: 'b', created_by_id: 1, created: t, updated: t }], { truncate: 'false' });
    let rows = await app.ctx.db.selectFrom('labels').select('title').orderBy('id').execute();
    expect(rows.map((r) => r.title)).toEqual(['a', 'b']);
    await seed('labels', [{ id: 12, title: 'c', created_by_id: 1, created: t, updated: t }], { truncate: 'true' });
    rows = await app.ctx.db.selectFrom('labels').select('title').execute();
    expect(rows.map((r) => r.title)).toEqual(['c']);
    expect((await seed('labels', [])).statusCode).toBe(201);
    expect(await app.ctx.db.selectFrom('labels').select('id').execute()).toEqual([]);
  });

  it('refuses a wrong or Bearer-prefixed token with 403 and changes nothing', async () => {
    const before = await app.ctx.db.selectFrom('users').select('id').execute();
    expect((await seed('users', [], { token: 'wrong' })).statusCode).toBe(403);
    expect((await seed('users', [], { token: `Bearer ${TOKEN}` })).statusCode).toBe(403);
    const res = await app.inject({ method: 'PATCH', url: '/api/v1/test/users', payload: [] });
    expect(res.statusCode).toBe(403);
    expect(await app.ctx.db.selectFrom('users').select('id').execute()).toEqual(before);
  });

  it('answers failures with 500 {error, message} and leaves the table as it was', async () => {
    const t = '2026-01-02T03:04:05Z';
    await seed('teams', [{ id: 1, name: 'Keep', created_by_id: 1, created: t, updated: t }]);
    for (const [table, rows, message] of [
      ['teams', [{ id: 2, name: 'x', nonsense: 1 }], /no column "nonsense"/],
      ['teams', [{ id: 2, name: 'x', created: 'yesterday' }], /not a date/],
      ['teams', { id: 2 }, /JSON array/],
      ['user_tokens', [], /not a table that can be seeded/],
      // A duplicate id fails in the database: the truncation before it is rolled back too.
      ['teams', [{ id: 5, name: 'a' }, { id: 5, name: 'b' }], /Could not seed teams/],
    ] as const) {
      const res = await seed(table, rows);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ error: true, message: expect.stringMatching(message) });
    }
    const teams = await app.ctx.db.selectFrom('teams').select('name').execute();
    expect(teams.map((x) => x.name)).toEqual(['Keep']);
  });

  it('does not exist without a configured testing token', async () => {
    const plain = await createTestServer();
    const res = await plain.inject({ method: 'PATCH', url: '/api/v1/test/users', headers: { authorization: '' }, payload: [] });
    expect(res.statusCode).toBe(404);
    await plain.close();
  });
});
