import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer } from './helpers.js';
import { makeShared, makeWorld, type World } from './shareFixture.js';

describe('notifications', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('list.created goes to namespace subscribers except the creator', async () => {
    const s = await makeShared(app, w, 'namespace');
    await call(app, 'PUT', `/subscriptions/namespace/${s.namespaceId}`, { token: s.tokens.read });
    await call(app, 'PUT', `/subscriptions/namespace/${s.namespaceId}`, { token: s.tokens.write });
    const created = (await call(app, 'PUT', `/namespaces/${s.namespaceId}/lists`, { token: s.tokens.write, body: { title: 'Announced' } })).json();
    const res = await call(app, 'GET', '/notifications', { token: s.tokens.read });
    expect(res.statusCode).toBe(200);
    const n = res.json().find((x: { name: string }) => x.name === 'list.created');
    expect(n).toMatchObject({ name: 'list.created', read_at: '0001-01-01T00:00:00Z' });
    expect(n.notification.list).toMatchObject({ id: created.id, title: 'Announced' });
    expect(n.notification.doer.username).toBe(w.users.write.username);
    expect(res.body).not.toContain('@example.com');
    const mine = (await call(app, 'GET', '/notifications', { token: s.tokens.write })).json();
    expect((mine ?? []).some((x: { name: string }) => x.name === 'list.created')).toBe(false);
  });

  it('lists newest first with pagination, marks read and unread, own only', async () => {
    const s = await makeShared(app, w, 'namespace');
    const reader = s.tokens.admin;
    await call(app, 'PUT', `/subscriptions/namespace/${s.namespaceId}`, { token: reader });
    for (const title of ['one', 'two', 'three']) await call(app, 'PUT', `/namespaces/${s.namespaceId}/lists`, { token: s.tokens.owner, body: { title } });
    const res = await call(app, 'GET', '/notifications?per_page=2', { token: reader });
    expect(res.headers['x-pagination-result-count']).toBe('2');
    const all = (await call(app, 'GET', '/notifications?page=0', { token: reader })).json();
    const titles = all.filter((n: { name: string }) => n.name === 'list.created').map((n: { notification: { list: { title: string } } }) => n.notification.list.title);
    expect(titles.slice(0, 3)).toEqual(['three', 'two', 'one']);
    const id = all[0].id;
    const read = await call(app, 'POST', `/notifications/${id}`, { token: reader, body: { read: true } });
    expect(read.statusCode).toBe(200);
    expect(read.json().read).toBe(true);
    expect(read.json().read_at).not.toBe('0001-01-01T00:00:00Z');
    const unread = await call(app, 'POST', `/notifications/${id}`, { token: reader, body: { read: false } });
    expect(unread.json()).toMatchObject({ read: false, read_at: '0001-01-01T00:00:00Z' });
    expect((await call(app, 'POST', `/notifications/${id}`, { token: s.tokens.stranger, body: { read: true } })).statusCode).toBe(403);
    expect((await call(app, 'POST', '/notifications/999999', { token: reader, body: { read: true } })).statusCode).toBe(404);
    expect((await call(app, 'POST', `/notifications/${id}`, { token: reader, body: { read: 'yes' } })).json().code).toBe(2002);
  });

  it('is null when empty and forbidden for link shares', async () => {
    const s = await makeShared(app, w);
    expect((await call(app, 'GET', '/notifications', { token: s.tokens.stranger })).json()).toBeNull();
    expect((await call(app, 'GET', '/notifications', { token: s.tokens.link })).statusCode).toBe(403);
  });

  it('refuses POST /notifications/:id to a link share and leaves the notification as it was', async () => {
    const s = await makeShared(app, w, 'namespace');
    await call(app, 'PUT', `/subscriptions/namespace/${s.namespaceId}`, { token: s.tokens.read });
    await call(app, 'PUT', `/namespaces/${s.namespaceId}/lists`, { token: s.tokens.owner, body: { title: 'ping' } });
    const n = (await call(app, 'GET', '/notifications', { token: s.tokens.read })).json()[0];
    const before = await app.ctx.db.selectFrom('notifications').selectAll().where('id', '=', n.id).executeTakeFirstOrThrow();
    const writeLink = (await makeShared(app, w, 'list', 1)).tokens.link;
    for (const token of [s.tokens.link, writeLink]) {
      for (const read of [true, false]) {
        const res = await call(app, 'POST', `/notifications/${n.id}`, { token, body: { read } });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'Forbidden' });
      }
      // A missing id answers the same, so a link share learns nothing about which notifications exist.
      expect((await call(app, 'POST', '/notifications/999999', { token, body: { read: true } })).statusCode).toBe(403);
    }
    expect(await app.ctx.db.selectFrom('notifications').selectAll().where('id', '=', n.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(before.read_at).toBeNull();
  });
});
