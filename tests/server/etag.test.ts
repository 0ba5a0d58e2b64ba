// Conflict-safe task edits: ETags on task responses, If-Match on update (412/4090 with the current task), and
// clients that send no If-Match working exactly as before.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { ifMatchAllows, nextUpdated, taskEtag } from '../../server/tasks/etag.js';
import { call, makeWorld, makeTask, type World } from './fixtures.js';

describe('task ETags and If-Match', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const update = (id: number, body: Record<string, unknown>, ifMatch?: string, token = w.tokens.owner) =>
    call(app, 'POST', `/tasks/${id}`, { token, body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });

  it('create, read and update carry an ETag that clients can also build from id and updated', async () => {
    const created = await call(app, 'PUT', `/lists/${w.listId}`, { token: w.tokens.owner, body: { title: 'tagged' } });
    const t = created.json();
    expect(created.headers.etag).toBe(`"${t.id}-${Date.parse(t.updated)}"`);
    const read = await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.read });
    expect(read.headers.etag).toBe(created.headers.etag);
    const saved = await update(t.id, { ...t, priority: 2 }, created.headers.etag as string);
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe(`"${t.id}-${Date.parse(saved.json().updated)}"`);
    expect(saved.headers.etag).not.toBe(created.headers.etag);
  });

  it('answers 412 with code 4090 and the current task when If-Match no longer matches, changing nothing', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { title: 'shared', priority: 1 });
    const etag = `"${t.id}-${Date.parse(t.updated as string)}"`;
    // Someone else edits first.
    const theirs = await update(t.id, { ...t, description: 'their note' }, etag, w.tokens.write);
    expect(theirs.statusCode).toBe(200);
    const before = await app.ctx.db.selectFrom('tasks').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow();
    const mine = await update(t.id, { ...t, priority: 4 }, etag);
    expect(mine.statusCode).toBe(412);
    const body = mine.json();
    expect(body.code).toBe(4090);
    expect(body.message).toBeTruthy();
    expect(body.current).toMatchObject({ id: t.id, description: 'their note', priority: 1 });
    expect(mine.headers.etag).toBe(theirs.headers.etag);
    expect(await app.ctx.db.selectFrom('tasks').selectAll().where('id', '=', t.id).executeTakeFirstOrThrow()).toEqual(before);
    // With the current tag the same edit goes through.
    const retry = await update(t.id, { ...body.current, priority: 4 }, mine.headers.etag as string);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ description: 'their note', priority: 4 });
  });

  it('an assignee added meanwhile changes the tag, so a stale full update cannot drop it', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { title: 'assign race' });
    const etag = `"${t.id}-${Date.parse(t.updated as string)}"`;
    expect((await call(app, 'PUT', `/tasks/${t.id}/assignees`, { token: w.tokens.owner, body: { user_id: w.users.write.id } })).statusCode).toBe(201);
    const stale = await update(t.id, { ...t, title: 'renamed' }, etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current.assignees.map((a: { id: number }) => a.id)).toEqual([w.users.write.id]);
  });

  it('two edits sent at once against the same version: one lands, the other is the conflict', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { title: 'race' });
    const etag = `"${t.id}-${Date.parse(t.updated as string)}"`;
    const results = await Promise.all([update(t.id, { ...t, title: 'mine' }, etag), update(t.id, { ...t, title: 'theirs' }, etag)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
  });

  it('without If-Match an update behaves exactly as before (last write wins); * matches any version', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId, { title: 'plain' });
    await update(t.id, { ...t, description: 'first' });
    const res = await update(t.id, { ...t, priority: 3 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ priority: 3, description: '' });
    expect((await update(t.id, { ...t, priority: 2 }, '*')).statusCode).toBe(200);
  });

  it('two updates within one millisecond still get different tags', () => {
    const stamp = '2030-01-01T00:00:00.000Z';
    expect(nextUpdated(stamp, stamp)).toBe('2030-01-01T00:00:00.001Z');
    expect(nextUpdated(stamp, '2030-01-01T00:00:01.000Z')).toBe('2030-01-01T00:00:01.000Z');
    expect(taskEtag({ id: 3, updated: stamp })).toBe(`"3-${Date.parse(stamp)}"`);
  });

  it('If-Match: strong comparison of a list of tags; weak tags never match', () => {
    expect(ifMatchAllows(undefined, '"1-2"')).toBe(true);
    expect(ifMatchAllows('"1-2"', '"1-2"')).toBe(true);
    expect(ifMatchAllows('"0-0", "1-2"', '"1-2"')).toBe(true);
    expect(ifMatchAllows('W/"1-2"', '"1-2"')).toBe(false);
    expect(ifMatchAllows('"1-3"', '"1-2"')).toBe(false);
    expect(ifMatchAllows('', '"1-2"')).toBe(false);
  });

  it('CORS lets browser clients on other origins send If-Match and read the ETag', async () => {
    const pre = await app.inject({ method: 'OPTIONS', url: '/api/v1/tasks/1' });
    expect(String(pre.headers['access-control-allow-headers'])).toMatch(/If-Match/);
    const res = await call(app, 'GET', '/info');
    expect(String(res.headers['access-control-expose-headers'])).toMatch(/etag/);
  });
});
