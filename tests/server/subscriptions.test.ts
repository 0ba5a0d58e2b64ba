import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SUBSCRIPTION_ENTITY } from '../../server/subscriptions.js';
import { call, createTestServer } from './helpers.js';
import { ACTORS, count, expectMatrix, makeShared, makeWorld, type World } from './shareFixture.js';

describe('subscriptions', () => {
  let app: FastifyInstance;
  let w: World;
  let owner: string;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    owner = w.users.owner.token;
  });
  afterAll(async () => {
    await app.close();
  });

  async function task(listId: number) {
    const now = new Date().toISOString();
    return (
      await app.ctx.db
        .insertInto('tasks')
        .values({ title: 't', list_id: listId, created_by_id: w.users.owner.id, created: now, updated: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  it('subscribes with the contract shape and unsubscribes', async () => {
    const s = await makeShared(app, w);
    const res = await call(app, 'PUT', `/subscriptions/list/${s.listId}`, { token: owner });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ entity: 'list', entity_id: s.listId });
    expect(res.json().user.username).toBe(w.users.owner.username);
    expect(res.body).not.toContain('@example.com');
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).json().subscription).toMatchObject({ entity: 'list', entity_id: s.listId });
    const again = await call(app, 'PUT', `/subscriptions/list/${s.listId}`, { token: owner });
    expect(again.statusCode).toBe(412);
    expect(again.json().code).toBe(12002);
    expect((await call(app, 'DELETE', `/subscriptions/list/${s.listId}`, { token: owner })).json()).toEqual({ message: 'Successfully deleted.' });
    expect((await call(app, 'DELETE', `/subscriptions/list/${s.listId}`, { token: owner })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).json()).not.toHaveProperty('subscription');
  });

  it('answers 12001 for an unknown entity, the entity\'s 404 when missing', async () => {
    const before = await count(app, 'subscriptions');
    const bad = await call(app, 'PUT', '/subscriptions/label/1', { token: owner });
    expect(bad.statusCode).toBe(412);
    expect(bad.json().code).toBe(12001);
    expect((await call(app, 'DELETE', '/subscriptions/bucket/1', { token: owner })).json().code).toBe(12001);
    expect((await call(app, 'PUT', '/subscriptions/namespace/99999', { token: owner })).json().code).toBe(5001);
    expect((await call(app, 'PUT', '/subscriptions/list/99999', { token: owner })).json().code).toBe(3001);
    expect((await call(app, 'PUT', '/subscriptions/task/99999', { token: owner })).json().code).toBe(4002);
    expect(await count(app, 'subscriptions')).toBe(before);
  });

  it('inherits downward: below a parent subscription is 12002', async () => {
    const s = await makeShared(app, w);
    const t = await task(s.listId);
    expect((await call(app, 'PUT', `/subscriptions/namespace/${s.namespaceId}`, { token: owner })).statusCode).toBe(201);
    expect((await call(app, 'PUT', `/subscriptions/list/${s.listId}`, { token: owner })).json().code).toBe(12002);
    expect((await call(app, 'PUT', `/subscriptions/task/${t}`, { token: owner })).json().code).toBe(12002);
    const list = (await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).json();
    expect(list.subscription).toMatchObject({ entity: 'namespace', entity_id: s.namespaceId });
    // the inherited subscription is not removable on the list
    expect((await call(app, 'DELETE', `/subscriptions/list/${s.listId}`, { token: owner })).statusCode).toBe(403);
  });

  it('rights matrix: unsubscribe from one\'s own subscription', async () => {
    for (const entity of ['list', 'task', 'namespace'] as const) {
      const got: Record<string, number[]> = {};
      for (const actor of ACTORS) {
        const s = await makeShared(app, w, entity === 'namespace' ? 'namespace' : 'list');
        const id = entity === 'list' ? s.listId : entity === 'namespace' ? s.namespaceId : await task(s.listId);
        const sub = await call(app, 'PUT', `/subscriptions/${entity}/${id}`, { token: s.tokens[actor] });
        const del = await call(app, 'DELETE', `/subscriptions/${entity}/${id}`, { token: s.tokens[actor] });
        got[actor] = [sub.statusCode, del.statusCode];
        if (del.statusCode === 200) {
          const left = await app.ctx.db.selectFrom('subscriptions').select('id').where('entity_type', '=', SUBSCRIPTION_ENTITY[entity]).where('entity_id', '=', id).execute();
          expect(left, `${entity} ${actor}`).toEqual([]);
        }
      }
      const ok = [201, 200];
      expect(got, entity).toEqual({ owner: ok, read: ok, write: ok, admin: ok, team: ok, link: [403, 403], stranger: [403, 403] });
    }
  });

  it('rights matrix: nobody but the subscriber removes a subscription', async () => {
    const expected = { owner: 200, read: 403, write: 403, admin: 403, team: 403, link: 403, stranger: 403 };
    const owned = async () => (await app.ctx.db.selectFrom('subscriptions').select('id').where('user_id', '=', w.users.owner.id).execute()).length;
    const ownedBefore = await owned();
    for (const entity of ['list', 'task'] as const) {
      await expectMatrix(app, w, async (s) => {
        const id = entity === 'list' ? s.listId : await task(s.listId);
        expect((await call(app, 'PUT', `/subscriptions/${entity}/${id}`, { token: owner })).statusCode).toBe(201);
        return { method: 'DELETE', url: `/subscriptions/${entity}/${id}` };
      }, expected);
    }
    // The refused deletes left the owner's subscriptions in place: one per refused actor and entity.
    expect(await owned()).toBe(ownedBefore + 2 * 6);
    const s = await makeShared(app, w);
    await call(app, 'PUT', `/subscriptions/list/${s.listId}`, { token: owner });
    const before = await count(app, 'subscriptions');
    for (const actor of ACTORS.filter((a) => a !== 'owner')) {
      expect((await call(app, 'DELETE', `/subscriptions/list/${s.listId}`, { token: s.tokens[actor] })).statusCode, actor).toBe(403);
    }
    expect(await count(app, 'subscriptions')).toBe(before);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).json().subscription).toMatchObject({ entity: 'list', entity_id: s.listId });
  });

  it('rights matrix: subscribe to a list and a task', async () => {
    const expected = { owner: 201, read: 201, write: 201, admin: 201, team: 201, link: 403, stranger: 403 };
    await expectMatrix(app, w, (s) => ({ method: 'PUT', url: `/subscriptions/list/${s.listId}` }), expected);
    await expectMatrix(app, w, async (s) => ({ method: 'PUT', url: `/subscriptions/task/${await task(s.listId)}` }), expected);
    await expectMatrix(app, w, (s) => ({ method: 'PUT', url: `/subscriptions/namespace/${s.namespaceId}` }), expected, 'namespace');
  });
});
