// Every task gets a stable uid on creation, the resource name CalDAV serves it under.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer } from './helpers.js';
import { makeShared, makeWorld, type World } from './shareFixture.js';

describe('task uid', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('is set on creation and kept by updates', async () => {
    const s = await makeShared(app, w);
    const t = (await call(app, 'PUT', `/lists/${s.listId}`, { token: s.tokens.owner, body: { title: 'a' } })).json();
    const row = await app.ctx.db.selectFrom('tasks').select('uid').where('id', '=', t.id).executeTakeFirstOrThrow();
    expect(row.uid).toBe(`keyflow-task-${t.id}`);
    await call(app, 'POST', `/tasks/${t.id}`, { token: s.tokens.owner, body: { title: 'b' } });
    expect((await app.ctx.db.selectFrom('tasks').select('uid').where('id', '=', t.id).executeTakeFirstOrThrow()).uid).toBe(`keyflow-task-${t.id}`);
  });
});
