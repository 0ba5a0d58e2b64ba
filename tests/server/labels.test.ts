// Labels and task labels: CRUD, visibility (creator or task reader), 8001/8002/8003, bulk replace, rights.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, ROLES, type World } from './fixtures.js';

describe('labels', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });
  const label = async (token: string, title = 'l') => (await call(app, 'PUT', '/labels', { token, body: { title } })).json() as { id: number };

  it('creates, reads, updates and deletes a label as its creator', async () => {
    const res = await call(app, 'PUT', '/labels', { token: w.tokens.owner, body: { title: 'Bug', hex_color: 'e8e8e8', description: 'd' } });
    expect(res.statusCode).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({ title: 'Bug', hex_color: 'e8e8e8', description: 'd' });
    expect(l.created_by.username).toBe(w.users.owner.username);
    expect(l.created_by).not.toHaveProperty('email');
    const read = await call(app, 'GET', `/labels/${l.id}`, { token: w.tokens.owner });
    expect(read.statusCode).toBe(200);
    const upd = await call(app, 'POST', `/labels/${l.id}`, { token: w.tokens.owner, body: { title: 'Bugs' } });
    expect(upd.json().title).toBe('Bugs');
    expect((await call(app, 'DELETE', `/labels/${l.id}`, { token: w.tokens.owner })).json()).toEqual({ message: 'Successfully deleted.' });
    expect((await call(app, 'GET', `/labels/${l.id}`, { token: w.tokens.owner })).json().code).toBe(8002);
  });

  it('validates titles and colours', async () => {
    expect((await call(app, 'PUT', '/labels', { token: w.tokens.owner, body: { title: '' } })).json().code).toBe(2002);
    expect((await call(app, 'PUT', '/labels', { token: w.tokens.owner, body: { title: 'x', hex_color: '#ffffff' } })).json().code).toBe(2002);
    expect((await call(app, 'PUT', '/labels', { token: w.tokens.owner, body: { title: 'x'.repeat(251) } })).json().code).toBe(2002);
  });

  it('lets others see a label only through a task they can read, and never edit it', async () => {
    const l = await label(w.tokens.owner, 'shared');
    expect((await call(app, 'GET', `/labels/${l.id}`, { token: w.tokens.read })).json().code).toBe(8003);
    const t = await makeTask(app, w.tokens.owner, w.listId);
    expect((await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: l.id } })).statusCode).toBe(201);
    const seen = await call(app, 'GET', `/labels/${l.id}`, { token: w.tokens.read });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['x-max-right']).toBe('0');
    const edit = await call(app, 'POST', `/labels/${l.id}`, { token: w.tokens.write, body: { title: 'mine now' } });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().code).toBe(8003);
    expect((await call(app, 'DELETE', `/labels/${l.id}`, { token: w.tokens.admin })).json().code).toBe(8003);
    expect((await call(app, 'GET', `/labels/${l.id}`, { token: w.tokens.stranger })).json().code).toBe(8003);
    const all = (await call(app, 'GET', '/labels', { token: w.tokens.read })).json() as { id: number }[];
    expect(all.map((x) => x.id)).toContain(l.id);
    expect((await call(app, 'GET', '/labels', { token: w.tokens.stranger })).json()).toBeNull();
    expect((await call(app, 'GET', '/labels', { token: w.tokens.linkRead })).statusCode).toBe(403);
    const search = (await call(app, 'GET', `/labels?s=SHAR`, { token: w.tokens.owner })).json() as { id: number }[];
    expect(search.map((x) => x.id)).toEqual([l.id]);
    const byId = (await call(app, 'GET', `/labels?s=${l.id}`, { token: w.tokens.owner })).json() as { id: number }[];
    expect(byId.map((x) => x.id)).toEqual([l.id]);
  });

  it('adds, lists and removes labels on tasks with 8001/8002/8003', async () => {
    const l = await label(w.tokens.owner);
    const foreign = await label(w.tokens.stranger, 'theirs');
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const add = await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: l.id } });
    expect(add.statusCode).toBe(201);
    expect(add.json().label_id).toBe(l.id);
    expect((await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: l.id } })).json().code).toBe(8001);
    expect((await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: foreign.id } })).json().code).toBe(8003);
    expect((await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: 99999 } })).json().code).toBe(8002);
    const list = await call(app, 'GET', `/tasks/${t.id}/labels`, { token: w.tokens.read });
    expect(list.json().map((x: { id: number }) => x.id)).toEqual([l.id]);
    expect(list.headers['x-pagination-result-count']).toBe('1');
    const task = (await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner })).json();
    expect(task.labels.map((x: { id: number }) => x.id)).toEqual([l.id]);
    expect((await call(app, 'DELETE', `/tasks/${t.id}/labels/${l.id}`, { token: w.tokens.owner })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/tasks/${t.id}/labels/${l.id}`, { token: w.tokens.owner })).json().code).toBe(8002);
    expect((await call(app, 'GET', `/tasks/${t.id}/labels`, { token: w.tokens.owner })).json()).toBeNull();
  });

  it('keeps link shares and strangers out of the single-label routes and PUT /labels', async () => {
    const l = await label(w.tokens.owner, 'guarded');
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const before = await app.ctx.db.selectFrom('labels').selectAll().where('id', '=', l.id).executeTakeFirstOrThrow();
    const labelsBefore = (await app.ctx.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    // A link share has no labels of its own: it cannot create one.
    const linkCreate = await call(app, 'PUT', '/labels', { token: w.tokens.linkWrite, body: { title: 'by link' } });
    expect(linkCreate.statusCode).toBe(403);
    expect(linkCreate.json().code).toBe(1);
    expect((await call(app, 'PUT', '/labels', { token: w.tokens.linkRead, body: { title: 'by link' } })).statusCode).toBe(403);
    expect((await app.ctx.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(labelsBefore);
    // Not yet on any task of the link's list: invisible to link shares and the stranger.
    for (const token of [w.tokens.linkRead, w.tokens.linkWrite, w.tokens.stranger]) {
      const get = await call(app, 'GET', `/labels/${l.id}`, { token });
      expect(get.statusCode).toBe(403);
      expect(get.json().code).toBe(8003);
    }
    expect((await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: l.id } })).statusCode).toBe(201);
    // On a task of the link's list: readable by link shares (x-max-right 0), still not by the stranger.
    for (const token of [w.tokens.linkRead, w.tokens.linkWrite]) {
      const get = await call(app, 'GET', `/labels/${l.id}`, { token });
      expect(get.statusCode).toBe(200);
      expect(get.json().id).toBe(l.id);
      expect(get.headers['x-max-right']).toBe('0');
    }
    expect((await call(app, 'GET', `/labels/${l.id}`, { token: w.tokens.stranger })).json().code).toBe(8003);
    // Nobody but the creator may change or delete it.
    for (const token of [w.tokens.linkRead, w.tokens.linkWrite, w.tokens.stranger]) {
      const upd = await call(app, 'POST', `/labels/${l.id}`, { token, body: { title: 'taken over' } });
      expect(upd.statusCode).toBe(403);
      expect(upd.json().code).toBe(8003);
      const del = await call(app, 'DELETE', `/labels/${l.id}`, { token });
      expect(del.statusCode).toBe(403);
      expect(del.json().code).toBe(8003);
    }
    expect(await app.ctx.db.selectFrom('labels').selectAll().where('id', '=', l.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await app.ctx.db.selectFrom('label_tasks').selectAll().where('label_id', '=', l.id).execute()).toHaveLength(1);
    // A stranger may create labels of their own, and they stay invisible to the owner.
    const own = await call(app, 'PUT', '/labels', { token: w.tokens.stranger, body: { title: 'stranger label' } });
    expect(own.statusCode).toBe(201);
    expect(own.json().created_by.id).toBe(w.users.stranger.id);
    expect((await call(app, 'GET', `/labels/${own.json().id}`, { token: w.tokens.owner })).json().code).toBe(8003);
  });

  it('answers 8002 for a missing label on GET, POST and DELETE', async () => {
    const labelsBefore = (await app.ctx.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(app, method, '/labels/99999', { token: w.tokens.owner, ...(method === 'POST' ? { body: { title: 'x' } } : {}) });
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({ code: 8002, message: 'This label does not exist.' });
    }
    expect((await app.ctx.db.selectFrom('labels').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toBe(labelsBefore);
  });

  it('needs task write to remove a label from a task (matrix), and removes nothing otherwise', async () => {
    const l = await label(w.tokens.owner, 'removable');
    for (const role of ROLES) {
      const right = w.rights[role];
      const t = await makeTask(app, w.tokens.owner, w.listId);
      expect((await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: l.id } })).statusCode).toBe(201);
      const del = await call(app, 'DELETE', `/tasks/${t.id}/labels/${l.id}`, { token: w.tokens[role] });
      const left = await app.ctx.db.selectFrom('label_tasks').select('label_id').where('task_id', '=', t.id).execute();
      if (right === null) {
        expect(del.statusCode, role).toBe(403);
        expect(del.json().code, role).toBe(4005);
        expect(left, role).toHaveLength(1);
      } else if (right === 0) {
        expect(del.statusCode, role).toBe(403);
        expect(left, role).toHaveLength(1);
      } else {
        expect(del.statusCode, role).toBe(200);
        expect(del.json()).toEqual({ message: 'Successfully deleted.' });
        expect(left, role).toHaveLength(0);
      }
    }
    const missing = await call(app, 'DELETE', `/tasks/99999/labels/${l.id}`, { token: w.tokens.owner });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(4002);
  });

  it('replaces the label set in bulk, atomically', async () => {
    const a = await label(w.tokens.owner, 'a');
    const b = await label(w.tokens.owner, 'b');
    const foreign = await label(w.tokens.stranger, 'f');
    const t = await makeTask(app, w.tokens.owner, w.listId);
    await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens.owner, body: { label_id: a.id } });
    const res = await call(app, 'POST', `/tasks/${t.id}/labels/bulk`, { token: w.tokens.owner, body: { labels: [{ id: b.id }] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().labels.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const bad = await call(app, 'POST', `/tasks/${t.id}/labels/bulk`, { token: w.tokens.owner, body: { labels: [{ id: a.id }, { id: foreign.id }] } });
    expect(bad.json().code).toBe(8003);
    const after = (await call(app, 'GET', `/tasks/${t.id}/labels`, { token: w.tokens.owner })).json();
    expect(after.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect((await call(app, 'POST', `/tasks/${t.id}/labels/bulk`, { token: w.tokens.owner, body: { labels: 'nope' } })).json().code).toBe(2002);
  });

  it('needs task write to change task labels and task read to list them (matrix)', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    for (const role of ROLES) {
      const right = w.rights[role];
      const mine = role.startsWith('link') || role === 'stranger' ? await label(w.tokens.owner, role) : await label(w.tokens[role], role);
      const add = await call(app, 'PUT', `/tasks/${t.id}/labels`, { token: w.tokens[role], body: { label_id: mine.id } });
      const list = await call(app, 'GET', `/tasks/${t.id}/labels`, { token: w.tokens[role] });
      const bulk = await call(app, 'POST', `/tasks/${t.id}/labels/bulk`, { token: w.tokens[role], body: { labels: [] } });
      if (right === null) {
        expect([add.statusCode, list.statusCode, bulk.statusCode], role).toEqual([403, 403, 403]);
      } else if (right === 0) {
        expect([add.statusCode, list.statusCode, bulk.statusCode], role).toEqual([403, 200, 403]);
      } else {
        expect([list.statusCode, bulk.statusCode], role).toEqual([200, 201]);
        // A link share can write tasks but sees no label that is not already on its list's tasks.
        expect(add.statusCode, role).toBe(role.startsWith('link') ? 403 : 201);
        if (role.startsWith('link')) expect(add.json().code).toBe(8003);
      }
    }
  });
});
