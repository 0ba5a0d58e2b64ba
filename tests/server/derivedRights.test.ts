// Rights that are derived rather than asked (issue 32, items 1–3): what a link share reads once its creator lost the
// list, what a relation to a task in a list the reader cannot open shows, and whom a subscription still notifies.
// Each is asked of the rights module at the door, on SQLite and (with KEYFLOW_TEST_DATABASE_URL) on PostgreSQL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { collectExport } from '../../server/export/buildExport.js';
import { call, makeLinkShare, makeList, makeNamespace, makeTask, makeUser, makeWorld, shareList, type TestUser } from './fixtures.js';

type Json = Record<string, unknown>;

async function notificationsOf(app: FastifyInstance, user: TestUser, name: string): Promise<Json[]> {
  const res = await call(app, 'GET', '/notifications', { token: user.token });
  expect(res.statusCode).toBe(200);
  return ((res.json() as Json[] | null) ?? []).filter((n) => n.name === name);
}

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

  describe('a related task in a list the reader cannot open is not disclosed', () => {
    let owner: TestUser;
    let reader: TestUser;
    let sharedList: number;
    let secretList: number;
    let open: Json & { id: number };
    let secret: Json & { id: number };
    let linkToken: string;
    beforeAll(async () => {
      owner = await makeUser(app);
      reader = await makeUser(app);
      const ns = await makeNamespace(app, owner.id);
      sharedList = (await makeList(app, owner.id, ns, { title: 'shared' })).id;
      secretList = (await makeList(app, owner.id, ns, { title: 'private', identifier: 'PRIV' })).id;
      await shareList(app, sharedList, reader.id, 0);
      linkToken = (await makeLinkShare(app, sharedList, owner.id, 0)).token;
      open = await makeTask(app, owner.token, sharedList, { title: 'open task' });
      secret = await makeTask(app, owner.token, secretList, { title: 'secret title', description: 'secret description', due_date: '2030-01-02T03:04:05Z' });
      const related = await call(app, 'PUT', `/tasks/${open.id}/relations`, {
        token: owner.token,
        body: { other_task_id: secret.id, relation_kind: 'blocked' },
      });
      expect(related.statusCode).toBe(201);
    });

    const relatedOf = (task: Json) => ((task.related_tasks as Record<string, Json[]>).blocked ?? [])[0];

    it('shows the relation with the id alone to a reader and a link share, in one task and in collections', async () => {
      const whole = relatedOf((await call(app, 'GET', `/tasks/${open.id}`, { token: owner.token })).json());
      for (const token of [reader.token, linkToken]) {
        const one = await call(app, 'GET', `/tasks/${open.id}`, { token });
        expect(one.statusCode).toBe(200);
        const hidden = relatedOf(one.json());
        expect(hidden).toMatchObject({ id: secret.id, title: '', description: '', list_id: 0, identifier: '', due_date: '0001-01-01T00:00:00Z' });
        // The same fields as a related task shown whole: the v0.20 client reads it as any related task.
        expect(Object.keys(hidden).sort()).toEqual(Object.keys(whole).sort());
        for (const path of [`/tasks/${open.id}`, `/lists/${sharedList}/tasks`, '/tasks/all', `/lists/${sharedList}/buckets`]) {
          const res = await call(app, 'GET', path, { token });
          expect(res.statusCode, path).toBe(200);
          expect(res.body, path).not.toContain('secret');
          expect(res.body, path).not.toContain('PRIV');
        }
      }
      const listed = ((await call(app, 'GET', `/lists/${sharedList}/tasks`, { token: reader.token })).json() as Json[]).find((t) => t.id === open.id)!;
      expect(relatedOf(listed)).toMatchObject({ id: secret.id, title: '' });
    });

    it('shows it whole to whoever can open it', async () => {
      const one = relatedOf((await call(app, 'GET', `/tasks/${open.id}`, { token: owner.token })).json());
      expect(one).toMatchObject({ id: secret.id, title: 'secret title', description: 'secret description', list_id: secretList, identifier: 'PRIV-1' });
      // Shared with the reader, it is theirs to see too.
      await shareList(app, secretList, reader.id, 0);
      try {
        expect(relatedOf((await call(app, 'GET', `/tasks/${open.id}`, { token: reader.token })).json()).title).toBe('secret title');
      } finally {
        await app.ctx.db.deleteFrom('users_lists').where('user_id', '=', reader.id).where('list_id', '=', secretList).execute();
      }
    });

    it('sends each reader of a live event the relation as they may see it', async () => {
      const { db } = app.ctx;
      const from = (await db.selectFrom('live_events').select(db.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0;
      expect((await call(app, 'POST', `/tasks/${open.id}`, { token: owner.token, body: { title: 'open task, renamed' } })).statusCode).toBe(200);
      const rows = await db.selectFrom('live_events').selectAll().where('id', '>', Number(from)).where('type', '=', 'task.updated').execute();
      const forUser = (id: number) => rows.filter((r) => r.user_ids.includes(`,${id},`));
      expect(forUser(reader.id)).toHaveLength(1);
      expect(forUser(owner.id)).toHaveLength(1);
      const readerEvent = JSON.parse(forUser(reader.id)[0]!.payload) as Json;
      expect(readerEvent.title).toBe('open task, renamed');
      expect(relatedOf(readerEvent)).toMatchObject({ id: secret.id, title: '', list_id: 0 });
      expect(forUser(reader.id)[0]!.payload).not.toContain('secret');
      expect(relatedOf(JSON.parse(forUser(owner.id)[0]!.payload) as Json)).toMatchObject({ id: secret.id, title: 'secret title' });
    });
  });

  it('a related task its exporter can no longer open is not named in the data export', async () => {
    const mine = await makeUser(app);
    const theirs = await makeUser(app);
    const ownList = (await makeList(app, mine.id, await makeNamespace(app, mine.id))).id;
    const otherList = (await makeList(app, theirs.id, await makeNamespace(app, theirs.id))).id;
    await shareList(app, otherList, mine.id, 0);
    const task = await makeTask(app, mine.token, ownList, { title: 'exported' });
    const other = await makeTask(app, theirs.token, otherList, { title: 'their private plan' });
    expect(
      (await call(app, 'PUT', `/tasks/${task.id}/relations`, { token: mine.token, body: { other_task_id: other.id, relation_kind: 'related' } })).statusCode,
    ).toBe(201);
    const exportedRelation = async () => (await collectExport(app.ctx.db, mine.id)).namespaces[0]!.lists[0]!.tasks[0]!.related_tasks.related;
    expect(await exportedRelation()).toEqual([{ id: other.id, title: 'their private plan', list_id: otherList }]);
    expect((await call(app, 'DELETE', `/lists/${otherList}/users/${mine.username}`, { token: theirs.token })).statusCode).toBe(200);
    expect(await exportedRelation()).toEqual([{ id: other.id, title: '', list_id: 0 }]);
  });

  describe('subscriptions deliver only what the subscriber can read when the notification is made', () => {
    it('a list subscription stops notifying comments and deletions once the list is unshared', async () => {
      const w = await makeWorld(app);
      const subscriber = w.users.read;
      expect((await call(app, 'PUT', `/subscriptions/list/${w.listId}`, { token: subscriber.token })).statusCode).toBe(201);
      const kept = await makeTask(app, w.tokens.owner, w.listId, { title: 'kept' });
      const gone = await makeTask(app, w.tokens.owner, w.listId, { title: 'deleted later' });
      await call(app, 'PUT', `/tasks/${kept.id}/comments`, { token: w.tokens.write, body: { comment: 'while shared' } });
      expect(await notificationsOf(app, subscriber, 'task.comment')).toHaveLength(1);

      expect((await call(app, 'DELETE', `/lists/${w.listId}/users/${subscriber.username}`, { token: w.tokens.owner })).statusCode).toBe(200);
      expect((await call(app, 'PUT', `/tasks/${kept.id}/comments`, { token: w.tokens.write, body: { comment: 'after the unshare' } })).statusCode).toBe(201);
      expect((await call(app, 'DELETE', `/tasks/${gone.id}`, { token: w.tokens.write })).statusCode).toBe(200);
      const res = await call(app, 'GET', '/notifications', { token: subscriber.token });
      expect(res.body).not.toContain('after the unshare');
      expect(res.body).not.toContain('deleted later');
      expect(await notificationsOf(app, subscriber, 'task.comment')).toHaveLength(1);
      // Readers still subscribed are notified as before.
      const other = w.users.team;
      await call(app, 'PUT', `/subscriptions/list/${w.listId}`, { token: other.token });
      await call(app, 'PUT', `/tasks/${kept.id}/comments`, { token: w.tokens.write, body: { comment: 'to the team' } });
      expect((await notificationsOf(app, other, 'task.comment')).map((n) => (n.notification as { comment: Json }).comment.comment)).toEqual(['to the team']);
    });

    it('a task subscription does not follow its task into a private list', async () => {
      const w = await makeWorld(app);
      const subscriber = w.users.read;
      const privateList = (await makeList(app, w.users.owner.id, w.namespaceId, { title: 'private' })).id;
      // The namespace is the owner's, so only the list's own shares reach the subscriber; the private list has none.
      const task = await makeTask(app, w.tokens.owner, w.listId, { title: 'moving' });
      expect((await call(app, 'PUT', `/subscriptions/task/${task.id}`, { token: subscriber.token })).statusCode).toBe(201);
      expect((await call(app, 'POST', `/tasks/${task.id}`, { token: w.tokens.owner, body: { ...task, list_id: privateList } })).statusCode).toBe(200);
      await call(app, 'PUT', `/tasks/${task.id}/comments`, { token: w.tokens.owner, body: { comment: 'said in private' } });
      await call(app, 'PUT', `/tasks/${task.id}/assignees`, { token: w.tokens.owner, body: { user_id: w.users.owner.id } });
      await call(app, 'DELETE', `/tasks/${task.id}`, { token: w.tokens.owner });
      const res = await call(app, 'GET', '/notifications', { token: subscriber.token });
      expect(res.json()).toBeNull();
    });

    it('a namespace subscription is not told of a list it cannot read', async () => {
      const owner = await makeUser(app);
      const former = await makeUser(app);
      const ns = await makeNamespace(app, owner.id);
      expect((await call(app, 'PUT', `/namespaces/${ns}/users`, { token: owner.token, body: { user_id: former.username, right: 0 } })).statusCode).toBe(201);
      expect((await call(app, 'PUT', `/subscriptions/namespace/${ns}`, { token: former.token })).statusCode).toBe(201);
      expect((await call(app, 'DELETE', `/namespaces/${ns}/users/${former.username}`, { token: owner.token })).statusCode).toBe(200);
      expect((await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: owner.token, body: { title: 'not for former readers' } })).statusCode).toBe(201);
      expect(await notificationsOf(app, former, 'list.created')).toHaveLength(0);
    });
  });
});
