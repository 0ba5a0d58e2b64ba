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

  it('does not exist when comments are disabled', async () => {
    const off = await createTestServer({ taskCommentsEnabled: false });
    const ow = await makeWorld(off);
    const t = await makeTask(off, ow.tokens.owner, ow.listId);
    expect((await call(off, 'GET', `/tasks/${t.id}/comments`, { token: ow.tokens.owner })).statusCode).toBe(404);
    await off.close();
  });
});
