// Comments: create (write), read (read), edit/delete by the author with write, 4015, notifications, config off.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { nowIso } from '../../server/clock.js';
import { call, makeWorld, makeTask, ROLES, type World } from './fixtures.js';

describe('comments', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates, reads, edits and deletes a comment', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const res = await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: w.tokens.write, body: { comment: 'first!' } });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ comment: 'first!' });
    expect(c.author.id).toBe(w.users.write.id);
    expect(c.author).not.toHaveProperty('email');
    const list = await call(app, 'GET', `/tasks/${t.id}/comments`, { token: w.tokens.read });
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(list.headers['x-pagination-result-count']).toBe('1');
    const one = await call(app, 'GET', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.read });
    expect(one.headers['x-max-right']).toBe('0');
    const edit = await call(app, 'POST', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.write, body: { comment: 'edited' } });
    expect(edit.json().comment).toBe('edited');
    const notAuthor = await call(app, 'POST', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.owner, body: { comment: 'hijack' } });
    expect(notAuthor.statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.admin })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.write })).statusCode).toBe(200);
    expect((await call(app, 'GET', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.owner })).json().code).toBe(4015);
  });

  it('validates the comment and keeps comments of other tasks apart (4015)', async () => {
    const a = await makeTask(app, w.tokens.owner, w.listId);
    const b = await makeTask(app, w.tokens.owner, w.listId);
    expect((await call(app, 'PUT', `/tasks/${a.id}/comments`, { token: w.tokens.owner, body: { comment: '' } })).json().code).toBe(2002);
    expect((await call(app, 'PUT', `/tasks/${a.id}/comments`, { token: w.tokens.owner, body: { comment: 5 } })).json().code).toBe(2002);
    const c = (await call(app, 'PUT', `/tasks/${a.id}/comments`, { token: w.tokens.owner, body: { comment: 'x' } })).json();
    expect((await call(app, 'GET', `/tasks/${b.id}/comments/${c.id}`, { token: w.tokens.owner })).json().code).toBe(4015);
  });

  it('notifies task subscribers except the author', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    await app.ctx.db.insertInto('subscriptions').values({ entity_type: 2, entity_id: w.listId, user_id: w.users.read.id, created: nowIso() }).execute();
    await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: w.tokens.owner, body: { comment: 'ping' } });
    const notes = await app.ctx.db.selectFrom('notifications').selectAll().where('notifiable_id', '=', w.users.read.id).where('name', '=', 'task.comment').execute();
    expect(notes).toHaveLength(1);
    expect(JSON.parse(notes[0].notification).comment.comment).toBe('ping');
    const task = (await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.read })).json();
    expect(task.subscription).toMatchObject({ entity: 'list', entity_id: w.listId });
  });

  it('checks rights (matrix); link shares comment as their pseudo user', async () => {
    for (const role of ROLES) {
      const right = w.rights[role];
      const t = await makeTask(app, w.tokens.owner, w.listId);
      const add = await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: w.tokens[role], body: { comment: role } });
      const list = await call(app, 'GET', `/tasks/${t.id}/comments`, { token: w.tokens[role] });
      const got = [add.statusCode, list.statusCode];
      if (right === null) expect(got, role).toEqual([403, 403]);
      else if (right === 0) expect(got, role).toEqual([403, 200]);
      else {
        expect(got, role).toEqual([201, 200]);
        if (role.startsWith('link')) expect(add.json().author.id).toBeLessThan(0);
        const id = add.json().id;
        expect((await call(app, 'POST', `/tasks/${t.id}/comments/${id}`, { token: w.tokens[role], body: { comment: 'e' } })).statusCode, role).toBe(200);
        expect((await call(app, 'DELETE', `/tasks/${t.id}/comments/${id}`, { token: w.tokens[role] })).statusCode, role).toBe(200);
      }
    }
  });

  it('reads one comment with task read; edits and deletes only the author\'s own, with task write (matrix)', async () => {
    const comment = async (taskId: number, id: number) => app.ctx.db.selectFrom('task_comments').selectAll().where('task_id', '=', taskId).where('id', '=', id).executeTakeFirst();
    for (const role of ROLES) {
      const right = w.rights[role];
      const t = await makeTask(app, w.tokens.owner, w.listId);
      // The owner's comment, then one by the write user: for everyone but its author, "someone else's".
      const own = (await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: w.tokens.owner, body: { comment: 'by owner' } })).json();
      const writers = (await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: w.tokens.write, body: { comment: 'by write' } })).json();
      const ownBefore = await comment(t.id, own.id);
      const get = await call(app, 'GET', `/tasks/${t.id}/comments/${own.id}`, { token: w.tokens[role] });
      if (right === null) {
        expect(get.statusCode, role).toBe(403);
        expect(get.json().code, role).toBe(4005);
      } else {
        expect(get.statusCode, role).toBe(200);
        expect(get.json(), role).toMatchObject({ id: own.id, comment: 'by owner' });
        expect(get.headers['x-max-right'], role).toBe(String(right));
      }
      // Someone else's comment: refused for everyone, whatever the right (4005 for no access, 403 otherwise).
      const target = role === 'owner' ? writers : own;
      const targetBefore = await comment(t.id, target.id);
      const edit = await call(app, 'POST', `/tasks/${t.id}/comments/${target.id}`, { token: w.tokens[role], body: { comment: 'hijacked' } });
      const del = await call(app, 'DELETE', `/tasks/${t.id}/comments/${target.id}`, { token: w.tokens[role] });
      expect([edit.statusCode, del.statusCode], role).toEqual([403, 403]);
      if (right === null) expect([edit.json().code, del.json().code], role).toEqual([4005, 4005]);
      expect(await comment(t.id, target.id), role).toEqual(targetBefore);
      // The owner's own comment: only the owner may change it.
      if (role === 'owner') {
        const mine = await call(app, 'POST', `/tasks/${t.id}/comments/${own.id}`, { token: w.tokens.owner, body: { comment: 'edited' } });
        expect(mine.statusCode).toBe(200);
        expect(mine.json().comment).toBe('edited');
        expect(mine.headers['x-max-right']).toBe('2');
        expect((await call(app, 'DELETE', `/tasks/${t.id}/comments/${own.id}`, { token: w.tokens.owner })).statusCode).toBe(200);
        expect(await comment(t.id, own.id)).toBeUndefined();
      } else {
        expect(await comment(t.id, own.id), role).toEqual(ownBefore);
      }
    }
  });

  it('lets a read-only author neither edit nor delete a comment written while they could write', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const c = (await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: w.tokens.write, body: { comment: 'before demotion' } })).json();
    await app.ctx.db.updateTable('users_lists').set({ right: 0 }).where('user_id', '=', w.users.write.id).where('list_id', '=', w.listId).execute();
    try {
      const edit = await call(app, 'POST', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.write, body: { comment: 'after' } });
      expect(edit.statusCode).toBe(403);
      expect((await call(app, 'DELETE', `/tasks/${t.id}/comments/${c.id}`, { token: w.tokens.write })).statusCode).toBe(403);
      const row = await app.ctx.db.selectFrom('task_comments').select('comment').where('id', '=', c.id).executeTakeFirstOrThrow();
      expect(row.comment).toBe('before demotion');
    } finally {
      await app.ctx.db.updateTable('users_lists').set({ right: 1 }).where('user_id', '=', w.users.write.id).where('list_id', '=', w.listId).execute();
    }
  });

  it('answers 4015 on POST and DELETE for a missing comment or one of another task', async () => {
    const a = await makeTask(app, w.tokens.owner, w.listId);
    const b = await makeTask(app, w.tokens.owner, w.listId);
    const c = (await call(app, 'PUT', `/tasks/${a.id}/comments`, { token: w.tokens.owner, body: { comment: 'stays' } })).json();
    for (const [taskId, id] of [[a.id, 99999], [b.id, c.id]]) {
      const edit = await call(app, 'POST', `/tasks/${taskId}/comments/${id}`, { token: w.tokens.owner, body: { comment: 'x' } });
      expect(edit.statusCode).toBe(404);
      expect(edit.json()).toEqual({ code: 4015, message: 'This task comment does not exist.' });
      const del = await call(app, 'DELETE', `/tasks/${taskId}/comments/${id}`, { token: w.tokens.owner });
      expect(del.statusCode).toBe(404);
      expect(del.json().code).toBe(4015);
    }
    const row = await app.ctx.db.selectFrom('task_comments').select(['comment', 'task_id']).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ comment: 'stays', task_id: a.id });
    expect((await call(app, 'DELETE', `/tasks/99999/comments/${c.id}`, { token: w.tokens.owner })).json().code).toBe(4002);
  });

  it('does not exist when comments are disabled', async () => {
    const off = await createTestServer({ taskCommentsEnabled: false });
    const ow = await makeWorld(off);
    const t = await makeTask(off, ow.tokens.owner, ow.listId);
    expect((await call(off, 'GET', `/tasks/${t.id}/comments`, { token: ow.tokens.owner })).statusCode).toBe(404);
    await off.close();
  });
});
