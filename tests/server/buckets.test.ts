// Kanban buckets: CRUD, limits (10004), last bucket (10003), one done bucket (10005), done ⇄ done bucket, bucket pages.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, makeList, makeNamespace, makeBucket, ROLES, type World } from './fixtures.js';

describe('buckets', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const fresh = async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    return makeList(app, w.users.owner.id, ns);
  };

  it('creates buckets (201, position id×65536) and requires a title', async () => {
    const list = await fresh();
    const res = await call(app, 'PUT', `/lists/${list.id}/buckets`, { token: w.tokens.owner, body: { title: 'Doing', limit: 2 } });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({ title: 'Doing', list_id: list.id, limit: 2, is_done_bucket: false, position: b.id * 65536, tasks: null });
    expect(b.created_by.username).toBe(w.users.owner.username);
    expect((await call(app, 'PUT', `/lists/${list.id}/buckets`, { token: w.tokens.owner, body: { title: '' } })).json().code).toBe(2002);
    expect((await call(app, 'PUT', `/lists/${list.id}/buckets`, { token: w.tokens.owner, body: { title: 'x', limit: -1 } })).json().code).toBe(2002);
  });

  it('lists buckets by position, each with its first page of tasks by kanban_position', async () => {
    const list = await fresh();
    const second = await makeBucket(app, list.id, w.users.owner.id, { title: 'second' });
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await makeTask(app, w.tokens.owner, list.id, { title: `t${i}` }));
    await makeTask(app, w.tokens.owner, list.id, { title: 'in second', bucket_id: second });
    const res = await call(app, 'GET', `/lists/${list.id}/buckets`, { token: w.tokens.owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-pagination-result-count']).toBe('2');
    const [backlog, other] = res.json();
    expect(backlog.id).toBe(list.bucketId);
    expect(backlog.tasks).toHaveLength(25);
    expect(backlog.tasks.map((t: { id: number }) => t.id)).toEqual(made.slice(0, 25).map((t) => t.id));
    expect(other.tasks.map((t: { title: string }) => t.title)).toEqual(['in second']);
    const page2 = await call(app, 'GET', `/lists/${list.id}/buckets?page=2`, { token: w.tokens.owner });
    expect(page2.json()[0].tasks).toHaveLength(5);
    expect(page2.json()[1].tasks).toBeNull();
    const more = await call(app, 'GET', `/lists/${list.id}/tasks?filter_by=bucket_id&filter_value=${list.bucketId}&sort_by=kanban_position&per_page=25&page=2`, { token: w.tokens.owner });
    expect(more.json()).toHaveLength(5);
    const filtered = await call(app, 'GET', `/lists/${list.id}/buckets?filter_by=title&filter_comparator=like&filter_value=t1`, { token: w.tokens.owner });
    expect(filtered.json()[0].tasks.every((t: { title: string }) => t.title.startsWith('t1'))).toBe(true);
  });

  it('enforces limits on create and move (10004), only when the bucket changes', async () => {
    const list = await fresh();
    const small = await makeBucket(app, list.id, w.users.owner.id, { title: 'small', limit: 1 });
    const t = await makeTask(app, w.tokens.owner, list.id, { bucket_id: small });
    const full = await call(app, 'PUT', `/lists/${list.id}`, { token: w.tokens.owner, body: { title: 'x', bucket_id: small } });
    expect(full.statusCode).toBe(412);
    expect(full.json().code).toBe(10004);
    const other = await makeTask(app, w.tokens.owner, list.id);
    expect((await call(app, 'POST', `/tasks/${other.id}`, { token: w.tokens.owner, body: { bucket_id: small, position: 1 } })).json().code).toBe(10004);
    const stay = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { bucket_id: small, title: 'renamed', position: 1 } });
    expect(stay.statusCode).toBe(200);
    await app.ctx.db.updateTable('buckets').set({ limit: 1 }).where('id', '=', list.bucketId).execute();
    expect((await call(app, 'PUT', `/lists/${list.id}`, { token: w.tokens.owner, body: { title: 'into full default' } })).json().code).toBe(10004);
  });

  it('rejects buckets of another list (10002) and missing buckets (10001)', async () => {
    const list = await fresh();
    const res = await call(app, 'PUT', `/lists/${list.id}`, { token: w.tokens.owner, body: { title: 'x', bucket_id: w.bucketId } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10002);
    expect((await call(app, 'PUT', `/lists/${list.id}`, { token: w.tokens.owner, body: { title: 'x', bucket_id: 99999 } })).json().code).toBe(10001);
    expect((await call(app, 'POST', `/lists/${list.id}/buckets/${w.bucketId}`, { token: w.tokens.owner, body: { title: 'x' } })).json().code).toBe(10001);
  });

  it('answers 3001 for a missing list on every bucket route and 10001 when deleting a missing bucket', async () => {
    const before = await app.ctx.db.selectFrom('buckets').select(['id', 'list_id']).orderBy('id').execute();
    const missingList = [
      await call(app, 'PUT', '/lists/99999/buckets', { token: w.tokens.owner, body: { title: 'nowhere' } }),
      await call(app, 'GET', '/lists/99999/buckets', { token: w.tokens.owner }),
      await call(app, 'POST', `/lists/99999/buckets/${w.bucketId}`, { token: w.tokens.owner, body: { title: 'x' } }),
      await call(app, 'DELETE', `/lists/99999/buckets/${w.bucketId}`, { token: w.tokens.owner }),
    ];
    for (const res of missingList) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 3001, message: 'This list does not exist.' });
    }
    const list = await fresh();
    const extra = await makeBucket(app, list.id, w.users.owner.id);
    const ghost = await call(app, 'DELETE', `/lists/${list.id}/buckets/99999`, { token: w.tokens.owner });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json()).toEqual({ code: 10001, message: 'This bucket does not exist.' });
    // A bucket of another list does not exist from this list's point of view, and is not deleted.
    const foreign = await call(app, 'DELETE', `/lists/${list.id}/buckets/${w.bucketId}`, { token: w.tokens.owner });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(10001);
    const after = await app.ctx.db.selectFrom('buckets').select(['id', 'list_id']).orderBy('id').execute();
    expect(after).toEqual([...before, { id: list.bucketId, list_id: list.id }, { id: extra, list_id: list.id }]);
  });

  it('allows one done bucket (10005); marking done moves there, moving there marks done', async () => {
    const list = await fresh();
    const doneB = (await call(app, 'PUT', `/lists/${list.id}/buckets`, { token: w.tokens.owner, body: { title: 'Done', is_done_bucket: true } })).json();
    expect(doneB.is_done_bucket).toBe(true);
    const second = await call(app, 'PUT', `/lists/${list.id}/buckets`, { token: w.tokens.owner, body: { title: 'Done 2', is_done_bucket: true } });
    expect(second.json().code).toBe(10005);
    const other = await makeBucket(app, list.id, w.users.owner.id);
    const upd = await call(app, 'POST', `/lists/${list.id}/buckets/${other}`, { token: w.tokens.owner, body: { title: 'x', is_done_bucket: true } });
    expect(upd.statusCode).toBe(412);
    expect(upd.json().code).toBe(10005);
    const t = await makeTask(app, w.tokens.owner, list.id);
    const done = (await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { done: true, position: 1 } })).json();
    expect(done.bucket_id).toBe(doneB.id);
    const t2 = await makeTask(app, w.tokens.owner, list.id);
    const moved = (await call(app, 'POST', `/tasks/${t2.id}`, { token: w.tokens.owner, body: { bucket_id: doneB.id, position: 1 } })).json();
    expect(moved.done).toBe(true);
    expect(moved.done_at).not.toBe('0001-01-01T00:00:00Z');
    const rep = await makeTask(app, w.tokens.owner, list.id, { repeat_after: 3600, due_date: '2030-01-01T00:00:00Z' });
    const dropped = (await call(app, 'POST', `/tasks/${rep.id}`, { token: w.tokens.owner, body: { bucket_id: doneB.id, repeat_after: 3600, position: 1 } })).json();
    expect(dropped.done).toBe(false);
    expect(dropped.bucket_id).toBe(rep.bucket_id);
    expect(dropped.due_date).toBe('2030-01-01T01:00:00.000Z');
    const created = await makeTask(app, w.tokens.owner, list.id, { done: true });
    expect(created.bucket_id).toBe(doneB.id);
  });

  it('updates a bucket and deletes it, moving its tasks to the default bucket; never the last one (10003)', async () => {
    const list = await fresh();
    const b = await makeBucket(app, list.id, w.users.owner.id, { title: 'b' });
    const t = await makeTask(app, w.tokens.owner, list.id, { bucket_id: b });
    const upd = await call(app, 'POST', `/lists/${list.id}/buckets/${b}`, { token: w.tokens.owner, body: { title: 'renamed', limit: 3, position: 7 } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'renamed', limit: 3, position: 7 });
    const del = await call(app, 'DELETE', `/lists/${list.id}/buckets/${b}`, { token: w.tokens.owner });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner })).json().bucket_id).toBe(list.bucketId);
    const last = await call(app, 'DELETE', `/lists/${list.id}/buckets/${list.bucketId}`, { token: w.tokens.owner });
    expect(last.statusCode).toBe(412);
    expect(last.json().code).toBe(10003);
  });

  it('checks rights on every bucket route (matrix)', async () => {
    for (const role of ROLES) {
      const right = w.rights[role];
      const read = await call(app, 'GET', `/lists/${w.listId}/buckets`, { token: w.tokens[role] });
      const create = await call(app, 'PUT', `/lists/${w.listId}/buckets`, { token: w.tokens[role], body: { title: role } });
      const b = await makeBucket(app, w.listId, w.users.owner.id);
      const update = await call(app, 'POST', `/lists/${w.listId}/buckets/${b}`, { token: w.tokens[role], body: { title: 'u' } });
      const del = await call(app, 'DELETE', `/lists/${w.listId}/buckets/${b}`, { token: w.tokens[role] });
      if (right === null) {
        for (const r of [read, create, update, del]) expect(r.statusCode, role).toBe(403);
      } else {
        expect(read.statusCode, role).toBe(200);
        const writeStatus = right >= 1 ? [201, 200, 200] : [403, 403, 403];
        expect([create.statusCode, update.statusCode, del.statusCode], role).toEqual(writeStatus);
      }
    }
  });
});
