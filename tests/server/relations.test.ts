// Relations: every kind with its inverse, 4007/4008/4009/4010, deleting both directions, cross-list rights.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { INVERSE } from '../../server/routes/relations.js';
import { call, makeWorld, makeTask, makeList, makeNamespace, makeUser, ROLES, type World } from './fixtures.js';

describe('relations', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(Object.entries(INVERSE))('creates %s with the inverse %s on the other task', async (kind, inverse) => {
    const a = await makeTask(app, w.tokens.owner, w.listId, { title: 'a' });
    const b = await makeTask(app, w.tokens.owner, w.listId, { title: 'b' });
    const res = await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: b.id, relation_kind: kind } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ task_id: a.id, other_task_id: b.id, relation_kind: kind });
    expect(res.json().created_by.id).toBe(w.users.owner.id);
    const ta = (await call(app, 'GET', `/tasks/${a.id}`, { token: w.tokens.owner })).json();
    const tb = (await call(app, 'GET', `/tasks/${b.id}`, { token: w.tokens.owner })).json();
    expect(ta.related_tasks[kind].map((t: { id: number }) => t.id)).toEqual([b.id]);
    expect(tb.related_tasks[inverse].map((t: { id: number }) => t.id)).toEqual([a.id]);
    expect(ta.related_tasks[kind][0].related_tasks).toBeNull();
    expect(ta.related_tasks[kind][0].assignees).toBeNull();
    const del = await call(app, 'DELETE', `/tasks/${a.id}/relations/${kind}/${b.id}`, { token: w.tokens.owner });
    expect(del.statusCode).toBe(200);
    expect((await call(app, 'GET', `/tasks/${a.id}`, { token: w.tokens.owner })).json().related_tasks).toEqual({});
    expect((await call(app, 'GET', `/tasks/${b.id}`, { token: w.tokens.owner })).json().related_tasks).toEqual({});
  });

  it('answers 4007, 4008, 4009, 4010 and 4002', async () => {
    const a = await makeTask(app, w.tokens.owner, w.listId);
    const b = await makeTask(app, w.tokens.owner, w.listId);
    expect((await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: b.id, relation_kind: 'cousin' } })).json().code).toBe(4007);
    expect((await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: a.id, relation_kind: 'related' } })).json().code).toBe(4010);
    expect((await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: 99999, relation_kind: 'related' } })).json().code).toBe(4002);
    await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: b.id, relation_kind: 'blocking' } });
    const dup = await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: b.id, relation_kind: 'blocking' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe(4008);
    expect((await call(app, 'DELETE', `/tasks/${a.id}/relations/related/${b.id}`, { token: w.tokens.owner })).json().code).toBe(4009);
    expect((await call(app, 'DELETE', `/tasks/${a.id}/relations/cousin/${b.id}`, { token: w.tokens.owner })).json().code).toBe(4007);
  });

  it('relates across lists when the other task is readable, never to one the caller cannot see', async () => {
    const other = await makeUser(app);
    const ns = await makeNamespace(app, other.id);
    const list = await makeList(app, other.id, ns);
    const hidden = await makeTask(app, other.token, list.id);
    const a = await makeTask(app, w.tokens.owner, w.listId);
    const res = await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: hidden.id, relation_kind: 'related' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(4005);
    const ns2 = await makeNamespace(app, w.users.owner.id);
    const list2 = await makeList(app, w.users.owner.id, ns2);
    const b = await makeTask(app, w.tokens.owner, list2.id);
    expect((await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: b.id, relation_kind: 'related' } })).statusCode).toBe(201);
  });

  it('needs write on the base task (matrix)', async () => {
    for (const role of ROLES) {
      const right = w.rights[role];
      const a = await makeTask(app, w.tokens.owner, w.listId);
      const b = await makeTask(app, w.tokens.owner, w.listId);
      const add = await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens[role], body: { other_task_id: b.id, relation_kind: 'related' } });
      await call(app, 'PUT', `/tasks/${a.id}/relations`, { token: w.tokens.owner, body: { other_task_id: b.id, relation_kind: 'subtask' } });
      const del = await call(app, 'DELETE', `/tasks/${a.id}/relations/subtask/${b.id}`, { token: w.tokens[role] });
      const got = [add.statusCode, del.statusCode];
      expect(got, role).toEqual(right === null || right === 0 ? [403, 403] : [201, 200]);
    }
  });
});
