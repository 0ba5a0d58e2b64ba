// Bounds on task fields, ids and paging: nonsense is refused with 2002 and changes nothing; the zero date still means unset.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, type World } from './fixtures.js';

const ZERO = '0001-01-01T00:00:00Z';

describe('input bounds', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const invalid: [string, Record<string, unknown>][] = [
    ['priority 1e300', { priority: 1e300 }],
    ['priority 6', { priority: 6 }],
    ['priority -1', { priority: -1 }],
    ['percent_done 1.5', { percent_done: 1.5 }],
    ['percent_done -0.1', { percent_done: -0.1 }],
    ['repeat_after 1e20', { repeat_after: 1e20 }],
    ['repeat_after above ten years', { repeat_after: 11 * 366 * 86400 }],
    ['due_date in year 0000', { due_date: '0000-01-01T00:00:00Z' }],
    ['start_date before year 1000', { start_date: '0999-12-31T23:59:59Z' }],
    ['end_date after year 9999', { end_date: '+010000-01-01T00:00:00Z' }],
    ['reminder_dates with null', { reminder_dates: [null] }],
    ['reminder_dates in year 0000', { reminder_dates: ['0000-06-01T00:00:00Z'] }],
    ['reminder_dates with 101 entries', { reminder_dates: Array.from({ length: 101 }, (_, i) => new Date(Date.UTC(2030, 0, 1, 0, i)).toISOString()) }],
    ['bucket_id beyond 32 bits', { bucket_id: 2 ** 40 }],
    ['list_id beyond 32 bits', { list_id: 2 ** 40 }],
    ['assignee id beyond 32 bits', { assignees: [{ id: 2 ** 40 }] }],
  ];

  for (const [name, body] of invalid) {
    it(`refuses ${name} on create and update (2002), changing nothing`, async () => {
      const t = await makeTask(app, w.tokens.owner, w.listId, { title: 'bounded', priority: 2 });
      const before = await app.ctx.db.selectFrom('tasks').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
      const count = async () => (await app.ctx.db.selectFrom('tasks').select('id').execute()).length;
      const n = await count();
      const created = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'x', ...body } });
      expect(created.statusCode, created.body).toBe(400);
      expect(created.json().code).toBe(2002);
      const updated = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { ...t, ...body } });
      expect(updated.statusCode, updated.body).toBe(400);
      expect(updated.json().code).toBe(2002);
      expect(await count()).toBe(n);
      expect(await app.ctx.db.selectFrom('tasks').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow()).toEqual(before);
    });
  }

  it('accepts the edges: priority 5, percent_done 1, ten years of repeat, years 1000 and 9999', async () => {
    const res = await call(app, 'PUT', `/lists/${w.listId}`, {
      token: w.tokens.owner,
      body: { title: 'edges', priority: 5, percent_done: 1, repeat_after: 10 * 366 * 86400, start_date: '1000-01-01T00:00:00Z', due_date: '9999-12-31T00:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ priority: 5, percent_done: 1, start_date: '1000-01-01T00:00:00.000Z', due_date: '9999-12-31T00:00:00.000Z' });
  });

  it('still reads the zero date as unset, also inside reminder_dates', async () => {
    const res = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'zero', due_date: ZERO, reminder_dates: [ZERO] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().due_date).toBe(ZERO);
    expect(res.json().reminder_dates).toBeNull();
  });

  it('caps per_page at 50 and refuses a page beyond 1,000,000 or that is not a whole number (2002)', async () => {
    for (let i = 0; i < 3; i++) await makeTask(app, w.tokens.owner, w.listId);
    const huge = await call(app, 'GET', `/lists/${w.listId}/tasks?per_page=99999999999999999999`, { token: w.tokens.owner });
    expect(huge.statusCode).toBe(200);
    for (const url of [`/lists/${w.listId}/tasks`, '/namespaces', '/labels', `/lists/${w.listId}/shares`]) {
      for (const q of ['page=99999999999999999999', 'page=1000001', 'page=1e3', 'page=-1', 'per_page=abc', 'per_page=1.5']) {
        const res = await call(app, 'GET', `${url}?${q}`, { token: w.tokens.owner });
        expect(res.statusCode, `${url}?${q}`).toBe(400);
        expect(res.json().code, `${url}?${q}`).toBe(2002);
      }
      expect((await call(app, 'GET', `${url}?page=1000000`, { token: w.tokens.owner })).statusCode, url).toBe(200);
    }
  });

  it('refuses path ids beyond 32 bits with 2002 instead of asking the database', async () => {
    for (const url of ['/tasks/99999999999999999999', '/lists/4294967296', '/namespaces/-4294967296']) {
      const res = await call(app, 'GET', url, { token: w.tokens.owner });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe(2002);
    }
  });

  it('filters: a number beyond 32 bits or an `in` list of more than 1,000 values is a bad filter value (4019)', async () => {
    const big = await call(app, 'GET', `/lists/${w.listId}/tasks?filter_by=priority&filter_value=99999999999&filter_comparator=greater`, { token: w.tokens.owner });
    expect(big.json().code).toBe(4019);
    const many = Array.from({ length: 1001 }, (_, i) => i).join(',');
    const res = await call(app, 'GET', `/lists/${w.listId}/tasks?filter_by=id&filter_value=${many}&filter_comparator=in`, { token: w.tokens.owner });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(4019);
    const search = await call(app, 'GET', `/lists/${w.listId}/tasks?s=%2399999999999999`, { token: w.tokens.owner });
    expect(search.statusCode).toBe(200);
  });
});
