// Task CRUD: create, read, update (full replace), delete, done/done_at, index and identifier, rights.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, makeList, makeNamespace, makeUser, ROLES, type World } from './fixtures.js';

const ZERO = '0001-01-01T00:00:00Z';

describe('tasks', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app, { identifier: 'TST' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates a task with the full §8 shape', async () => {
    const res = await call(app, 'PUT', `/lists/${w.listId}`, {
      token: w.tokens.owner,
      body: { title: 'Buy milk', description: 'two', priority: 3, hex_color: 'ff0000', percent_done: 0.5, due_date: '2030-01-02T10:00:00Z', reminder_dates: ['2030-01-01T10:00:00Z', '2030-01-01T09:00:00.400Z', '2030-01-01T09:00:00Z'] },
    });
    expect(res.statusCode).toBe(201);
    const t = res.json();
    expect(res.headers['x-max-right']).toBe('2');
    expect(Object.keys(t).sort()).toEqual([
      'assignees', 'attachments', 'bucket_id', 'cover_image_attachment_id', 'created', 'created_by', 'description', 'done', 'done_at',
      'due_date', 'end_date', 'hex_color', 'id', 'identifier', 'index', 'is_favorite', 'kanban_position', 'labels', 'list_id',
      'percent_done', 'position', 'priority', 'related_tasks', 'reminder_dates', 'repeat_after', 'repeat_mode', 'start_date', 'title', 'updated',
    ]);
    expect(t.title).toBe('Buy milk');
    expect(t.done).toBe(false);
    expect(t.done_at).toBe(ZERO);
    expect(t.start_date).toBe(ZERO);
    expect(t.due_date).toBe('2030-01-02T10:00:00.000Z');
    expect(t.reminder_dates).toEqual(['2030-01-01T09:00:00.000Z', '2030-01-01T10:00:00.000Z']);
    expect(t.assignees).toBeNull();
    expect(t.labels).toBeNull();
    expect(t.attachments).toBeNull();
    expect(t.related_tasks).toEqual({});
    expect(t.bucket_id).toBe(w.bucketId);
    expect(t.identifier).toBe(`TST-${t.index}`);
    expect(t.position).toBe(t.index * 65536);
    expect(t.kanban_position).toBe(t.index * 65536);
    expect(t.created_by.username).toBe(w.users.owner.username);
    expect(t.created_by).not.toHaveProperty('email');
    expect(JSON.stringify(t)).not.toContain('@example.com');
  });

  it('numbers tasks per list and shows "-N" without a list identifier', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const list = await makeList(app, w.users.owner.id, ns);
    const a = await makeTask(app, w.tokens.owner, list.id);
    const b = await makeTask(app, w.tokens.owner, list.id);
    expect(a.index).toBe(1);
    expect(b.index).toBe(2);
    expect(b.identifier).toBe('-2');
  });

  it('rejects empty titles, wrong types and bad colours without creating anything', async () => {
    const before = await app.ctx.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const empty = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(4001);
    const missing = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: {} });
    expect(missing.json().code).toBe(4001);
    const wrong = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'x', priority: 'high', done: 'yes' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(2002);
    expect(wrong.json().invalid_fields).toHaveLength(2);
    const hash = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'x', hex_color: '#ff0000' } });
    expect(hash.json().code).toBe(2002);
    const date = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'x', due_date: 'tomorrow' } });
    expect(date.json().code).toBe(2002);
    const ghost = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'x', assignees: [{ id: 99999 }] } });
    expect(ghost.json().code).toBe(1005);
    const outsider = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'x', assignees: [{ id: w.users.stranger.id }] } });
    expect(outsider.json().code).toBe(7003);
    const after = await app.ctx.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 3001 for a missing list and 4002 for a missing task', async () => {
    expect((await call(app, 'PUT', '/lists/99999', { token: w.tokens.owner, body: { title: 'x' } })).json().code).toBe(3001);
    const res = await call(app, 'GET', '/tasks/99999', { token: w.tokens.owner });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(4002);
  });

  it('reads a task with x-max-right per caller (rights matrix)', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    for (const role of ROLES) {
      const res = await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens[role] });
      const right = w.rights[role];
      if (right === null) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().code).toBe(4005);
      } else {
        expect(res.statusCode, role).toBe(200);
        expect(res.headers['x-max-right'], role).toBe(String(right));
      }
    }
  });

  it('creates, updates and deletes only with write rights (rights matrix)', async () => {
    for (const role of ROLES) {
      const right = w.rights[role];
      const create = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens[role], body: { title: `by ${role}` } });
      const t = await makeTask(app, w.tokens.owner, w.listId);
      const update = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens[role], body: { title: 'changed' } });
      const del = await call(app, 'DELETE', `/tasks/${t.id}`, { token: w.tokens[role] });
      if (right === null) {
        expect(create.statusCode, role).toBe(403);
        expect(update.json().code, role).toBe(4005);
        expect(del.json().code, role).toBe(4005);
      } else if (right === 0) {
        expect(create.statusCode, role).toBe(403);
        expect(update.statusCode, role).toBe(403);
        expect(del.statusCode, role).toBe(403);
      } else {
        expect(create.statusCode, role).toBe(201);
        expect(update.statusCode, role).toBe(200);
        expect(update.json().title).toBe('changed');
        expect(del.statusCode, role).toBe(200);
        expect(del.json()).toEqual({ message: 'Successfully deleted.' });
      }
    }
  });

  it('shows link-share creators as the link-share pseudo user', async () => {
    const t = await makeTask(app, w.tokens.linkWrite, w.listId);
    expect((t.created_by as { id: number }).id).toBeLessThan(0);
    expect((t.created_by as { name: string }).name).toBe('link (Link Share)');
  });

  it('update is a full replace that keeps title, list and bucket', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { description: 'd', priority: 4, due_date: '2030-01-01T00:00:00Z', hex_color: 'abc', reminder_dates: ['2030-01-01T00:00:00Z'] });
    const res = await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { position: 5 } });
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u.title).toBe('task');
    expect(u.description).toBe('');
    expect(u.priority).toBe(0);
    expect(u.due_date).toBe(ZERO);
    expect(u.hex_color).toBe('');
    expect(u.reminder_dates).toBeNull();
    expect(u.list_id).toBe(w.listId);
    expect(u.bucket_id).toBe(t.bucket_id);
    expect(u.position).toBe(5);
  });

  it('sets done_at when done and clears it when undone', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const done = (await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { done: true, position: 1 } })).json();
    expect(done.done).toBe(true);
    expect(done.done_at).not.toBe(ZERO);
    const again = (await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { done: true, position: 1 } })).json();
    expect(again.done_at).toBe(done.done_at);
    const undone = (await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { done: false, position: 1 } })).json();
    expect(undone.done).toBe(false);
    expect(undone.done_at).toBe(ZERO);
  });

  it('renumbers positions when a position below 0.1 is saved, moving the task to the top', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const list = await makeList(app, w.users.owner.id, ns);
    const a = await makeTask(app, w.tokens.owner, list.id);
    const b = await makeTask(app, w.tokens.owner, list.id);
    const c = await makeTask(app, w.tokens.owner, list.id);
    await call(app, 'POST', `/tasks/${c.id}`, { token: w.tokens.owner, body: { position: 0, kanban_position: c.kanban_position } });
    const rows = await app.ctx.db.selectFrom('tasks').select(['id', 'position']).where('list_id', '=', list.id).orderBy('position').execute();
    expect(rows.map((r) => r.id)).toEqual([c.id, a.id, b.id]);
    expect(rows[0].position).toBeGreaterThan(0.1);
    expect(rows[2].position).toBe(2 ** 32);
  });

  it('moves a task to another list with a new index and that list\'s default bucket, if writable there', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const other = await makeList(app, w.users.owner.id, ns, { identifier: 'OTH' });
    await makeTask(app, w.tokens.owner, other.id);
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const moved = (await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { list_id: other.id, position: 1 } })).json();
    expect(moved.list_id).toBe(other.id);
    expect(moved.index).toBe(2);
    expect(moved.identifier).toBe('OTH-2');
    expect(moved.bucket_id).toBe(other.bucketId);
    const t2 = await makeTask(app, w.tokens.write, w.listId);
    const denied = await call(app, 'POST', `/tasks/${t2.id}`, { token: w.tokens.write, body: { list_id: other.id } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(1);
  });

  it('keeps is_favorite per caller', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { is_favorite: true });
    expect(t.is_favorite).toBe(true);
    const other = (await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.write })).json();
    expect(other.is_favorite).toBe(false);
    const fav = await call(app, 'GET', '/lists/-1/tasks', { token: w.tokens.owner });
    expect(fav.json().map((x: { id: number }) => x.id)).toContain(t.id);
  });

  it('refuses writes on an archived list (3008) and in an archived namespace (5012) but allows reads', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const list = await makeList(app, w.users.owner.id, ns);
    const t = await makeTask(app, w.tokens.owner, list.id);
    await app.ctx.db.updateTable('lists').set({ is_archived: 1 }).where('id', '=', list.id).execute();
    expect((await call(app, 'PUT', `/lists/${list.id}`, { token: w.tokens.owner, body: { title: 'x' } })).json().code).toBe(3008);
    expect((await call(app, 'POST', `/tasks/${t.id}`, { token: w.tokens.owner, body: { title: 'x' } })).json().code).toBe(3008);
    const read = await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-max-right']).toBe('0');
    const ns2 = await makeNamespace(app, w.users.owner.id, { archived: true });
    const list2 = await makeList(app, w.users.owner.id, ns2);
    const res = await call(app, 'PUT', `/lists/${list2.id}`, { token: w.tokens.owner, body: { title: 'x' } });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(5012);
  });

  it('creates a default bucket for a list that has none instead of failing', async () => {
    const ns = await makeNamespace(app, w.users.owner.id);
    const list = await makeList(app, w.users.owner.id, ns, { buckets: false });
    const t = await makeTask(app, w.tokens.owner, list.id);
    const bucket = await app.ctx.db.selectFrom('buckets').selectAll().where('list_id', '=', list.id).executeTakeFirstOrThrow();
    expect(t.bucket_id).toBe(bucket.id);
    expect(bucket.title).toBe('Backlog');
  });

  it('deletes with cascade and notifies subscribers', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { assignees: [{ id: w.users.write.id }] });
    const del = await call(app, 'DELETE', `/tasks/${t.id}`, { token: w.tokens.owner });
    expect(del.statusCode).toBe(200);
    expect(await app.ctx.db.selectFrom('task_assignees').selectAll().where('task_id', '=', t.id).execute()).toHaveLength(0);
    const notes = await app.ctx.db.selectFrom('notifications').selectAll().where('notifiable_id', '=', w.users.write.id).execute();
    expect(notes.map((n) => n.name)).toEqual(expect.arrayContaining(['task.assigned', 'task.deleted']));
    expect((await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner })).json().code).toBe(4002);
  });

  it('bulk-updates tasks of one list', async () => {
    const a = await makeTask(app, w.tokens.owner, w.listId);
    const b = await makeTask(app, w.tokens.owner, w.listId, { priority: 2 });
    const res = await call(app, 'POST', '/tasks/bulk', { token: w.tokens.owner, body: { task_ids: [a.id, b.id], done: true } });
    expect(res.statusCode).toBe(200);
    for (const id of [a.id, b.id]) {
      const t = (await call(app, 'GET', `/tasks/${id}`, { token: w.tokens.owner })).json();
      expect(t.done).toBe(true);
    }
    expect((await call(app, 'GET', `/tasks/${b.id}`, { token: w.tokens.owner })).json().priority).toBe(2);
    expect((await call(app, 'POST', '/tasks/bulk', { token: w.tokens.owner, body: { task_ids: [] } })).json().code).toBe(4004);
    const ns = await makeNamespace(app, w.users.owner.id);
    const other = await makeList(app, w.users.owner.id, ns);
    const c = await makeTask(app, w.tokens.owner, other.id);
    expect((await call(app, 'POST', '/tasks/bulk', { token: w.tokens.owner, body: { task_ids: [a.id, c.id], done: false } })).json().code).toBe(4003);
    expect((await call(app, 'POST', '/tasks/bulk', { token: w.tokens.read, body: { task_ids: [a.id], done: false } })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/tasks/${a.id}`, { token: w.tokens.owner })).json().done).toBe(true);
  });

  it('bulk-updates only with write rights (rights matrix), changing nothing when refused', async () => {
    for (const role of ROLES) {
      const right = w.rights[role];
      const a = await makeTask(app, w.tokens.owner, w.listId, { title: 'bulk a', priority: 1 });
      const b = await makeTask(app, w.tokens.owner, w.listId, { title: 'bulk b', priority: 1 });
      const res = await call(app, 'POST', '/tasks/bulk', { token: w.tokens[role], body: { task_ids: [a.id, b.id], priority: 5, done: true } });
      const rows = await app.ctx.db.selectFrom('tasks').select(['priority', 'done']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
      if (right === null) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().code, role).toBe(4005);
      } else if (right === 0) {
        expect(res.statusCode, role).toBe(403);
      } else {
        expect(res.statusCode, role).toBe(200);
        expect(res.json().task_ids, role).toEqual([a.id, b.id]);
        expect(rows, role).toEqual([{ priority: 5, done: 1 }, { priority: 5, done: 1 }]);
        continue;
      }
      expect(rows, role).toEqual([{ priority: 1, done: 0 }, { priority: 1, done: 0 }]);
    }
  });

  it('answers 4002 for a missing task on update, delete and bulk, changing nothing', async () => {
    const before = await app.ctx.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const upd = await call(app, 'POST', '/tasks/99999', { token: w.tokens.owner, body: { title: 'ghost' } });
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual({ code: 4002, message: 'This task does not exist.' });
    const del = await call(app, 'DELETE', '/tasks/99999', { token: w.tokens.owner });
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe(4002);
    const t = await makeTask(app, w.tokens.owner, w.listId, { priority: 1 });
    const bulk = await call(app, 'POST', '/tasks/bulk', { token: w.tokens.owner, body: { task_ids: [t.id, 99999], priority: 4 } });
    expect(bulk.statusCode).toBe(404);
    expect(bulk.json().code).toBe(4002);
    expect((await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner })).json().priority).toBe(1);
    const after = await app.ctx.db.selectFrom('tasks').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });

  it('answers 2001 for id 0 and does not leak e-mails', async () => {
    expect((await call(app, 'GET', '/tasks/0', { token: w.tokens.owner })).json().code).toBe(2001);
    const u = await makeUser(app);
    expect(u.email).toContain('@');
  });
});
