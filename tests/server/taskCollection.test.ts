// GET /lists/:list/tasks and /tasks/all: every sort field, comparator, concat, include_nulls, search, paging, pseudo lists.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { nowIso } from '../../server/clock.js';
import { parseFilterDate } from '../../server/tasks/dateMath.js';
import { SORT_FIELDS } from '../../server/tasks/collection.js';
import { call, makeWorld, makeTask, makeList, makeNamespace, makeUser, ROLES, type World } from './fixtures.js';

type T = { id: number; title: string; priority: number; done: boolean; due_date: string };

describe('filter date values', () => {
  const now = new Date('2024-05-15T10:30:00Z');
  it.each([
    ['now', '2024-05-15T10:30:00.000Z'],
    ['now+7d', '2024-05-22T10:30:00.000Z'],
    ['now 7d', '2024-05-22T10:30:00.000Z'],
    ['now-1h', '2024-05-15T09:30:00.000Z'],
    ['now/d', '2024-05-15T00:00:00.000Z'],
    ['now+1M/M', '2024-06-01T00:00:00.000Z'],
    ['now/w', '2024-05-13T00:00:00.000Z'],
    ['2024-01-02T03:04:05Z', '2024-01-02T03:04:05.000Z'],
    ['2024-01-02T03:04:05+02:00', '2024-01-02T01:04:05.000Z'],
    ['2024-01-02 03:04', '2024-01-02T03:04:00.000Z'],
    ['2024-01-02', '2024-01-02T00:00:00.000Z'],
    ['2024-1-2', '2024-01-02T00:00:00.000Z'],
  ])('%s', (raw, iso) => {
    expect(parseFilterDate(raw, now)?.toISOString()).toBe(iso);
  });
  it.each(['', 'tomorrow', 'now+7x', '2024-02-31', '2024-13-01', '12/05/2024'])('rejects %s', (raw) => {
    expect(parseFilterDate(raw, now)).toBeNull();
  });
});

describe('task collections', () => {
  let app: FastifyInstance;
  let w: World;
  let tasks: T[];
  let labelId: number;
  const get = async (url: string, token = w.tokens.owner) => call(app, 'GET', url, { token });
  const ids = async (url: string, token?: string) => {
    const res = await get(url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return ((res.json() as T[] | null) ?? []).map((t) => t.id);
  };

  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    const specs = [
      { title: 'Alpha apple', priority: 1, due_date: '2030-01-01T10:00:00Z', percent_done: 0.1, hex_color: 'aaaaaa' },
      { title: 'beta Banana', priority: 3, due_date: '2030-01-05T10:00:00Z', percent_done: 0.5, done: true },
      { title: 'Gamma cherry', priority: 5, percent_done: 0.9, assignees: [{ id: w.users.write.id }] },
      { title: 'delta apple pie', priority: 0, due_date: '2029-12-31T10:00:00Z', reminder_dates: ['2029-12-30T10:00:00Z'] },
      { title: '100% done_', priority: 2, start_date: '2030-02-01T00:00:00Z', end_date: '2030-02-03T00:00:00Z' },
    ];
    tasks = [];
    for (const s of specs) tasks.push((await makeTask(app, w.tokens.owner, w.listId, s)) as unknown as T);
    const label = await call(app, 'PUT', '/labels', { token: w.tokens.owner, body: { title: 'urgent' } });
    labelId = label.json().id;
    await call(app, 'PUT', `/tasks/${tasks[1].id}/labels`, { token: w.tokens.owner, body: { label_id: labelId } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists a list\'s tasks by id with pagination headers', async () => {
    const res = await get(`/lists/${w.listId}/tasks`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((t: T) => t.id)).toEqual(tasks.map((t) => t.id));
    expect(res.headers['x-pagination-total-pages']).toBe('1');
    expect(res.headers['x-pagination-result-count']).toBe('5');
    const labelled = res.json().find((t: { id: number }) => t.id === tasks[1].id);
    expect(labelled.labels.map((l: { title: string }) => l.title)).toEqual(['urgent']);
  });

  it('pages with per_page, page, page=0 and rejects negative pages', async () => {
    const p2 = await get(`/lists/${w.listId}/tasks?per_page=2&page=2`);
    expect(p2.json().map((t: T) => t.id)).toEqual([tasks[2].id, tasks[3].id]);
    expect(p2.headers['x-pagination-total-pages']).toBe('3');
    expect(p2.headers['x-pagination-result-count']).toBe('2');
    const p9 = await get(`/lists/${w.listId}/tasks?per_page=2&page=9`);
    expect(p9.json()).toEqual([]);
    expect(p9.headers['x-pagination-total-pages']).toBe('0');
    const all = await get(`/lists/${w.listId}/tasks?per_page=2&page=0`);
    expect(all.json()).toHaveLength(5);
    expect((await get(`/lists/${w.listId}/tasks?page=-1`)).statusCode).toBe(400);
    expect((await get(`/lists/${w.listId}/tasks?page=abc`)).statusCode).toBe(400);
    const capped = await get(`/lists/${w.listId}/tasks?per_page=500`);
    expect(capped.statusCode).toBe(200);
  });

  it('keeps the page count true as tasks are added and deleted between pages', async () => {
    const list = await makeList(app, w.users.owner.id, w.namespaceId, { buckets: true });
    const pages = async () => (await get(`/lists/${list.id}/tasks?per_page=2&page=2`)).headers['x-pagination-total-pages'];
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeTask(app, w.tokens.owner, list.id));
    expect(await pages()).toBe('2');
    expect(await pages()).toBe('2');
    made.push(await makeTask(app, w.tokens.owner, list.id), await makeTask(app, w.tokens.owner, list.id));
    expect(await pages()).toBe('3');
    await call(app, 'DELETE', `/tasks/${made[4].id}`, { token: w.tokens.owner });
    expect(await pages()).toBe('2');
    // A filter has its own total.
    const filtered = await get(`/lists/${list.id}/tasks?per_page=2&page=2&filter_by=id&filter_comparator=greater&filter_value=${made[0].id}`);
    expect(filtered.headers['x-pagination-total-pages']).toBe('2');
    expect(filtered.json().map((t: T) => t.id)).toEqual([made[3].id]);
  });

  it('pages through a sorted list exactly as the unpaged order, and a write between pages reorders the next one', async () => {
    const list = await makeList(app, w.users.owner.id, w.namespaceId, { buckets: true });
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await makeTask(app, w.tokens.owner, list.id, { title: `p${i}`, priority: i % 3 }));
    const sorted = `/lists/${list.id}/tasks?sort_by=priority&order_by=desc`;
    const unpaged = await ids(`${sorted}&per_page=50`);
    const paged: number[] = [];
    for (let page = 1; page <= 4; page += 1) paged.push(...(await ids(`${sorted}&per_page=2&page=${page}`)));
    expect(paged).toEqual(unpaged);
    expect(new Set(paged).size).toBe(7);
    // Pages past the first come from the ordered ids of the query; the update must be seen at once.
    const last = unpaged[unpaged.length - 1];
    await call(app, 'POST', `/tasks/${last}`, { token: w.tokens.owner, body: { title: 'now first', priority: 5 } });
    expect(await ids(`${sorted}&per_page=2&page=1`)).toEqual([last, unpaged[0]]);
    expect(await ids(`${sorted}&per_page=2&page=2`)).toEqual(unpaged.slice(1, 3));
    expect(await ids(`${sorted}&per_page=2&page=4`)).toEqual([unpaged[5]]);
    // Later tests count the owner's tasks across lists.
    for (const t of made) await call(app, 'DELETE', `/tasks/${t.id}`, { token: w.tokens.owner });
  });

  it('sorts by every contract field, asc and desc, NULL dates last', async () => {
    for (const field of SORT_FIELDS) {
      for (const order of ['asc', 'desc']) {
        const res = await get(`/lists/${w.listId}/tasks?sort_by=${field}&order_by=${order}`);
        expect(res.statusCode, `${field} ${order}`).toBe(200);
        expect(res.json()).toHaveLength(5);
      }
    }
    expect(await ids(`/lists/${w.listId}/tasks?sort_by=priority&order_by=desc`)).toEqual([2, 1, 4, 0, 3].map((i) => tasks[i].id));
    expect(await ids(`/lists/${w.listId}/tasks?sort_by[]=due_date&order_by[]=asc`)).toEqual([3, 0, 1, 2, 4].map((i) => tasks[i].id));
    expect(await ids(`/lists/${w.listId}/tasks?sort_by=due_date&order_by=desc`)).toEqual([1, 0, 3, 2, 4].map((i) => tasks[i].id));
    expect(await ids(`/lists/${w.listId}/tasks?sort_by=done&sort_by=id&order_by=asc&order_by=desc`)).toEqual([4, 3, 2, 0, 1].map((i) => tasks[i].id));
    expect((await get(`/lists/${w.listId}/tasks?sort_by=nope`)).json().code).toBe(4016);
    expect((await get(`/lists/${w.listId}/tasks?sort_by=id&order_by=sideways`)).json().code).toBe(4014);
  });

  it('filters with every comparator', async () => {
    const base = `/lists/${w.listId}/tasks?filter_by=priority&filter_value=`;
    expect(await ids(`${base}3`)).toEqual([tasks[1].id]);
    expect(await ids(`${base}3&filter_comparator=equals`)).toEqual([tasks[1].id]);
    expect(await ids(`${base}3&filter_comparator=not_equals`)).toHaveLength(4);
    expect(await ids(`${base}3&filter_comparator=greater`)).toEqual([tasks[2].id]);
    expect(await ids(`${base}3&filter_comparator=greater_equals`)).toEqual([tasks[1].id, tasks[2].id]);
    expect(await ids(`${base}1&filter_comparator=less`)).toEqual([tasks[3].id]);
    expect(await ids(`${base}1&filter_comparator=less_equals`)).toEqual([tasks[0].id, tasks[3].id]);
    expect(await ids(`${base}1,5&filter_comparator=in`)).toEqual([tasks[0].id, tasks[2].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=title&filter_value=APPLE&filter_comparator=like`)).toEqual([tasks[0].id, tasks[3].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=title&filter_value=%25&filter_comparator=like`)).toEqual([tasks[4].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=done&filter_value=true`)).toEqual([tasks[1].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=percent_done&filter_value=0.5&filter_comparator=greater_equals`)).toEqual([tasks[1].id, tasks[2].id]);
    expect((await get(`${base}3&filter_comparator=almost`)).json().code).toBe(4017);
    expect((await get(`${base}3&filter_comparator=like`)).json().code).toBe(4017);
    expect((await get(`${base}high`)).json().code).toBe(4019);
    expect((await get(`/lists/${w.listId}/tasks?filter_by=colour&filter_value=1`)).json().code).toBe(4016);
    expect((await get(`/lists/${w.listId}/tasks?filter_by=done&filter_value=maybe`)).json().code).toBe(4019);
    expect((await get(`/lists/${w.listId}/tasks?filter_by=due_date&filter_value=someday`)).json().code).toBe(4019);
  });

  it('filters dates with date math and short forms', async () => {
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=due_date&filter_value=2030-01-02&filter_comparator=less`)).toEqual([tasks[0].id, tasks[3].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=due_date&filter_value=2030-1-2&filter_comparator=greater`)).toEqual([tasks[1].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=due_date&filter_value=2030-01-01 10:00&filter_comparator=equals`)).toEqual([tasks[0].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=due_date&filter_value=now%2B7d&filter_comparator=greater`)).toEqual([0, 1, 3].map((i) => tasks[i].id));
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=reminders&filter_value=2029-12-30T10:00:00Z`)).toEqual([tasks[3].id]);
  });

  it('concatenates with or by default, and with and on request', async () => {
    const q = `filter_by[]=priority&filter_value[]=1&filter_by[]=priority&filter_value[]=5`;
    expect(await ids(`/lists/${w.listId}/tasks?${q}`)).toEqual([tasks[0].id, tasks[2].id]);
    expect(await ids(`/lists/${w.listId}/tasks?${q}&filter_concat=or`)).toEqual([tasks[0].id, tasks[2].id]);
    expect(await ids(`/lists/${w.listId}/tasks?${q}&filter_concat=and`)).toEqual([]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=priority&filter_by=done&filter_value=3&filter_value=true&filter_concat=and`)).toEqual([tasks[1].id]);
    expect((await get(`/lists/${w.listId}/tasks?${q}&filter_concat=xor`)).json().code).toBe(4018);
  });

  it('includes nulls (and zero ints) on request', async () => {
    const url = `/lists/${w.listId}/tasks?filter_by=due_date&filter_value=2030-01-02&filter_comparator=greater`;
    expect(await ids(url)).toEqual([tasks[1].id]);
    expect(await ids(`${url}&filter_include_nulls=true`)).toEqual([1, 2, 4].map((i) => tasks[i].id));
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=priority&filter_value=4&filter_comparator=greater&filter_include_nulls=true`)).toEqual([tasks[2].id, tasks[3].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=labels&filter_value=${labelId}&filter_include_nulls=true`)).toHaveLength(5);
  });

  it('filters by assignees (usernames), labels, namespace, list and bucket', async () => {
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=assignees&filter_value=${w.users.write.username.toUpperCase()}`)).toEqual([tasks[2].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=assignees&filter_value=${w.users.write.username},nobody&filter_comparator=in`)).toEqual([tasks[2].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=assignees&filter_value=${w.users.write.username}&filter_comparator=not_equals`)).toHaveLength(4);
    expect((await get(`/lists/${w.listId}/tasks?filter_by=assignees&filter_value=x&filter_comparator=like`)).json().code).toBe(4017);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=labels&filter_value=${labelId}`)).toEqual([tasks[1].id]);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=label_id&filter_value=${labelId}&filter_comparator=not_equals`)).toHaveLength(4);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=namespace&filter_value=${w.namespaceId}`)).toHaveLength(5);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=bucket_id&filter_value=${w.bucketId}`)).toHaveLength(5);
    expect(await ids(`/lists/${w.listId}/tasks?filter_by=list_id&filter_value=${w.listId}&filter_comparator=not_equals`)).toEqual([]);
  });

  it('searches titles case-insensitively and by #index', async () => {
    expect(await ids(`/lists/${w.listId}/tasks?s=APPLE`)).toEqual([tasks[0].id, tasks[3].id]);
    expect(await ids(`/lists/${w.listId}/tasks?s=%232`)).toEqual([tasks[1].id]);
    expect(await ids(`/lists/${w.listId}/tasks?s=nothing-like-this`)).toEqual([]);
  });

  it('checks rights on the list (matrix) and confines link shares to their list', async () => {
    for (const role of ROLES) {
      const res = await get(`/lists/${w.listId}/tasks`, w.tokens[role]);
      if (w.rights[role] === null) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().code).toBe(3004);
      } else {
        expect(res.statusCode, role).toBe(200);
        expect(res.json(), role).toHaveLength(5);
      }
    }
    const ns = await makeNamespace(app, w.users.owner.id);
    const other = await makeList(app, w.users.owner.id, ns);
    await makeTask(app, w.tokens.owner, other.id, { title: 'secret' });
    const link = await get(`/lists/${other.id}/tasks`, w.tokens.linkRead);
    expect(link.json().map((t: T) => t.title)).not.toContain('secret');
    const linkAll = await get('/tasks/all', w.tokens.linkRead);
    expect(linkAll.json()).toHaveLength(5);
    expect((await get('/lists/99999/tasks')).json().code).toBe(3001);
  });

  it('/tasks/all per role: each sees the shared list\'s tasks, the stranger none of the owner\'s', async () => {
    const inList = (await app.ctx.db.selectFrom('tasks').select('id').where('list_id', '=', w.listId).orderBy('id').execute()).map((r) => r.id);
    const ownersLists = (await app.ctx.db.selectFrom('lists').select('id').where('owner_id', '=', w.users.owner.id).execute()).map((r) => r.id);
    const ownersTasks = (await app.ctx.db.selectFrom('tasks').select('id').where('list_id', 'in', ownersLists).orderBy('id').execute()).map((r) => r.id);
    expect(inList).toHaveLength(5);
    expect(ownersTasks.length).toBeGreaterThan(inList.length);
    for (const role of ROLES) {
      const res = await get('/tasks/all?page=0', w.tokens[role]);
      expect(res.statusCode, role).toBe(200);
      const got = (res.json() as T[]).map((t) => t.id).sort((x, y) => x - y);
      if (role === 'owner') expect(got, role).toEqual(ownersTasks);
      else if (role === 'stranger') expect(got.filter((id) => ownersTasks.includes(id)), role).toEqual([]);
      // Shared users and link shares reach only this one list of the owner's.
      else expect(got, role).toEqual(inList);
      expect(res.headers['x-pagination-result-count'], role).toBe(String(got.length));
    }
  });

  it('/tasks/all covers every non-archived reachable list', async () => {
    const owner = await makeUser(app);
    const ns = await makeNamespace(app, owner.id);
    const a = await makeList(app, owner.id, ns);
    const b = await makeList(app, owner.id, ns, { archived: true });
    const archivedNs = await makeNamespace(app, owner.id, { archived: true });
    const c = await makeList(app, owner.id, archivedNs);
    const ta = await makeTask(app, owner.token, a.id, { due_date: new Date(Date.now() + 86400000).toISOString() });
    const now = nowIso();
    for (const listId of [b.id, c.id]) {
      await app.ctx.db.insertInto('tasks').values({ title: 'hidden', description: '', done: 0, done_at: null, due_date: null, list_id: listId, repeat_after: 0, repeat_mode: 0, priority: 0, start_date: null, end_date: null, hex_color: '', percent_done: 0, index: 1, uid: '', cover_image_attachment_id: 0, created_by_id: owner.id, bucket_id: 0, position: 1, kanban_position: 1, created: now, updated: now }).execute();
    }
    expect(await ids('/tasks/all', owner.token)).toEqual([ta.id]);
    expect(await ids('/tasks/all?filter_by=due_date&filter_comparator=less&filter_value=now%2B7d', owner.token)).toEqual([ta.id]);
    expect(await ids('/tasks/all?filter_by=due_date&filter_comparator=greater&filter_value=now%2B7d', owner.token)).toEqual([]);
    expect(await ids('/tasks/all', w.tokens.stranger)).toEqual([]);
  });

  it('runs saved filters as pseudo lists −(id+1), with request sort overriding and request filters ignored', async () => {
    const now = nowIso();
    const filters = JSON.stringify({ filter_by: ['priority'], filter_value: ['2'], filter_comparator: ['greater_equals'], filter_concat: 'and', filter_include_nulls: false, sort_by: ['priority'], order_by: ['asc'] });
    const f = await app.ctx.db.insertInto('saved_filters').values({ filters, title: 'mine', description: '', owner_id: w.users.owner.id, created: now, updated: now }).returning('id').executeTakeFirstOrThrow();
    const pseudo = -(f.id + 1);
    expect(await ids(`/lists/${pseudo}/tasks`)).toEqual([4, 1, 2].map((i) => tasks[i].id));
    expect(await ids(`/lists/${pseudo}/tasks?sort_by=priority&order_by=desc&filter_by=priority&filter_value=5`)).toEqual([2, 1, 4].map((i) => tasks[i].id));
    const foreign = await get(`/lists/${pseudo}/tasks`, w.tokens.write);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(11001);
    const link = await get(`/lists/${pseudo}/tasks`, w.tokens.linkRead);
    expect(link.statusCode).toBe(412);
    expect(link.json().code).toBe(11002);
  });

  it('lists favourite tasks under −1', async () => {
    await call(app, 'POST', `/tasks/${tasks[4].id}`, { token: w.tokens.write, body: { ...tasks[4], is_favorite: true } });
    expect(await ids('/lists/-1/tasks', w.tokens.write)).toEqual([tasks[4].id]);
    expect(await ids('/lists/-1/tasks', w.tokens.read)).toEqual([]);
  });
});
