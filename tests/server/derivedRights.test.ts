// Rights that are derived rather than asked (issue 32, items 1–3): what a link share reads once its creator lost the
// list, what a relation to a task in a list the reader cannot open shows, and whom a subscription still notifies.
// Each is asked of the rights module at the door, on SQLite and (with KEYFLOW_TEST_DATABASE_URL) on PostgreSQL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeLinkShare, makeTask, makeWorld, shareList } from './fixtures.js';

type Json = Record<string, unknown>;

describe('rights that follow the current state', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestServer();
  });
  afterAll(async () => {
    await app.close();
  });

  describe('a link share reads no more than its creator can read now', () => {
    it('is refused at every collection once its creator lost the list, and reads again once they have it back', async () => {
      const w = await makeWorld(app);
      const before = await makeTask(app, w.tokens.owner, w.listId, { title: 'before the removal' });
      const share = (await call(app, 'PUT', `/lists/${w.listId}/shares`, { token: w.tokens.write, body: { name: 'by writer', right: 0 } })).json() as {
        hash: string;
      };
      const signIn = () => call(app, 'POST', `/shares/${share.hash}/auth`, { body: {} });
      const token = (await signIn()).json().token as string;
      const tasksRes = await call(app, 'GET', `/lists/${w.listId}/tasks`, { token });
      expect(tasksRes.statusCode).toBe(200);
      expect((tasksRes.json() as Json[]).map((t) => t.id)).toContain(before.id);

      const removed = await call(app, 'DELETE', `/lists/${w.listId}/users/${w.users.write.username}`, { token: w.tokens.owner });
      expect(removed.statusCode).toBe(200);
      await makeTask(app, w.tokens.owner, w.listId, { title: 'made after the removal' });

      // Any id in the path, the favourites pseudo list, every task, a search and the kanban board: all refused.
      for (const path of [
        `/lists/${w.listId}/tasks`,
        '/lists/999999/tasks',
        '/lists/-1/tasks',
        '/tasks/all',
        '/tasks/all?s=removal',
        `/lists/${w.listId}/buckets`,
      ]) {
        const res = await call(app, 'GET', path, { token });
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code, path).toBe(3004);
        expect(res.body, path).not.toContain('removal');
      }
      const lists = (await call(app, 'GET', '/lists', { token })).json() as Json[] | null;
      expect((lists ?? []).map((l) => l.id)).not.toContain(w.listId);
      // A fresh sign-in with the link opens nothing either.
      const again = await signIn();
      expect(again.statusCode).toBe(403);
      expect(again.json().code).toBe(3004);
      expect(again.body).not.toContain('token');
      // The owner's links are untouched.
      const ownLink = await makeLinkShare(app, w.listId, w.users.owner.id, 0);
      expect((await call(app, 'GET', '/tasks/all', { token: ownLink.token })).json().map((t: Json) => t.title)).toContain('made after the removal');

      // The link carries its creator's current right: shared again, it reads again.
      await shareList(app, w.listId, w.users.write.id, 0);
      expect((await call(app, 'GET', `/lists/${w.listId}/tasks`, { token })).statusCode).toBe(200);
      expect((await signIn()).statusCode).toBe(200);
    });
  });
});
