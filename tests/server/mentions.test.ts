// @username mentions in comments and descriptions notify each mentioned reader once (API-NOTES §12).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer } from './helpers.js';
import { makeShared, makeWorld, type World, type Shared } from './shareFixture.js';
import { mentionedNames } from '../../server/mentions.js';

type Note = { name: string; notification: { mentioned?: boolean; is_new?: boolean; task: { id: number }; doer: { username: string } } };

describe('mentions', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function notes(token: string, name: string, taskId: number): Promise<Note[]> {
    const all = ((await call(app, 'GET', '/notifications', { token })).json() ?? []) as Note[];
    return all.filter((n) => n.name === name && n.notification.task.id === taskId);
  }

  async function task(s: Shared, body: Record<string, unknown> = {}): Promise<{ id: number }> {
    const res = await call(app, 'PUT', `/lists/${s.listId}`, { token: s.tokens.owner, body: { title: 'mentioned here', ...body } });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  it('finds names after @, not e-mail addresses or trailing punctuation', () => {
    expect([...mentionedNames('hi @Ann, @bob. and @ann; mail c@example.com @x-y.')]).toEqual(['ann', 'bob', 'x-y']);
    expect(mentionedNames('no mentions @ all').size).toBe(0);
  });

  it('a new comment notifies mentioned readers once with mentioned: true, not the actor or non-readers', async () => {
    const s = await makeShared(app, w);
    const t = await task(s);
    await call(app, 'PUT', `/subscriptions/task/${t.id}`, { token: s.tokens.owner });
    await call(app, 'PUT', `/subscriptions/task/${t.id}`, { token: s.tokens.admin });
    const { read, write, admin, stranger, team } = w.users;
    const text = `@${read.username.toUpperCase()} see @${stranger.username} @${write.username} @${admin.username} @${read.username} @${team.username}`;
    const res = await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: s.tokens.write, body: { comment: text } });
    expect(res.statusCode).toBe(201);
    const forRead = await notes(s.tokens.read, 'task.comment', t.id);
    expect(forRead.map((n) => n.notification.mentioned)).toEqual([true]);
    expect(forRead[0].notification.doer.username).toBe(write.username);
    // A subscriber who is also mentioned gets one notification, flagged as a mention.
    expect((await notes(s.tokens.admin, 'task.comment', t.id)).map((n) => n.notification.mentioned)).toEqual([true]);
    expect((await notes(s.tokens.team, 'task.comment', t.id)).map((n) => n.notification.mentioned)).toEqual([true]);
    expect((await notes(s.tokens.owner, 'task.comment', t.id)).map((n) => n.notification.mentioned)).toEqual([false]);
    expect(await notes(s.tokens.write, 'task.comment', t.id)).toEqual([]);
    expect(await notes(s.tokens.stranger, 'task.comment', t.id)).toEqual([]);
  });

  it('an edited comment notifies only the people it newly mentions', async () => {
    const s = await makeShared(app, w);
    const t = await task(s);
    const { read, admin } = w.users;
    const c = (await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: s.tokens.write, body: { comment: `ping @${read.username}` } })).json();
    const edit = await call(app, 'POST', `/tasks/${t.id}/comments/${c.id}`, { token: s.tokens.write, body: { comment: `ping @${read.username} and @${admin.username}` } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().comment).toBe(`ping @${read.username} and @${admin.username}`);
    await call(app, 'POST', `/tasks/${t.id}/comments/${c.id}`, { token: s.tokens.write, body: { comment: `ping @${read.username} and @${admin.username}!` } });
    expect((await notes(s.tokens.read, 'task.comment', t.id)).length).toBe(1);
    expect((await notes(s.tokens.admin, 'task.comment', t.id)).map((n) => n.notification.mentioned)).toEqual([true]);
  });

  it('a description mention sends task.mentioned on create and for new mentions on update', async () => {
    const s = await makeShared(app, w);
    const { read, admin, stranger, owner } = w.users;
    const t = await task(s, { description: `<p>for @${read.username} and @${stranger.username} and @${owner.username}</p>` });
    expect((await notes(s.tokens.read, 'task.mentioned', t.id)).map((n) => n.notification.is_new)).toEqual([true]);
    expect(await notes(s.tokens.stranger, 'task.mentioned', t.id)).toEqual([]);
    expect(await notes(s.tokens.owner, 'task.mentioned', t.id)).toEqual([]);
    const body = { title: 'mentioned here', description: `<p>for @${read.username} and @${admin.username}</p>` };
    expect((await call(app, 'POST', `/tasks/${t.id}`, { token: s.tokens.write, body })).statusCode).toBe(200);
    expect((await call(app, 'POST', `/tasks/${t.id}`, { token: s.tokens.write, body })).statusCode).toBe(200);
    const forAdmin = await notes(s.tokens.admin, 'task.mentioned', t.id);
    expect(forAdmin.map((n) => n.notification.is_new)).toEqual([false]);
    expect(forAdmin[0].notification.doer.username).toBe(w.users.write.username);
    expect((await notes(s.tokens.read, 'task.mentioned', t.id)).length).toBe(1);
  });

  it('link shares can mention readers; unknown names are ignored', async () => {
    const s = await makeShared(app, w, 'list', 1);
    const t = await task(s);
    const res = await call(app, 'PUT', `/tasks/${t.id}/comments`, { token: s.tokens.link, body: { comment: `@${w.users.read.username} @nobody-here` } });
    expect(res.statusCode).toBe(201);
    expect((await notes(s.tokens.read, 'task.comment', t.id)).map((n) => n.notification.mentioned)).toEqual([true]);
  });
});
