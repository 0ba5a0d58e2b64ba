// Moving tasks between lists as clients do it: the whole task sent back with the new list_id and its old bucket_id.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, makeList, makeNamespace, makeBucket, type World } from './fixtures.js';

describe('moving tasks between lists', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('puts a task sent with its stale bucket_id into the new list\'s default bucket', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const target = await makeList(app, w.users.owner.id, ns);
    await makeBucket(app, target.id, w.users.owner.id, { title: 'Later' });
    const t = await makeTask(app, w.tokens.owner, w.listId, { title: 'move me' });
    expect(t.bucket_id).toBe(w.bucketId);
    // The full task as the client holds it, only list_id changed.
    const res = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { ...t, list_id: target.id } });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json();
    expect(moved.list_id).toBe(target.id);
    expect(moved.bucket_id).toBe(target.bucketId);
    const row = await app.ctx.db.selectFrom('tasks').select(['list_id', 'bucket_id']).where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ list_id: target.id, bucket_id: target.bucketId });
  });

  it('uses the default bucket even when the body names another bucket of the new list', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const target = await makeList(app, w.users.owner.id, ns);
    const later = await makeBucket(app, target.id, w.users.owner.id, { title: 'Later' });
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const moved = (await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { ...t, list_id: target.id, bucket_id: later } })).json();
    expect(moved.bucket_id).toBe(target.bucketId);
  });

  it('still checks the default bucket\'s limit of the new list (10004)', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const target = await makeList(app, w.users.owner.id, ns);
    await app.ctx.db.updateTable('buckets').set({ limit: 1 }).where('id', '=', target.bucketId).execute();
    await makeTask(app, w.tokens.owner, target.id);
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const res = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { ...t, list_id: target.id } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(10004);
  });

  it('keeps a bucket_id of another list an error when the list does not change (10002)', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const other = await makeList(app, w.users.owner.id, ns);
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const res = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { ...t, bucket_id: other.bucketId } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10002);
  });

  it('bulk updates ignore list_id and bucket_id (the reference saves only its bulk fields) instead of failing', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const target = await makeList(app, w.users.owner.id, ns);
    const a = await makeTask(app, w.tokens.owner, w.listId);
    const b = await makeTask(app, w.tokens.owner, w.listId);
    const res = await call(app, 'POST', '/tasks/bulk', {
      token: w.tokens.owner,
      body: { ...a, task_ids: [a.id, b.id], list_id: target.id, bucket_id: a.bucket_id, priority: 4 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await app.ctx.db.selectFrom('tasks').select(['list_id', 'bucket_id', 'priority']).where('id', 'in', [a.id, b.id]).execute();
    expect(rows).toEqual([
      { list_id: w.listId, bucket_id: w.bucketId, priority: 4 },
      { list_id: w.listId, bucket_id: w.bucketId, priority: 4 },
    ]);
  });
});
