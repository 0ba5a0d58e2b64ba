// Collections that must stay flat as the task table grows (issue 37): the query each one runs is read back through
// the database's own plan (EXPLAIN QUERY PLAN on SQLite, EXPLAIN on PostgreSQL) so a return to a table scan or a
// sort of every matching task fails here, and the answers keep their content and order.
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { createTestServer } from '../../server/server.js';
import { seed, type SeedResult } from '../../server/seed.js';
import { signToken, USER_TOKEN_TTL_S } from '../../server/auth/jwt.js';
import { HOME_TASKS_QUERY_STRING } from '../../src/app/routeRequests.js';

const onPostgres = Boolean(process.env.KEYFLOW_TEST_DATABASE_URL);

describe('query plans and results of the collections that must not read the whole list', () => {
  let app: FastifyInstance;
  let s: SeedResult;
  let token: string;
  let second: number;

  beforeAll(async () => {
    app = await createTestServer();
    s = await seed(app.ctx.db, { tasks: 300, username: 'planner', password: 'planner-password' });
    token = await signToken(
      app.ctx.config.jwtSecret,
      { type: 1, id: s.userId, username: 'planner', email: '', name: '', emailRemindersEnabled: false, isLocalUser: true, long: false },
      USER_TOKEN_TTL_S,
    );
    const now = new Date().toISOString();
    const b = await app.ctx.db
      .insertInto('buckets')
      .values({ title: 'Doing', list_id: s.listId, limit: 0, is_done_bucket: 0, position: 2 * 65536, created_by_id: s.userId, created: now, updated: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    second = b.id;
    // Every third task in the second bucket, with kanban positions that tie, so the id tie-breaker matters.
    await sql`update tasks set bucket_id = ${second}, kanban_position = ${65536} * (id % 5) where list_id = ${s.listId} and id % 3 = 0`.execute(app.ctx.db);
    // PostgreSQL plans from statistics, which autovacuum keeps for a big table; here they are taken by hand.
    if (onPostgres) await sql`analyze tasks`.execute(app.ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    return res.json() as unknown;
  };

  /** The task queries a request runs, with their parameters. */
  const taskQueries = async (url: string, pick: RegExp) => {
    const spy = vi.spyOn(app.ctx.db.getExecutor(), 'executeQuery');
    try {
      await get(url);
      return spy.mock.calls.map(([q]) => q as CompiledQuery).filter((q) => pick.test(q.sql));
    } finally {
      spy.mockRestore();
    }
  };

  /**
   * The plan's text from its LIMIT down (a page's ids are a subquery; the outer query only orders the page's rows).
   * PostgreSQL is told to avoid table scans, as it would at a size where they cost: 300 rows is small.
   */
  const plan = async (q: CompiledQuery): Promise<string> => {
    if (!onPostgres) {
      const { rows } = await app.ctx.db.executeQuery<{ id: number; parent: number; detail: string }>(
        CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
      );
      const sub = rows.find((r) => /SUBQUERY/.test(r.detail));
      if (!sub) return rows.map((r) => r.detail).join('\n');
      const inside = new Set([sub.id]);
      for (const r of rows) if (inside.has(r.parent)) inside.add(r.id);
      return rows
        .filter((r) => r.id !== sub.id && inside.has(r.id))
        .map((r) => r.detail)
        .join('\n');
    }
    return app.ctx.db.connection().execute(async (c) => {
      await sql`set enable_seqscan = off`.execute(c);
      try {
        const { rows } = await c.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
        const lines = rows.map((r) => r['QUERY PLAN']);
        return lines
          .slice(
            Math.max(
              0,
              lines.findIndex((l) => /Limit/.test(l)),
            ),
          )
          .join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(c);
      }
    });
  };
  /** A sort of all rows (PostgreSQL's incremental sort of ties within an index order is allowed). */
  const FULL_SORT = /(^|->)\s*Sort\s+\(cost/m;

  it("reads each bucket's first page through the kanban index, without sorting the list", async () => {
    const queries = await taskQueries(`/lists/${s.listId}/buckets?per_page=25&page=1`, /from "?tasks"?\b/);
    const withBucket = queries.filter((q) => /bucket_id/.test(q.sql));
    expect(withBucket.length).toBeGreaterThan(0);
    for (const q of withBucket) {
      const text = await plan(q);
      expect(text).toContain('tasks_bucket_kanban_id');
      if (onPostgres) expect(text).not.toMatch(FULL_SORT);
      else expect(text).not.toMatch(/SCAN tasks|TEMP B-TREE/);
    }
  });

  it('gives each bucket its cards in kanban order with the id tie-breaker, page by page', async () => {
    const all = await app.ctx.db.selectFrom('tasks').select(['id', 'bucket_id', 'kanban_position']).where('list_id', '=', s.listId).execute();
    const expected = (bucket: number) =>
      all
        .filter((t) => t.bucket_id === bucket)
        .sort((a, b) => a.kanban_position - b.kanban_position || a.id - b.id)
        .map((t) => t.id);
    for (const page of [1, 2, 5]) {
      const board = (await get(`/lists/${s.listId}/buckets?per_page=25&page=${page}`)) as { id: number; tasks: { id: number }[] | null }[];
      expect(board.map((b) => b.id)).toEqual([s.bucketId, second]);
      for (const b of board) expect((b.tasks ?? []).map((t) => t.id)).toEqual(expected(b.id).slice((page - 1) * 25, page * 25));
    }
    // A requested sort still orders each bucket, descending by id here.
    const byId = (await get(`/lists/${s.listId}/buckets?per_page=10&page=1&sort_by=id&order_by=desc`)) as { id: number; tasks: { id: number }[] | null }[];
    for (const b of byId) {
      const ids = all
        .filter((t) => t.bucket_id === b.id)
        .map((t) => t.id)
        .sort((x, y) => y - x);
      expect((b.tasks ?? []).map((t) => t.id)).toEqual(ids.slice(0, 10));
    }
  });

  it('pages the upcoming week by due date through an index, without sorting every matching task', async () => {
    const queries = await taskQueries(`/tasks/all?${HOME_TASKS_QUERY_STRING}`, / limit /);
    expect(queries.length).toBe(1);
    const text = await plan(queries[0]);
    expect(text).toMatch(/tasks_list_done_due|tasks_due_id/);
    if (onPostgres) expect(text).not.toMatch(FULL_SORT);
    // Only the tie-breaker (id desc among equal due dates) may be sorted, never the whole result.
    else expect(text).not.toMatch(/SCAN tasks|TEMP B-TREE FOR ORDER BY/);
  });

  it('answers the upcoming week with the same tasks in the same order', async () => {
    const limit = new Date(Date.now() + 7 * 86400 * 1000).toISOString();
    const rows = await app.ctx.db.selectFrom('tasks').select(['id', 'due_date', 'done']).where('list_id', '=', s.listId).execute();
    const expected = rows
      .filter((t) => !t.done && t.due_date !== null && new Date(t.due_date).toISOString() <= limit)
      .sort((a, b) => new Date(a.due_date!).getTime() - new Date(b.due_date!).getTime() || b.id - a.id)
      .map((t) => t.id);
    const got = (await get(`/tasks/all?${HOME_TASKS_QUERY_STRING}`)) as { id: number }[];
    expect(expected.length).toBeGreaterThan(50);
    expect(got.map((t) => t.id)).toEqual(expected.slice(0, 50));
  });

  it('finds tasks by part of a title through the title index (FTS5 trigram, pg_trgm)', async () => {
    const queries = await taskQueries(`/tasks/all?per_page=50&page=1&s=${encodeURIComponent('ask 12')}`, / limit /);
    expect(queries.length).toBe(1);
    if (onPostgres) {
      // 300 rows of one list are cheaper through the list's index; what is checked is that the search's expression
      // (the same SQL) can be answered by the trigram index, which the planner takes once the list is big.
      expect(queries[0].sql).toContain(`lower(tasks.title) like lower($`);
      const probe = CompiledQuery.raw(`select id from tasks where lower(tasks.title) like lower($1) escape '\\'`, ['%ask 12%']);
      expect(await plan(probe)).toContain('tasks_title_trgm');
      return;
    }
    const text = await plan(queries[0]);
    expect(text).toMatch(/tasks_title_fts VIRTUAL TABLE INDEX/);
    expect(text).not.toMatch(/SCAN tasks\b/);
  });

  it('answers a title search with the same tasks in the same order, the #index form included', async () => {
    const rows = await app.ctx.db.selectFrom('tasks').select(['id', 'title', 'index']).where('list_id', '=', s.listId).execute();
    const search = async (q: string) => ((await get(`/tasks/all?per_page=50&page=1&s=${encodeURIComponent(q)}`)) as { id: number }[]).map((t) => t.id);
    const byTitle = (part: string) =>
      rows
        .filter((t) => t.title.toLowerCase().includes(part.toLowerCase()))
        .map((t) => t.id)
        .sort((a, b) => a - b)
        .slice(0, 50);
    expect(await search('ASK 12')).toEqual(byTitle('ask 12'));
    expect(await search('ask 12').then((ids) => ids.length)).toBeGreaterThan(5);
    expect(await search('k 2')).toEqual(byTitle('k 2'));
    // "#250" also names the task with index 250, whatever its title says.
    const withIndex = rows.filter((t) => t.title.toLowerCase().includes('task 7 #250') || t.index === 250).map((t) => t.id);
    expect(withIndex.length).toBe(1);
    expect(await search('task 7 #250')).toEqual(withIndex);
  });

  it('keeps title search right through task create, rename, move and delete', async () => {
    const search = async (q: string) => ((await get(`/tasks/all?per_page=50&page=1&s=${encodeURIComponent(q)}`)) as { id: number }[]).map((t) => t.id);
    const created = await app.inject({
      method: 'PUT',
      url: `/api/v1/lists/${s.listId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Zebra crossing ahead' },
    });
    expect(created.statusCode).toBe(201);
    const task = created.json() as { id: number } & Record<string, unknown>;
    expect(await search('bra cross')).toEqual([task.id]);
    const renamed = await app.inject({
      method: 'POST',
      url: `/api/v1/tasks/${task.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { ...task, title: 'Yak shaving' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await search('bra cross')).toEqual([]);
    expect(await search('AK SHAV')).toEqual([task.id]);
    // A move to another bucket rewrites the row but not its title.
    await sql`update tasks set bucket_id = ${second}, kanban_position = 1 where id = ${task.id}`.execute(app.ctx.db);
    expect(await search('ak shav')).toEqual([task.id]);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/tasks/${task.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(deleted.statusCode).toBe(200);
    expect(await search('ak shav')).toEqual([]);
  });
});
