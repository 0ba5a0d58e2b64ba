// Later pages of a list on SQLite: every ordered id is listed (and cached) only once a page is read twice under one
// database generation; while writes keep coming, each page reads only up to itself (the mixed bench's hot spot).
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CompiledQuery } from 'kysely';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, type World } from './fixtures.js';

const onPostgres = Boolean(process.env.KEYFLOW_TEST_DATABASE_URL);

describe.skipIf(onPostgres)('task pages past the first while the list is written to', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    for (let i = 0; i < 120; i++) await makeTask(app, w.tokens.owner, w.listId, { title: `t${i}` });
  });
  afterAll(async () => {
    await app.close();
  });

  /** Queries that list every matching id (no LIMIT): the full scan a later page can avoid. */
  const fullListings = (spy: { mock: { calls: unknown[][] } }) =>
    spy.mock.calls.filter(([q]) => /^select "tasks"\."id" from "tasks"/.test((q as CompiledQuery).sql) && !/ limit /.test((q as CompiledQuery).sql)).length;
  const page = async (n: number) => {
    const res = await call(app, 'GET', `/lists/${w.listId}/tasks?per_page=50&page=${n}`, { token: w.tokens.owner });
    expect(res.statusCode).toBe(200);
    return { ids: (res.json() as { id: number }[]).map((t) => t.id), total: Number(res.headers['x-pagination-total-pages']) };
  };
  const allIds = async () => (await app.ctx.db.selectFrom('tasks').select('id').where('list_id', '=', w.listId).orderBy('id').execute()).map((r) => r.id);

  it('does not list every id for a page read between writes, and the page is right', async () => {
    const spy = vi.spyOn(app.ctx.db, 'executeQuery');
    try {
      for (let i = 0; i < 4; i++) {
        await makeTask(app, w.tokens.owner, w.listId, { title: `write ${i}` });
        const got = await page(2);
        expect(got.ids).toEqual((await allIds()).slice(50, 100));
        expect(got.total).toBe(3);
      }
      expect(fullListings(spy)).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('lists them once when pages are read again under one generation, then slices the cached ids', async () => {
    await makeTask(app, w.tokens.owner, w.listId, { title: 'last write' });
    const spy = vi.spyOn(app.ctx.db, 'executeQuery');
    try {
      const expected = await allIds();
      expect((await page(2)).ids).toEqual(expected.slice(50, 100));
      expect((await page(2)).ids).toEqual(expected.slice(50, 100));
      expect((await page(3)).ids).toEqual(expected.slice(100, 150));
      expect(fullListings(spy)).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});
