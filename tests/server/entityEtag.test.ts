// Conflict-safe edits beyond tasks: lists, namespaces, labels, buckets and saved filters (also edited as their pseudo
// lists) carry an ETag and honour If-Match on update exactly as tasks do (412/4090 with the current entity), and
// clients that send no If-Match work as before.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { call, makeWorld, type World } from './fixtures.js';

type Json = Record<string, unknown> & { id: number; updated: string };

interface Kind {
  name: 'list' | 'namespace' | 'label' | 'bucket' | 'filter';
  /** What the conflict message names, when not `name`. */
  named?: string;
  table: 'lists' | 'namespaces' | 'labels' | 'buckets' | 'saved_filters';
  /** The stored row's id for a response's id (a saved filter's pseudo list −(id+1)). */
  rowId?: (id: number) => number;
  create: () => Promise<{ status: number; etag: unknown; json: Json }>;
  url: (e: Json) => string;
  /** A GET of the one entity, where the API has one. */
  read?: (e: Json) => string;
  /** The whole body an update sends, with one field changed. */
  edit: (e: Json, n: number) => Record<string, unknown>;
  field: string;
}

describe('ETag and If-Match on lists, namespaces, labels, buckets and saved filters', () => {
  let app: FastifyInstance;
  let w: World;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const created = async (method: 'PUT', url: string, body: Record<string, unknown>) => {
    const res = await call(app, method, url, { token: w.tokens.owner, body });
    return { status: res.statusCode, etag: res.headers.etag, json: res.json() as Json };
  };
  const kinds: Kind[] = [
    {
      name: 'list', table: 'lists', field: 'title',
      create: () => created('PUT', `/namespaces/${w.namespaceId}/lists`, { title: 'tagged list' }),
      url: (e) => `/lists/${e.id}`, read: (e) => `/lists/${e.id}`,
      edit: (e, n) => ({ title: `list ${n}`, namespace_id: e.namespace_id, description: e.description, hex_color: e.hex_color }),
    },
    {
      name: 'namespace', table: 'namespaces', field: 'title',
      create: () => created('PUT', '/namespaces', { title: 'tagged namespace' }),
      url: (e) => `/namespaces/${e.id}`, read: (e) => `/namespaces/${e.id}`,
      edit: (e, n) => ({ title: `namespace ${n}`, description: e.description }),
    },
    {
      name: 'label', table: 'labels', field: 'title',
      create: () => created('PUT', '/labels', { title: 'tagged label' }),
      url: (e) => `/labels/${e.id}`, read: (e) => `/labels/${e.id}`,
      edit: (e, n) => ({ title: `label ${n}`, description: e.description, hex_color: e.hex_color }),
    },
    {
      name: 'bucket', table: 'buckets', field: 'title',
      create: () => created('PUT', `/lists/${w.listId}/buckets`, { title: 'tagged bucket' }),
      url: (e) => `/lists/${w.listId}/buckets/${e.id}`,
      edit: (e, n) => ({ title: `bucket ${n}`, limit: e.limit, position: e.position }),
    },
    {
      name: 'filter', table: 'saved_filters', field: 'title',
      create: () => created('PUT', '/filters', { title: 'tagged filter', filters: { filter_by: ['done'], filter_value: ['false'] } }),
      url: (e) => `/filters/${e.id}`, read: (e) => `/filters/${e.id}`,
      edit: (e, n) => ({ title: `filter ${n}`, description: e.description, filters: e.filters }),
    },
    {
      // The same filter edited as its pseudo list (the list settings of a saved filter), tagged by the list's id.
      name: 'list', named: 'filter', table: 'saved_filters', field: 'title', rowId: (id) => -id - 1,
      create: async () => {
        const f = await created('PUT', '/filters', { title: 'tagged filter list', filters: { filter_by: ['done'], filter_value: ['false'] } });
        const res = await call(app, 'GET', `/lists/${-f.json.id - 1}`, { token: w.tokens.owner });
        return { status: f.status, etag: res.headers.etag, json: res.json() as Json };
      },
      url: (e) => `/lists/${e.id}`, read: (e) => `/lists/${e.id}`,
      edit: (e, n) => ({ title: `list ${n}`, description: e.description }),
    },
  ];
  const tagOf = (e: Json) => `"${e.id}-${Date.parse(e.updated)}"`;
  const update = (k: Kind, e: Json, n: number, ifMatch?: string) =>
    call(app, 'POST', k.url(e), { token: w.tokens.owner, body: k.edit(e, n), headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } });
  const stored = (k: Kind, id: number) => app.ctx.db.selectFrom(k.table).selectAll().where('id', '=', k.rowId ? k.rowId(id) : id).executeTakeFirstOrThrow();

  for (const k of kinds) {
    describe(k.rowId ? `${k.named ?? k.name} as its pseudo list` : k.name, () => {
      it('create, read and update send an ETag built from id and updated, and it changes with every update', async () => {
        const c = await k.create();
        expect(c.status).toBe(201);
        expect(c.etag).toBe(tagOf(c.json));
        if (k.read) {
          const read = await call(app, 'GET', k.read(c.json), { token: w.tokens.owner });
          expect(read.headers.etag).toBe(c.etag);
        }
        const first = await update(k, c.json, 1, c.etag as string);
        expect(first.statusCode).toBe(200);
        expect(first.headers.etag).toBe(tagOf(first.json()));
        expect(first.headers.etag).not.toBe(c.etag);
        // Two updates within one millisecond still move the tag.
        const second = await update(k, first.json(), 2, first.headers.etag as string);
        const third = await update(k, second.json(), 3, second.headers.etag as string);
        expect(third.statusCode).toBe(200);
        expect(new Set([c.etag, first.headers.etag, second.headers.etag, third.headers.etag]).size).toBe(4);
      });

      it('a stale If-Match answers 412/4090 with the current entity and its tag, and changes nothing', async () => {
        const { json: e, etag } = await k.create();
        const theirs = await update(k, e, 10, etag as string);
        expect(theirs.statusCode).toBe(200);
        const before = await stored(k, e.id);
        const mine = await update(k, e, 11, etag as string);
        expect(mine.statusCode).toBe(412);
        const body = mine.json();
        expect(body.code).toBe(4090);
        expect(body.message).toContain(k.named ?? k.name);
        expect(body.current).toMatchObject({ id: e.id, [k.field]: `${k.name} 10` });
        expect(mine.headers.etag).toBe(theirs.headers.etag);
        expect(await stored(k, e.id)).toEqual(before);
        const retry = await update(k, body.current, 11, mine.headers.etag as string);
        expect(retry.statusCode).toBe(200);
        expect(retry.json()[k.field]).toBe(`${k.name} 11`);
      });

      it('two edits sent at once against the same version: one lands, the other is the conflict', async () => {
        const { json: e, etag } = await k.create();
        const results = await Promise.all([update(k, e, 20, etag as string), update(k, e, 21, etag as string)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
        const winner = results.find((r) => r.statusCode === 200)!.json();
        expect((await stored(k, e.id)).title).toBe(winner[k.field]);
      });

      it('without If-Match the last write wins as before; * and a list naming the tag match', async () => {
        const { json: e, etag } = await k.create();
        expect((await update(k, e, 30)).statusCode).toBe(200);
        expect((await update(k, e, 31)).statusCode).toBe(200);
        expect((await stored(k, e.id)).title).toBe(`${k.name} 31`);
        expect((await update(k, e, 32, '*')).statusCode).toBe(200);
        const fresh = await update(k, e, 33);
        expect((await update(k, e, 34, `${etag as string}, ${fresh.headers.etag as string}`)).statusCode).toBe(200);
        expect((await update(k, e, 35, `W/${fresh.headers.etag as string}`)).statusCode).toBe(412);
      });
    });
  }

  it('the conflict check comes after the rights check: a reader learns nothing from a stale tag', async () => {
    const res = await call(app, 'POST', `/lists/${w.listId}`, { token: w.tokens.read, body: { title: 'x', namespace_id: w.namespaceId }, headers: { 'if-match': '"0-0"' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().current).toBeUndefined();
  });
});
