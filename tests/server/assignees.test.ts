// Assignees: add (7003/4021/1005), list, remove, bulk replace, auto-subscription and task.assigned notifications.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, ROLES, type World } from './fixtures.js';

describe('assignees', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('assigns a user who can read the list, subscribes and notifies them', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const res = await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens.owner, body: { user_id: w.users.read.id } });
    expect(res.statusCode).toBe(201);
    expect(res.json().user_id).toBe(w.users.read.id);
    expect(res.json()).toHaveProperty('Created');
    const sub = await app.ctx.db.selectFrom('subscriptions').selectAll().where('user_id', '=', w.users.read.id).where('entity_id', '=', t.id).where('entity_type', '=', 3).execute();
    expect(sub).toHaveLength(1);
    const notes = await app.ctx.db.selectFrom('notifications').selectAll().where('notifiable_id', '=', w.users.read.id).where('name', '=', 'task.assigned').execute();
    expect(notes).toHaveLength(1);
    const payload = JSON.parse(notes[0].notification);
    expect(payload.assignee.id).toBe(w.users.read.id);
    expect(payload.doer.id).toBe(w.users.owner.id);
    expect(JSON.stringify(payload)).not.toContain('@example.com');
    const task = (await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.read })).json();
    expect(task.assignees.map((u: { id: number }) => u.id)).toEqual([w.users.read.id]);
    expect(task.assignees[0]).not.toHaveProperty('email');
    expect(task.subscription.entity).toBe('task');
  });

  it('answers 4021 for duplicates, 7003 for users without access, 1005 for unknown users', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens.owner, body: { user_id: w.users.write.id } });
    expect((await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens.owner, body: { user_id: w.users.write.id } })).json().code).toBe(4021);
    const denied = await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens.owner, body: { user_id: w.users.stranger.id } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(7003);
    expect((await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens.owner, body: { user_id: 99999 } })).json().code).toBe(1005);
    expect((await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens.owner, body: { user_id: 'x' } })).json().code).toBe(2002);
    expect((await call(app, 'GET', `/tasks/${t.id}/assignees`, { token: w.tokens.owner })).json()).toHaveLength(1);
  });

  it('lists and removes assignees', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { assignees: [{ id: w.users.write.id }, { id: w.users.team.id }] });
    const list = await call(app, 'GET', `/tasks/${t.id}/assignees`, { token: w.tokens.read });
    expect(list.json().map((u: { id: number }) => u.id)).toEqual([w.users.write.id, w.users.team.id]);
    expect(list.headers['x-pagination-result-count']).toBe('2');
    expect((await call(app, 'DELETE', `/tasks/${t.id}/assignees/${w.users.write.id}`, { token: w.tokens.owner })).json()).toEqual({ message: 'Successfully deleted.' });
    expect((await call(app, 'GET', `/tasks/${t.id}/assignees`, { token: w.tokens.owner })).json().map((u: { id: number }) => u.id)).toEqual([w.users.team.id]);
    expect((await call(app, 'DELETE', `/tasks/${t.id}/assignees/99999`, { token: w.tokens.owner })).json().code).toBe(1005);
  });

  it('replaces assignees in bulk and changes nothing when one is invalid', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { assignees: [{ id: w.users.write.id }] });
    const res = await call(app, 'POST', `/tasks/${t.id}/assignees/bulk`, { token: w.tokens.owner, body: { assignees: [{ id: w.users.admin.id }, { id: w.users.read.id }] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().assignees.map((u: { id: number }) => u.id).sort()).toEqual([w.users.admin.id, w.users.read.id].sort());
    const bad = await call(app, 'POST', `/tasks/${t.id}/assignees/bulk`, { token: w.tokens.owner, body: { assignees: [{ id: w.users.owner.id }, { id: w.users.stranger.id }] } });
    expect(bad.json().code).toBe(7003);
    const now = (await call(app, 'GET', `/tasks/${t.id}/assignees`, { token: w.tokens.owner })).json();
    expect(now.map((u: { id: number }) => u.id).sort()).toEqual([w.users.admin.id, w.users.read.id].sort());
    const cleared = await call(app, 'POST', `/tasks/${t.id}/assignees/bulk`, { token: w.tokens.owner, body: { assignees: [] } });
    expect(cleared.json().assignees).toBeNull();
  });

  it('needs write to change and read to list (matrix)', async () => {
    for (const role of ROLES) {
      const right = w.rights[role];
      const t = await makeTask(app, w.tokens.owner, w.listId);
      const add = await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens[role], body: { user_id: w.users.owner.id } });
      const list = await call(app, 'GET', `/tasks/${t.id}/assignees`, { token: w.tokens[role] });
      const del = await call(app, 'DELETE', `/tasks/${t.id}/assignees/${w.users.owner.id}`, { token: w.tokens[role] });
      const bulk = await call(app, 'POST', `/tasks/${t.id}/assignees/bulk`, { token: w.tokens[role], body: { assignees: [] } });
      const got = [add.statusCode, list.statusCode, del.statusCode, bulk.statusCode];
      if (right === null) expect(got, role).toEqual([403, 403, 403, 403]);
      else if (right === 0) expect(got, role).toEqual([403, 200, 403, 403]);
      else expect(got, role).toEqual([201, 200, 200, 201]);
    }
  });
});
