// Link-share hashes are secrets: only list admins (and a share's own creator) see them, and a share never acts above its creator.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, makeTask, type World } from './fixtures.js';

type Share = { id: number; hash: string; right: number };

describe('link-share escalation', () => {
  let app: FastifyInstance;
  let w: World;
  let writeShare: Share;
  let adminShare: Share;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    writeShare = (await call(app, 'PUT', `/lists/${w.listId}/shares`, { token: w.tokens.owner, body: { name: 'w', right: 1 } })).json();
    adminShare = (await call(app, 'PUT', `/lists/${w.listId}/shares`, { token: w.tokens.owner, body: { name: 'a', right: 2 } })).json();
  });
  afterAll(async () => {
    await app.close();
  });

  it('a reader sees the shares without their hashes and cannot sign in with them to delete the list', async () => {
    const res = await call(app, 'GET', `/lists/${w.listId}/shares`, { token: w.tokens.read });
    expect(res.statusCode).toBe(200);
    const shares = res.json() as Share[];
    expect(shares.map((s) => s.id)).toEqual(expect.arrayContaining([writeShare.id, adminShare.id]));
    for (const s of shares) {
      expect(s.hash).toBe('');
      const one = (await call(app, 'GET', `/lists/${w.listId}/shares/${s.id}`, { token: w.tokens.read })).json();
      expect(one.hash).toBe('');
      // The attack of the report: trade whatever the reader got for a token and delete the list with it.
      const auth = await call(app, 'POST', `/shares/${encodeURIComponent(s.hash)}/auth`, { body: { password: '' } });
      expect(auth.statusCode).not.toBe(200);
      const del = await call(app, 'DELETE', `/lists/${w.listId}`, { token: (auth.json() as { token?: string }).token ?? 'none' });
      expect(del.statusCode).toBe(401);
    }
    expect(res.body).not.toContain(writeShare.hash);
    expect(res.body).not.toContain(adminShare.hash);
    expect(await app.ctx.db.selectFrom('lists').select('id').where('id', '=', w.listId).executeTakeFirst()).toBeDefined();
  });

  it('the hash a reader could have used really grants delete: that is what hiding it prevents', async () => {
    const token = (await call(app, 'POST', `/shares/${adminShare.hash}/auth`, { body: {} })).json().token as string;
    const t = await makeTask(app, w.tokens.owner, w.listId);
    expect((await call(app, 'GET', `/tasks/${t.id}`, { token })).headers['x-max-right']).toBe('2');
  });

  it('list admins see every hash; a writer sees only the hashes of shares they made', async () => {
    const admin = (await call(app, 'GET', `/lists/${w.listId}/shares`, { token: w.tokens.admin })).json() as Share[];
    expect(admin.find((s) => s.id === adminShare.id)?.hash).toBe(adminShare.hash);
    const own = (await call(app, 'PUT', `/lists/${w.listId}/shares`, { token: w.tokens.write, body: { right: 1 } })).json() as Share;
    expect(own.hash).toMatch(/^[A-Za-z0-9]{40}$/);
    const writer = (await call(app, 'GET', `/lists/${w.listId}/shares`, { token: w.tokens.write })).json() as Share[];
    expect(writer.find((s) => s.id === own.id)?.hash).toBe(own.hash);
    expect(writer.find((s) => s.id === writeShare.id)?.hash).toBe('');
    expect(writer.find((s) => s.id === adminShare.id)?.hash).toBe('');
  });

  it('never creates a share above its creator\'s right', async () => {
    const before = await app.ctx.db.selectFrom('link_shares').select('id').execute();
    expect((await call(app, 'PUT', `/lists/${w.listId}/shares`, { token: w.tokens.write, body: { right: 2 } })).statusCode).toBe(403);
    expect((await call(app, 'PUT', `/lists/${w.listId}/shares`, { token: w.tokens.read, body: { right: 0 } })).statusCode).toBe(403);
    expect((await call(app, 'PUT', `/lists/${w.listId}/shares`, { token: w.tokens.linkWrite, body: { right: 0 } })).statusCode).toBe(403);
    expect(await app.ctx.db.selectFrom('link_shares').select('id').execute()).toHaveLength(before.length);
  });

  it('a share acts with at most its creator\'s current right', async () => {
    const fresh = await makeWorld(app);
    const share = (await call(app, 'PUT', `/lists/${fresh.listId}/shares`, { token: fresh.tokens.write, body: { right: 1 } })).json() as Share;
    const token = (await call(app, 'POST', `/shares/${share.hash}/auth`, { body: {} })).json().token as string;
    expect((await call(app, 'PUT', `/lists/${fresh.listId}`, { token, body: { title: 'by link' } })).statusCode).toBe(201);
    // The creator is demoted to read: the link may still read, but no longer write.
    await app.ctx.db.updateTable('users_lists').set({ right: 0 }).where('user_id', '=', fresh.users.write.id).where('list_id', '=', fresh.listId).execute();
    const denied = await call(app, 'PUT', `/lists/${fresh.listId}`, { token, body: { title: 'by link' } });
    expect(denied.statusCode).toBe(403);
    expect((await call(app, 'GET', `/lists/${fresh.listId}/tasks`, { token })).statusCode).toBe(200);
    // The creator loses the list altogether: so does the link.
    await app.ctx.db.deleteFrom('users_lists').where('user_id', '=', fresh.users.write.id).where('list_id', '=', fresh.listId).execute();
    expect((await call(app, 'GET', `/lists/${fresh.listId}`, { token })).statusCode).toBe(403);
  });
});
