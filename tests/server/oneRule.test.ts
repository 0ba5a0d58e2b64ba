// One rule each where the server once had two: the rights checks of list and task routes, the paging parser of
// SQL-paged and memory-paged collections, and how a body with several bad fields is answered.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call } from './helpers.js';
import { makeWorld, makeShared, type World } from './shareFixture.js';

describe('one rule each', () => {
  let app: FastifyInstance;
  let w: World;

  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const archive = async (what: 'lists' | 'namespaces', id: number) =>
    app.ctx.db.updateTable(what).set({ is_archived: 1 }).where('id', '=', id).execute();

  describe('rights: the same order of checks on list routes and task routes', () => {
    it('answers a write to an archived list with 3008 for anyone who can see it, also when their right is too low', async () => {
      const s = await makeShared(app, w);
      const t = (await call(app, 'PUT', `/lists/${s.listId}`, { token: s.tokens.owner, body: { title: 'before' } })).json();
      await archive('lists', s.listId);
      // A list route (creating a link share needs write) and a task route answer alike for a reader.
      const share = await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: s.tokens.read, body: { right: 0 } });
      expect([share.statusCode, share.json().code]).toEqual([412, 3008]);
      const task = await call(app, 'POST', `/tasks/${t.id}`, { token: s.tokens.read, body: { title: 'x' } });
      expect([task.statusCode, task.json().code]).toEqual([412, 3008]);
    });

    it('answers 5012 when the namespace is archived, on both kinds of route', async () => {
      const s = await makeShared(app, w);
      await archive('namespaces', s.namespaceId);
      const share = await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: s.tokens.read, body: { right: 0 } });
      expect([share.statusCode, share.json().code]).toEqual([412, 5012]);
      const create = await call(app, 'PUT', `/lists/${s.listId}`, { token: s.tokens.read, body: { title: 'x' } });
      expect([create.statusCode, create.json().code]).toEqual([412, 5012]);
    });

    it('does not tell a caller without access that a list is archived', async () => {
      const s = await makeShared(app, w);
      await archive('lists', s.listId);
      const share = await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: s.tokens.stranger, body: { right: 0 } });
      expect([share.statusCode, share.json()]).toEqual([403, { message: 'Forbidden' }]);
      const create = await call(app, 'PUT', `/lists/${s.listId}`, { token: s.tokens.stranger, body: { title: 'x' } });
      expect([create.statusCode, create.json().code]).toEqual([403, 3004]);
    });

    it("reports the held right for an archived list itself, and read for what is in it", async () => {
      const s = await makeShared(app, w);
      const t = (await call(app, 'PUT', `/lists/${s.listId}`, { token: s.tokens.admin, body: { title: 'kept' } })).json();
      await archive('lists', s.listId);
      // Its admins may still un-archive the list, so they keep seeing their right on it...
      expect((await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.admin })).headers['x-max-right']).toBe('2');
      // ...while nothing in it can change.
      expect((await call(app, 'GET', `/tasks/${t.id}`, { token: s.tokens.admin })).headers['x-max-right']).toBe('0');
      expect((await call(app, 'GET', `/lists/${s.listId}/buckets`, { token: s.tokens.admin })).headers['x-max-right']).toBe('0');
    });
  });

  describe('paging: one parser for every collection', () => {
    let listId: number;
    let taskId: number;
    let token: string;

    beforeAll(async () => {
      const s = await makeShared(app, w);
      listId = s.listId;
      token = s.tokens.owner;
      for (const title of ['alpha', 'beta', 'gamma']) {
        const res = await call(app, 'PUT', `/lists/${listId}`, { token, body: { title } });
        taskId = res.json().id;
      }
      for (const comment of ['one', 'two', 'three']) await call(app, 'PUT', `/tasks/${taskId}/comments`, { token, body: { comment } });
    });

    it('takes the first value of a repeated page or per_page key, whether the route pages in SQL or in memory', async () => {
      const tasks = await call(app, 'GET', `/lists/${listId}/tasks?per_page=1&per_page=50&page=2&page=1`, { token });
      expect(tasks.json()).toHaveLength(1);
      expect(tasks.headers['x-pagination-total-pages']).toBe('3');
      const comments = await call(app, 'GET', `/tasks/${taskId}/comments?per_page=2&per_page=1&page=2&page=1`, { token });
      expect(comments.json().map((c: { comment: string }) => c.comment)).toEqual(['three']);
      const lists = await call(app, 'GET', '/lists?per_page=1&per_page=50&page=1&page=2', { token });
      expect(lists.json()).toHaveLength(1);
    });

    it('takes the first value of any other repeated single-value key too', async () => {
      const res = await call(app, 'GET', `/lists/${listId}/tasks?s=alpha&s=beta`, { token });
      expect(res.json().map((t: { title: string }) => t.title)).toEqual(['alpha']);
    });

    it('answers a bad page alike on every collection: 2002 naming the field', async () => {
      const expected = { code: 2002, message: 'Invalid Data', invalid_fields: ['page: must be a non-negative integer'] };
      for (const url of [`/lists/${listId}/tasks?page=x`, `/tasks/${taskId}/comments?page=-1`, '/lists?page=x', `/lists/${listId}/buckets?page=1.5`]) {
        const res = await call(app, 'GET', url, { token });
        expect([res.statusCode, res.json()], url).toEqual([400, expected]);
      }
      const per = await call(app, 'GET', `/tasks/${taskId}/comments?per_page=many`, { token });
      expect(per.json().invalid_fields).toEqual(['per_page: must be a non-negative integer']);
    });
  });

  describe('bodies: one schema check, every problem reported at once', () => {
    const invalid = (res: { statusCode: number; json: () => { code?: number; invalid_fields?: string[] } }) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(2002);
      return res.json().invalid_fields;
    };

    it('lists every bad field of a body, not only the first', async () => {
      const token = w.users.owner.token;
      expect(invalid(await call(app, 'PUT', '/teams', { token, body: { name: 5, description: false } }))).toEqual([
        'name: must be a string',
        'description: must be a string',
      ]);
      expect(invalid(await call(app, 'PUT', '/teams', { token, body: { name: 'x'.repeat(251), description: 3 } }))).toEqual([
        'name: must be at most 250 characters',
        'description: must be a string',
      ]);
      const s = await makeShared(app, w);
      expect(invalid(await call(app, 'PUT', `/lists/${s.listId}/users`, { token, body: { user_id: 7, right: 'admin' } }))).toEqual([
        'user_id: must be a string',
        'right: must be an integer',
      ]);
      expect(invalid(await call(app, 'PUT', `/lists/${s.listId}/teams`, { token, body: { team_id: 1.5, right: 2 ** 40 } }))).toEqual([
        'team_id: must be an integer',
        `right: must be between -2147483647 and 2147483647`,
      ]);
    });

    it('names nested fields the way a client does', async () => {
      const res = await call(app, 'PUT', '/filters', {
        token: w.users.owner.token,
        body: { title: 5, filters: { sort_by: ['done', {}], filter_include_nulls: 'yes' } },
      });
      expect(invalid(res)).toEqual([
        'title: must be a string',
        'filters.sort_by[1]: must be a string or a number or a boolean',
        'filters.filter_include_nulls: must be a boolean',
      ]);
    });

    it('answers a body that is not an object, and still reads null and absent fields as not sent', async () => {
      const token = w.users.owner.token;
      expect(invalid(await call(app, 'PUT', '/teams', { token, body: [1, 2] }))).toEqual(['body: must be a JSON object']);
      // No body at all binds as an empty one: the domain rule (a team needs a name, 6001) answers, not the schema.
      const empty = await app.inject({ method: 'PUT', url: '/api/v1/teams', headers: { authorization: `Bearer ${token}` } });
      expect([empty.statusCode, empty.json().code]).toEqual([400, 6001]);
      const made = await call(app, 'PUT', '/teams', { token, body: { name: 'Crew two', description: null, unknown: { deep: true } } });
      expect(made.statusCode).toBe(201);
      expect(made.json().description).toBe('');
    });

    it('validates before the rights check, as the contract orders it (bind, validate, rights, action)', async () => {
      const s = await makeShared(app, w);
      const res = await call(app, 'PUT', `/lists/${s.listId}/teams`, { token: s.tokens.stranger, body: { team_id: 'x' } });
      expect(invalid(res)).toEqual(['team_id: must be an integer']);
    });
  });
});
