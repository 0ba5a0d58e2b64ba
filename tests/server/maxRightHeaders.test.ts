// x-max-right on every single-entity response (the caller's right on the entity or the list/task it belongs to)
// and pagination headers on the collections that are sent whole (GET /users, /user/timezones, caldav tokens).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call } from './helpers.js';
import { makeWorld, makeShared, type World, type Shared } from './shareFixture.js';
import { multipartBody, TINY_PNG } from './multipart.js';

describe('x-max-right on single-entity responses', () => {
  let app: FastifyInstance;
  let w: World;
  let s: Shared;
  let ns: Shared;
  const right = (res: { headers: Record<string, unknown> }) => res.headers['x-max-right'];
  /** Sends the request and checks the status before returning the header. */
  const rightOf = async (status: number, method: 'PUT' | 'POST', url: string, token: string, body?: unknown) => {
    const res = await call(app, method, url, { token, body });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return right(res);
  };
  const task = async (token: string, listId = s.listId) => {
    const res = await call(app, 'PUT', `/lists/${listId}`, { token, body: { title: 'task' } });
    expect(res.statusCode).toBe(201);
    return res.json().id as number;
  };

  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    s = await makeShared(app, w, 'list');
    ns = await makeShared(app, w, 'namespace');
  });
  afterAll(async () => {
    await app.close();
  });

  it('tasks: create, update, bulk update → right on the list', async () => {
    expect(await rightOf(201, 'PUT', `/lists/${s.listId}`, s.tokens.owner, { title: 'a' })).toBe('2');
    expect(await rightOf(201, 'PUT', `/lists/${s.listId}`, s.tokens.write, { title: 'b' })).toBe('1');
    const id = await task(s.tokens.owner);
    expect(await rightOf(200, 'POST', `/tasks/${id}`, s.tokens.owner, { title: 'c' })).toBe('2');
    expect(await rightOf(200, 'POST', `/tasks/${id}`, s.tokens.write, { title: 'd' })).toBe('1');
    const other = await task(s.tokens.owner);
    expect(await rightOf(200, 'POST', '/tasks/bulk', s.tokens.owner, { task_ids: [id, other], done: true })).toBe('2');
    expect(await rightOf(200, 'POST', '/tasks/bulk', s.tokens.write, { task_ids: [id, other], done: false })).toBe('1');
  });

  it('buckets: create and update → right on the list', async () => {
    const res = await call(app, 'PUT', `/lists/${s.listId}/buckets`, { token: s.tokens.owner, body: { title: 'Doing' } });
    expect(res.statusCode).toBe(201);
    expect(right(res)).toBe('2');
    const bucketId = res.json().id as number;
    expect(await rightOf(201, 'PUT', `/lists/${s.listId}/buckets`, s.tokens.write, { title: 'Done' })).toBe('1');
    expect(await rightOf(200, 'POST', `/lists/${s.listId}/buckets/${bucketId}`, s.tokens.owner, { title: 'Now' })).toBe('2');
    expect(await rightOf(200, 'POST', `/lists/${s.listId}/buckets/${bucketId}`, s.tokens.write, { title: 'Later' })).toBe('1');
  });

  it('comments: create and update → right on the task', async () => {
    const id = await task(s.tokens.owner);
    const mine = await call(app, 'PUT', `/tasks/${id}/comments`, { token: s.tokens.owner, body: { comment: 'hi' } });
    expect(mine.statusCode).toBe(201);
    expect(right(mine)).toBe('2');
    const theirs = await call(app, 'PUT', `/tasks/${id}/comments`, { token: s.tokens.write, body: { comment: 'yo' } });
    expect(theirs.statusCode).toBe(201);
    expect(right(theirs)).toBe('1');
    expect(await rightOf(200, 'POST', `/tasks/${id}/comments/${mine.json().id}`, s.tokens.owner, { comment: 'hello' })).toBe('2');
    expect(await rightOf(200, 'POST', `/tasks/${id}/comments/${theirs.json().id}`, s.tokens.write, { comment: 'hey' })).toBe('1');
  });

  it('assignees: create and bulk → right on the task', async () => {
    const id = await task(s.tokens.owner);
    expect(await rightOf(201, 'PUT', `/tasks/${id}/assignees`, s.tokens.owner, { user_id: w.users.read.id })).toBe('2');
    expect(await rightOf(201, 'PUT', `/tasks/${id}/assignees`, s.tokens.write, { user_id: w.users.admin.id })).toBe('1');
    expect(await rightOf(201, 'POST', `/tasks/${id}/assignees/bulk`, s.tokens.owner, { assignees: [{ id: w.users.write.id }] })).toBe('2');
    expect(await rightOf(201, 'POST', `/tasks/${id}/assignees/bulk`, s.tokens.write, { assignees: [] })).toBe('1');
  });

  it('labels: create and update (own label → 2); task labels: create and bulk → right on the task', async () => {
    const own = await call(app, 'PUT', '/labels', { token: s.tokens.owner, body: { title: 'red' } });
    expect(own.statusCode).toBe(201);
    expect(right(own)).toBe('2');
    const theirs = await call(app, 'PUT', '/labels', { token: s.tokens.write, body: { title: 'blue' } });
    expect(theirs.statusCode).toBe(201);
    expect(right(theirs)).toBe('2');
    expect(await rightOf(200, 'POST', `/labels/${own.json().id}`, s.tokens.owner, { title: 'crimson' })).toBe('2');
    const id = await task(s.tokens.owner);
    expect(await rightOf(201, 'PUT', `/tasks/${id}/labels`, s.tokens.owner, { label_id: own.json().id })).toBe('2');
    expect(await rightOf(201, 'PUT', `/tasks/${id}/labels`, s.tokens.write, { label_id: theirs.json().id })).toBe('1');
    expect(await rightOf(201, 'POST', `/tasks/${id}/labels/bulk`, s.tokens.owner, { labels: [{ id: own.json().id }] })).toBe('2');
    expect(await rightOf(201, 'POST', `/tasks/${id}/labels/bulk`, s.tokens.write, { labels: [] })).toBe('1');
  });

  it('relations: create → right on the task in the path', async () => {
    const a = await task(s.tokens.owner);
    const b = await task(s.tokens.owner);
    expect(await rightOf(201, 'PUT', `/tasks/${a}/relations`, s.tokens.owner, { other_task_id: b, relation_kind: 'related' })).toBe('2');
    expect(await rightOf(201, 'PUT', `/tasks/${a}/relations`, s.tokens.write, { other_task_id: b, relation_kind: 'blocking' })).toBe('1');
  });

  it('attachments: upload → right on the task (status stays 200)', async () => {
    const id = await task(s.tokens.owner);
    for (const [who, expected] of [['owner', '2'], ['write', '1']] as const) {
      const { payload, headers } = multipartBody([{ field: 'files', filename: 'a.txt', contentType: 'text/plain', data: Buffer.from('x') }]);
      const res = await app.inject({ method: 'PUT', url: `/api/v1/tasks/${id}/attachments`, headers: { ...headers, authorization: `Bearer ${s.tokens[who]}` }, payload });
      expect(res.statusCode).toBe(200);
      expect(right(res), who).toBe(expected);
    }
  });

  it('lists: create, update, duplicate, background upload', async () => {
    expect(await rightOf(201, 'PUT', `/namespaces/${s.namespaceId}/lists`, s.tokens.owner, { title: 'L' })).toBe('2');
    expect(await rightOf(200, 'POST', `/lists/${s.listId}`, s.tokens.owner, { title: 'Things', namespace_id: s.namespaceId })).toBe('2');
    expect(await rightOf(200, 'POST', `/lists/${s.listId}`, s.tokens.write, { title: 'Things', namespace_id: s.namespaceId })).toBe('1');
    // The copy belongs to whoever duplicated it.
    expect(await rightOf(201, 'PUT', `/lists/${s.listId}/duplicate`, s.tokens.owner, { namespace_id: s.namespaceId })).toBe('2');
    const own = await call(app, 'PUT', '/namespaces', { token: s.tokens.write, body: { title: 'Mine' } });
    expect(await rightOf(201, 'PUT', `/lists/${s.listId}/duplicate`, s.tokens.write, { namespace_id: own.json().id })).toBe('2');
    for (const [who, expected] of [['owner', '2'], ['write', '1']] as const) {
      const { payload, headers } = multipartBody([{ field: 'background', filename: 'bg.png', contentType: 'image/png', data: TINY_PNG }]);
      const res = await app.inject({ method: 'PUT', url: `/api/v1/lists/${s.listId}/backgrounds/upload`, headers: { ...headers, authorization: `Bearer ${s.tokens[who]}` }, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(right(res), who).toBe(expected);
    }
  });

  it('namespaces: create and update (owner or admin share → 2)', async () => {
    expect(await rightOf(201, 'PUT', '/namespaces', s.tokens.owner, { title: 'N' })).toBe('2');
    expect(await rightOf(200, 'POST', `/namespaces/${ns.namespaceId}`, ns.tokens.owner, { title: 'Space' })).toBe('2');
    expect(await rightOf(200, 'POST', `/namespaces/${ns.namespaceId}`, ns.tokens.admin, { title: 'Space' })).toBe('2');
  });

  it('saved filters: create and update → 2 (owner only)', async () => {
    const res = await call(app, 'PUT', '/filters', { token: s.tokens.owner, body: { title: 'F', filters: { filter_by: ['done'], filter_value: ['false'], filter_comparator: ['equals'] } } });
    expect(res.statusCode, res.body).toBe(201);
    expect(right(res)).toBe('2');
    expect(await rightOf(200, 'POST', `/filters/${res.json().id}`, s.tokens.owner, { title: 'G', filters: { filter_by: ['done'], filter_value: ['true'], filter_comparator: ['equals'] } })).toBe('2');
  });

  it('link shares: create → right on the list', async () => {
    expect(await rightOf(201, 'PUT', `/lists/${s.listId}/shares`, s.tokens.owner, { right: 2 })).toBe('2');
    expect(await rightOf(201, 'PUT', `/lists/${s.listId}/shares`, s.tokens.write, { right: 1 })).toBe('1');
  });

  it('user and team shares on lists and namespaces: create and update → right on the shared entity', async () => {
    for (const on of ['list', 'namespace'] as const) {
      const fresh = await makeShared(app, w, on);
      const base = on === 'list' ? `/lists/${fresh.listId}` : `/namespaces/${fresh.namespaceId}`;
      const team = await call(app, 'PUT', '/teams', { token: fresh.tokens.owner, body: { name: `T-${on}` } });
      const teamId = team.json().id as number;
      expect(await rightOf(201, 'PUT', `${base}/users`, fresh.tokens.owner, { user_id: w.users.stranger.username, right: 0 }), on).toBe('2');
      expect(await rightOf(200, 'POST', `${base}/users/${w.users.stranger.username}`, fresh.tokens.admin, { right: 1 }), on).toBe('2');
      expect(await rightOf(201, 'PUT', `${base}/teams`, fresh.tokens.admin, { team_id: teamId, right: 0 }), on).toBe('2');
      expect(await rightOf(200, 'POST', `${base}/teams/${teamId}`, fresh.tokens.owner, { right: 1 }), on).toBe('2');
      // A write share may not manage shares at all.
      expect((await call(app, 'POST', `${base}/teams/${teamId}`, { token: fresh.tokens.write, body: { right: 0 } })).statusCode).toBe(403);
    }
  });

  it('teams: create, update, add member, toggle admin (right after the toggle); notification update → 2', async () => {
    const team = await call(app, 'PUT', '/teams', { token: w.users.write.token, body: { name: 'Band' } });
    expect(team.statusCode).toBe(201);
    expect(right(team)).toBe('2');
    const id = team.json().id as number;
    expect(await rightOf(200, 'POST', `/teams/${id}`, w.users.write.token, { name: 'Group' })).toBe('2');
    expect(await rightOf(201, 'PUT', `/teams/${id}/members`, w.users.write.token, { username: w.users.read.username })).toBe('2');
    // Promoting someone else leaves the caller admin; demoting themself leaves them a plain member.
    expect(await rightOf(200, 'POST', `/teams/${id}/members/${w.users.read.username}/admin`, w.users.write.token)).toBe('2');
    expect(await rightOf(200, 'POST', `/teams/${id}/members/${w.users.write.username}/admin`, w.users.write.token)).toBe('0');

    // Being added to the team notified the new member; marking it read answers with the caller's own notification.
    const list = await call(app, 'GET', '/notifications', { token: w.users.read.token });
    const n = (list.json() as { id: number; name: string }[]).find((x) => x.name === 'team.member.added');
    expect(n).toBeDefined();
    expect(await rightOf(200, 'POST', `/notifications/${n!.id}`, w.users.read.token, { read: true })).toBe('2');
  });

  it('subscriptions: create → 2 (the subscription is the caller\'s own)', async () => {
    const a = await task(s.tokens.owner);
    const b = await task(s.tokens.owner);
    expect(await rightOf(201, 'PUT', `/subscriptions/task/${a}`, s.tokens.owner)).toBe('2');
    expect(await rightOf(201, 'PUT', `/subscriptions/task/${b}`, s.tokens.read)).toBe('2');
  });
});

describe('pagination headers on collections sent whole', () => {
  let app: FastifyInstance;
  let w: World;
  const pages = (res: { headers: Record<string, unknown> }) => [res.headers['x-pagination-total-pages'], res.headers['x-pagination-result-count']];

  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('GET /users', async () => {
    const found = await call(app, 'GET', `/users?s=${w.users.read.username}`, { token: w.users.owner.token });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toHaveLength(1);
    expect(pages(found)).toEqual(['1', '1']);
    const none = await call(app, 'GET', '/users?s=nobody-at-all', { token: w.users.owner.token });
    expect(none.json()).toBeNull();
    expect(pages(none)).toEqual(['0', '0']);
    const noTerm = await call(app, 'GET', '/users', { token: w.users.owner.token });
    expect(noTerm.json()).toBeNull();
    expect(pages(noTerm)).toEqual(['0', '0']);
  });

  it('GET /user/timezones', async () => {
    const res = await call(app, 'GET', '/user/timezones', { token: w.users.owner.token });
    expect(res.statusCode).toBe(200);
    const zones = res.json() as string[];
    expect(zones.length).toBeGreaterThan(0);
    expect(pages(res)).toEqual(['1', String(zones.length)]);
  });

  it('GET /user/settings/token/caldav (status stays 201)', async () => {
    const empty = await call(app, 'GET', '/user/settings/token/caldav', { token: w.users.admin.token });
    expect(empty.statusCode).toBe(201);
    expect(pages(empty)).toEqual(['0', '0']);
    for (let i = 0; i < 2; i++) expect((await call(app, 'PUT', '/user/settings/token/caldav', { token: w.users.admin.token })).statusCode).toBe(201);
    const two = await call(app, 'GET', '/user/settings/token/caldav', { token: w.users.admin.token });
    expect(two.statusCode).toBe(201);
    expect(two.json()).toHaveLength(2);
    expect(pages(two)).toEqual(['1', '2']);
  });
});
