// POST /tasks/bulk up to its documented maximum of ids (chunked under SQLite's variable limit), 2002 above it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { MAX_BULK_TASKS } from '../../server/routes/tasks.js';
import { nowIso } from '../../server/clock.js';
import { call, makeWorld, type World } from './fixtures.js';

describe('bulk update limits', () => {
  let app: FastifyInstance;
  let w: World;
  let ids: number[];
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    const now = nowIso();
    // Inserted directly: creating 1,000 tasks through the API would be the slow part of the test.
    const rows = Array.from({ length: MAX_BULK_TASKS }, (_, i) => ({
      title: `t${i}`, description: '', done: 0, list_id: w.listId, repeat_after: 0, repeat_mode: 0, priority: 0, hex_color: '',
      percent_done: 0, index: i + 1, uid: `u${i}`, cover_image_attachment_id: 0, created_by_id: w.users.owner.id, bucket_id: w.bucketId,
      position: i + 1, kanban_position: i + 1, created: now, updated: now,
    }));
    ids = [];
    for (let i = 0; i < rows.length; i += 100) {
      const got = await app.ctx.db.insertInto('tasks').values(rows.slice(i, i + 100) as never).returning('id').execute();
      ids.push(...got.map((r) => r.id));
    }
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it(`updates ${MAX_BULK_TASKS} tasks in one request`, async () => {
    const res = await call(app, 'POST', '/tasks/bulk', { token: w.tokens.owner, body: { task_ids: ids, priority: 3 } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().tasks).toHaveLength(MAX_BULK_TASKS);
    const rows = await app.ctx.db.selectFrom('tasks').select('priority').where('list_id', '=', w.listId).execute();
    expect(rows.every((r) => r.priority === 3)).toBe(true);
  }, 60_000);

  it('answers 2002 above the maximum, also for 40,000 ids, and changes nothing', async () => {
    for (const n of [MAX_BULK_TASKS + 1, 40_000]) {
      const many = Array.from({ length: n }, (_, i) => i + 1);
      const res = await call(app, 'POST', '/tasks/bulk', { token: w.tokens.owner, body: { task_ids: many, priority: 1 } });
      expect(res.statusCode, String(n)).toBe(400);
      expect(res.json().code).toBe(2002);
    }
    const rows = await app.ctx.db.selectFrom('tasks').select('priority').where('list_id', '=', w.listId).execute();
    expect(rows.some((r) => r.priority === 1)).toBe(false);
  });
});
