import sharp from 'sharp';
import { decode as decodeBlurhash, isBlurhashValid } from 'blurhash';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { call, createTestServer, makeUser } from './helpers.js';
import { ACTORS, expectMatrix, makeShared, makeWorld, count, type World } from './shareFixture.js';

function multipart(field: string, filename: string, mime: string, data: Buffer) {
  const boundary = '----keyflowtest';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('lists', () => {
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

  async function namespace(token = owner) {
    return (await call(app, 'PUT', '/namespaces', { token, body: { title: 'N' } })).json().id as number;
  }

  it('creates a list with position, a Backlog bucket and x-max-right', async () => {
    const ns = await namespace();
    const res = await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: owner, body: { title: 'Groceries', hex_color: 'ff0000', identifier: 'GRO', is_favorite: true } });
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-max-right']).toBe('2');
    const l = res.json();
    expect(l).toMatchObject({ title: 'Groceries', hex_color: 'ff0000', identifier: 'GRO', namespace_id: ns, is_archived: false, is_favorite: true, background_information: null });
    expect(l.position).toBe(l.id * 65536);
    expect(l.owner.username).toBe(w.users.owner.username);
    expect(l.owner).not.toHaveProperty('email');
    const buckets = await app.ctx.db.selectFrom('buckets').selectAll().where('list_id', '=', l.id).execute();
    expect(buckets.map((b) => b.title)).toEqual(['Backlog']);
  });

  it('rejects bad input with its code and writes nothing', async () => {
    const ns = await namespace();
    await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: owner, body: { title: 'x', identifier: 'TAKEN' } });
    const before = [await count(app, 'lists'), await count(app, 'buckets')];
    const cases: [unknown, number, number | undefined][] = [
      [{ title: '' }, 400, 2002],
      [{}, 400, 2002],
      [{ title: 'a'.repeat(251) }, 400, 2002],
      [{ title: 'ok', identifier: 'ELEVENCHARS' }, 400, 2002],
      [{ title: 'ok', hex_color: '#ff0000' }, 400, 2002],
      [{ title: 42 }, 400, 2002],
      [{ title: 'ok', position: 'first' }, 400, 2002],
      [{ title: 'ok', identifier: 'TAKEN' }, 400, 3007],
    ];
    for (const [body, status, code] of cases) {
      const res = await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: owner, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect((await call(app, 'PUT', '/namespaces/9999/lists', { token: owner, body: { title: 'x' } })).json().code).toBe(5001);
    expect((await call(app, 'PUT', '/namespaces/-1/lists', { token: owner, body: { title: 'x' } })).json().code).toBe(3009);
    expect([await count(app, 'lists'), await count(app, 'buckets')]).toEqual(before);
  });

  it('answers 3001 for a missing list and 403 for a stranger', async () => {
    const res = await call(app, 'GET', '/lists/99999', { token: owner });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 3001, message: 'This list does not exist.' });
    const s = await makeShared(app, w);
    const st = await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.stranger });
    expect(st.statusCode).toBe(403);
  });

  it('reports x-max-right per caller', async () => {
    const s = await makeShared(app, w);
    const rights: Record<string, string> = {};
    for (const a of ['owner', 'read', 'write', 'admin', 'team', 'link'] as const) {
      rights[a] = (await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens[a] })).headers['x-max-right'] as string;
    }
    expect(rights).toEqual({ owner: '2', read: '0', write: '1', admin: '2', team: '1', link: '0' });
  });

  it('rights matrix: GET one', async () => {
    await expectMatrix(app, w, (s) => ({ method: 'GET', url: `/lists/${s.listId}` }), { owner: 200, read: 200, write: 200, admin: 200, team: 200, link: 200, stranger: 403 });
  });

  it('rights matrix: GET one through a namespace share', async () => {
    await expectMatrix(app, w, (s) => ({ method: 'GET', url: `/lists/${s.listId}` }), { owner: 200, read: 200, write: 200, admin: 200, team: 200, link: 200, stranger: 403 }, 'namespace');
  });

  it('rights matrix: update', async () => {
    await expectMatrix(
      app,
      w,
      (s) => ({ method: 'POST', url: `/lists/${s.listId}`, body: { title: 'Renamed', namespace_id: s.namespaceId } }),
      { owner: 200, read: 403, write: 200, admin: 200, team: 200, link: 403, stranger: 403 },
    );
  });

  it('rights matrix: delete', async () => {
    await expectMatrix(app, w, (s) => ({ method: 'DELETE', url: `/lists/${s.listId}` }), { owner: 200, read: 403, write: 403, admin: 200, team: 403, link: 403, stranger: 403 });
  });

  it('rights matrix: create in a shared namespace', async () => {
    await expectMatrix(
      app,
      w,
      (s) => ({ method: 'PUT', url: `/namespaces/${s.namespaceId}/lists`, body: { title: 'New' } }),
      { owner: 201, read: 403, write: 201, admin: 201, team: 201, link: 403, stranger: 403 },
      'namespace',
    );
  });

  it('updates fields, keeps an absent description, clears an explicit empty one', async () => {
    const s = await makeShared(app, w);
    let res = await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T', description: 'D', namespace_id: s.namespaceId, identifier: 'ID1', hex_color: 'abcdef', position: 7 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'T', description: 'D', identifier: 'ID1', hex_color: 'abcdef', position: 7 });
    res = await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T', namespace_id: s.namespaceId } });
    expect(res.json().description).toBe('D');
    res = await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T', description: '', namespace_id: s.namespaceId } });
    expect(res.json().description).toBe('');
  });

  it('needs a real namespace on update (3010, 3009) and write on a target namespace', async () => {
    const s = await makeShared(app, w);
    expect((await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T' } })).json().code).toBe(3010);
    expect((await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T', namespace_id: -1 } })).json().code).toBe(3009);
    const foreign = await namespace(w.users.stranger.token);
    const res = await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T', namespace_id: foreign } });
    expect(res.statusCode).toBe(403);
    const mine = await namespace();
    const moved = await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T', namespace_id: mine } });
    expect(moved.json().namespace_id).toBe(mine);
  });

  it('treats an archived list as read only except for un-archiving', async () => {
    const s = await makeShared(app, w);
    const base = { title: 'T', namespace_id: s.namespaceId };
    expect((await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { ...base, is_archived: true } })).statusCode).toBe(200);
    const again = await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { ...base, title: 'X', is_archived: true } });
    expect(again.statusCode).toBe(412);
    expect(again.json().code).toBe(3008);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).json()).toMatchObject({ title: 'T', is_archived: true });
    expect((await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 0 } })).json().code).toBe(3008);
    expect((await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { ...base, is_archived: false } })).statusCode).toBe(200);
  });

  it('treats lists of an archived namespace as archived (5012)', async () => {
    const s = await makeShared(app, w);
    await call(app, 'POST', `/namespaces/${s.namespaceId}`, { token: owner, body: { title: 'Space', is_archived: true } });
    const got = await call(app, 'GET', `/lists/${s.listId}`, { token: owner });
    expect(got.json().is_archived).toBe(true);
    const res = await call(app, 'POST', `/lists/${s.listId}`, { token: owner, body: { title: 'T', namespace_id: s.namespaceId, is_archived: false } });
    expect(res.json().code).toBe(5012);
    expect((await call(app, 'PUT', `/namespaces/${s.namespaceId}/lists`, { token: owner, body: { title: 'x' } })).json().code).toBe(5012);
  });

  it('GET /lists: reachable lists with pagination headers, search and archive filter', async () => {
    const ns = await namespace(w.users.stranger.token);
    const t = w.users.stranger.token;
    const ids: number[] = [];
    for (let i = 0; i < 55; i++) ids.push((await call(app, 'PUT', `/namespaces/${ns}/lists`, { token: t, body: { title: `L${i}` } })).json().id);
    let res = await call(app, 'GET', '/lists', { token: t });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(50);
    expect(res.headers['x-pagination-total-pages']).toBe('2');
    expect(res.headers['x-pagination-result-count']).toBe('50');
    res = await call(app, 'GET', '/lists?page=2', { token: t });
    expect(res.json()).toHaveLength(5);
    res = await call(app, 'GET', '/lists?page=0', { token: t });
    expect(res.json()).toHaveLength(55);
    res = await call(app, 'GET', '/lists?per_page=10&page=6', { token: t });
    expect(res.json()).toHaveLength(5);
    expect(res.headers['x-pagination-total-pages']).toBe('6');
    res = await call(app, 'GET', '/lists?page=9', { token: t });
    expect(res.json()).toEqual([]);
    expect(res.headers['x-pagination-total-pages']).toBe('0');
    expect((await call(app, 'GET', '/lists?page=-1', { token: t })).statusCode).toBe(400);
    expect((await call(app, 'GET', '/lists?page=abc', { token: t })).statusCode).toBe(400);
    res = await call(app, 'GET', '/lists?s=L5&page=0', { token: t });
    expect(res.json().map((l: { title: string }) => l.title).sort()).toEqual(['L5', 'L50', 'L51', 'L52', 'L53', 'L54']);
    res = await call(app, 'GET', `/lists?s=${ids[0]},${ids[1]}`, { token: t });
    expect(res.json()).toHaveLength(2);
    await app.ctx.db.updateTable('lists').set({ is_archived: 1 }).where('id', '=', ids[0]).execute();
    expect((await call(app, 'GET', '/lists?page=0', { token: t })).json()).toHaveLength(54);
    expect((await call(app, 'GET', '/lists?page=0&is_archived=true', { token: t })).json()).toHaveLength(55);
  });

  it('GET /lists for a link share is its one list', async () => {
    const s = await makeShared(app, w);
    const res = await call(app, 'GET', '/lists', { token: s.tokens.link });
    expect(res.json().map((l: { id: number }) => l.id)).toEqual([s.listId]);
  });

  it('GET /lists per actor: everyone shared sees the list, the stranger none of the owner\'s', async () => {
    const s = await makeShared(app, w);
    const viaNamespace = await makeShared(app, w, 'namespace');
    // The owner's lists: those it owns or that sit in its namespaces; GET /lists leaves out archived ones.
    const rows = await app.ctx.db
      .selectFrom('lists')
      .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
      .select(['lists.id', 'lists.is_archived', 'namespaces.is_archived as ns_archived'])
      .where((eb) => eb.or([eb('lists.owner_id', '=', w.users.owner.id), eb('namespaces.owner_id', '=', w.users.owner.id)]))
      .orderBy('lists.id')
      .execute();
    const ownersLists = rows.map((r) => r.id);
    const active = rows.filter((r) => !r.is_archived && !r.ns_archived).map((r) => r.id);
    expect(active.length).toBeLessThan(ownersLists.length);
    for (const actor of ACTORS) {
      const res = await call(app, 'GET', '/lists?page=0', { token: s.tokens[actor] });
      expect(res.statusCode, actor).toBe(200);
      const ids = (res.json() as { id: number }[]).map((l) => l.id);
      expect(res.headers['x-pagination-result-count'], actor).toBe(String(ids.length));
      if (actor === 'stranger') expect(ids.filter((id) => ownersLists.includes(id)), actor).toEqual([]);
      else if (actor === 'link') expect(ids, actor).toEqual([s.listId]);
      else if (actor === 'owner') expect([...ids].sort((x, y) => x - y), actor).toEqual(active);
      else expect(ids, actor).toEqual(expect.arrayContaining([s.listId, viaNamespace.listId]));
      // Nothing listed that the actor could not open.
      for (const id of ids) expect((await call(app, 'GET', `/lists/${id}`, { token: s.tokens[actor] })).statusCode, `${actor} ${id}`).toBe(200);
    }
  });

  it('favourites: is_favorite per user and the pseudo list -1', async () => {
    const s = await makeShared(app, w);
    await call(app, 'POST', `/lists/${s.listId}`, { token: s.tokens.read === owner ? owner : owner, body: { title: 'Things', namespace_id: s.namespaceId, is_favorite: true } });
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).json().is_favorite).toBe(true);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.write })).json().is_favorite).toBe(false);
    const fav = await call(app, 'GET', '/lists/-1', { token: owner });
    expect(fav.statusCode).toBe(200);
    expect(fav.headers['x-max-right']).toBe('0');
    expect(fav.json()).toMatchObject({ id: -1, title: 'Favorites' });
    expect((await call(app, 'POST', '/lists/-1', { token: owner, body: { title: 'x' } })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', '/lists/-1', { token: owner })).statusCode).toBe(403);
  });

  it('saved filters are pseudo lists -(id+1)', async () => {
    const f = (await call(app, 'PUT', '/filters', { token: owner, body: { title: 'Undone', filters: { filter_by: ['done'], filter_value: ['false'] } } })).json();
    const id = -(f.id + 1);
    const got = await call(app, 'GET', `/lists/${id}`, { token: owner });
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-max-right']).toBe('2');
    expect(got.json()).toMatchObject({ id, title: 'Undone' });
    const upd = await call(app, 'POST', `/lists/${id}`, { token: owner, body: { title: 'Open', description: 'd', is_favorite: true } });
    expect(upd.json()).toMatchObject({ id, title: 'Open', description: 'd', is_favorite: true });
    expect((await call(app, 'GET', `/filters/${f.id}`, { token: owner })).json()).toMatchObject({ title: 'Open', is_favorite: true });
    expect((await call(app, 'GET', `/lists/${id}`, { token: w.users.stranger.token })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/lists/-9999', { token: owner })).json().code).toBe(11001);
  });

  it('duplicates a list with tasks, buckets and shares', async () => {
    const s = await makeShared(app, w);
    const now = new Date().toISOString();
    const bucket = await app.ctx.db.selectFrom('buckets').select('id').where('list_id', '=', s.listId).executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('tasks')
      .values({ title: 'copy me', list_id: s.listId, created_by_id: w.users.owner.id, bucket_id: bucket.id, index: 1, created: now, updated: now } as never)
      .execute();
    const target = await namespace();
    const res = await call(app, 'PUT', `/lists/${s.listId}/duplicate`, { token: owner, body: { namespace_id: target } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.namespace_id).toBe(target);
    expect(body.List).toMatchObject({ title: 'Things', namespace_id: target, identifier: '' });
    const copyId = body.List.id as number;
    const tasks = await app.ctx.db.selectFrom('tasks').selectAll().where('list_id', '=', copyId).execute();
    expect(tasks.map((t) => t.title)).toEqual(['copy me']);
    const buckets = await app.ctx.db.selectFrom('buckets').selectAll().where('list_id', '=', copyId).execute();
    expect(buckets).toHaveLength(1);
    expect(tasks[0].bucket_id).toBe(buckets[0].id);
    expect(await app.ctx.db.selectFrom('users_lists').selectAll().where('list_id', '=', copyId).execute()).toHaveLength(3);
    const shares = await app.ctx.db.selectFrom('link_shares').selectAll().where('list_id', '=', copyId).execute();
    expect(shares).toHaveLength(1);
    // read on the source but no write on the target namespace
    const denied = await call(app, 'PUT', `/lists/${s.listId}/duplicate`, { token: s.tokens.read, body: { namespace_id: target } });
    expect(denied.statusCode).toBe(403);
    expect((await call(app, 'PUT', `/lists/${s.listId}/duplicate`, { token: owner, body: {} })).json().code).toBe(2002);
  });

  it('listusers: everyone with access, without e-mail addresses', async () => {
    const s = await makeShared(app, w);
    const res = await call(app, 'GET', `/lists/${s.listId}/listusers`, { token: s.tokens.read });
    expect(res.statusCode).toBe(200);
    const names = res.json().map((u: { username: string }) => u.username).sort();
    expect(names).toEqual(['owner', 'read', 'write', 'admin', 'team'].map((n) => w.users[n as 'owner'].username).sort());
    expect(res.body).not.toContain('@example.com');
    expect((await call(app, 'GET', `/lists/${s.listId}/listusers`, { token: s.tokens.stranger })).statusCode).toBe(403);
  });

  it('listusers: rights matrix, 3001 for a missing list, pagination headers', async () => {
    await expectMatrix(app, w, (s) => ({ method: 'GET', url: `/lists/${s.listId}/listusers` }), { owner: 200, read: 200, write: 200, admin: 200, team: 200, link: 200, stranger: 403 });
    await expectMatrix(app, w, (s) => ({ method: 'GET', url: `/lists/${s.listId}/listusers` }), { owner: 200, read: 200, write: 200, admin: 200, team: 200, link: 200, stranger: 403 }, 'namespace');
    const missing = await call(app, 'GET', '/lists/99999/listusers', { token: owner });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 3001, message: 'This list does not exist.' });
    const s = await makeShared(app, w);
    const res = await call(app, 'GET', `/lists/${s.listId}/listusers`, { token: s.tokens.link });
    expect(res.json()).toHaveLength(5);
    expect(res.headers['x-pagination-total-pages']).toBe('1');
    expect(res.headers['x-pagination-result-count']).toBe('5');
    const one = await call(app, 'GET', `/lists/${s.listId}/listusers?s=${w.users.team.username}`, { token: owner });
    expect(one.json().map((u: { id: number }) => u.id)).toEqual([w.users.team.id]);
    expect(one.headers['x-pagination-result-count']).toBe('1');
    const none = await call(app, 'GET', `/lists/${s.listId}/listusers?s=nobody-like-this`, { token: owner });
    expect(none.json()).toEqual([]);
    expect(none.headers['x-pagination-total-pages']).toBe('0');
    expect(none.headers['x-pagination-result-count']).toBe('0');
  });

  it('duplicate: 3001, 5001, 3009, link share 403, shared users need write on the target namespace', async () => {
    const s = await makeShared(app, w);
    const mine = await namespace();
    const cases: [string, string, unknown, number, number | null][] = [
      ['missing source', owner, { namespace_id: mine }, 404, 3001],
      ['missing target', owner, { namespace_id: 99999 }, 404, 5001],
      ['pseudo target', owner, { namespace_id: -1 }, 412, 3009],
      ['link share', s.tokens.link, { namespace_id: s.namespaceId }, 403, null],
      ['stranger', s.tokens.stranger, { namespace_id: await namespace(w.users.stranger.token) }, 403, null],
      // A list share gives no right on the owner's namespace.
      ['write share into the owner\'s namespace', s.tokens.write, { namespace_id: s.namespaceId }, 403, null],
      ['admin share into the owner\'s namespace', s.tokens.admin, { namespace_id: s.namespaceId }, 403, null],
    ];
    const before = [await count(app, 'lists'), await count(app, 'tasks'), await count(app, 'buckets')];
    for (const [name, token, body, status, code] of cases) {
      const url = name === 'missing source' ? '/lists/99999/duplicate' : `/lists/${s.listId}/duplicate`;
      const res = await call(app, 'PUT', url, { token, body });
      expect(res.statusCode, name).toBe(status);
      if (code !== null) expect(res.json().code, name).toBe(code);
    }
    expect([await count(app, 'lists'), await count(app, 'tasks'), await count(app, 'buckets')]).toEqual(before);
    // Into a namespace of their own (write there, read on the source) they may.
    for (const who of ['write', 'admin', 'read'] as const) {
      const target = await namespace(w.users[who].token);
      const res = await call(app, 'PUT', `/lists/${s.listId}/duplicate`, { token: s.tokens[who], body: { namespace_id: target } });
      expect(res.statusCode, who).toBe(201);
      expect(res.json().List, who).toMatchObject({ namespace_id: target, title: 'Things' });
      expect(res.json().List.owner.id, who).toBe(w.users[who].id);
    }
    // With write on the target through a namespace share, a shared user may duplicate into the owner's namespace.
    const ns = await makeShared(app, w, 'namespace');
    const res = await call(app, 'PUT', `/lists/${ns.listId}/duplicate`, { token: ns.tokens.write, body: { namespace_id: ns.namespaceId } });
    expect(res.statusCode).toBe(201);
    expect((await call(app, 'PUT', `/lists/${ns.listId}/duplicate`, { token: ns.tokens.read, body: { namespace_id: ns.namespaceId } })).statusCode).toBe(403);
  });

  it('backgrounds: admin and team may upload and remove, a link share only read; 3001 on a missing list', async () => {
    const s = await makeShared(app, w);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const up = (token: string, listId = s.listId) => {
      const m = multipart('background', 'bg.png', 'image/png', png);
      return app.inject({ method: 'PUT', url: `/api/v1/lists/${listId}/backgrounds/upload`, payload: m.payload, headers: { 'content-type': m.contentType, authorization: `Bearer ${token}` } });
    };
    const fileOf = async () => (await app.ctx.db.selectFrom('lists').select('background_file_id').where('id', '=', s.listId).executeTakeFirstOrThrow()).background_file_id;
    const link = await up(s.tokens.link);
    expect(link.statusCode).toBe(403);
    expect(await fileOf()).toBeNull();
    for (const who of ['admin', 'team'] as const) {
      const ok = await up(s.tokens[who]);
      expect(ok.statusCode, who).toBe(200);
      expect(ok.json().background_information, who).toEqual({ Type: 'upload' });
      for (const reader of ['admin', 'team', 'link'] as const) {
        const got = await call(app, 'GET', `/lists/${s.listId}/background`, { token: s.tokens[reader] });
        expect(got.statusCode, `${who} → ${reader}`).toBe(200);
        expect(got.rawPayload.equals(png)).toBe(true);
      }
      const stored = await fileOf();
      expect(stored).not.toBeNull();
      // Removing is a change: the read-only link share may not (deliberately stricter than the reference).
      expect((await call(app, 'DELETE', `/lists/${s.listId}/background`, { token: s.tokens.link })).statusCode).toBe(403);
      expect(await fileOf()).toBe(stored);
      const del = await call(app, 'DELETE', `/lists/${s.listId}/background`, { token: s.tokens[who] });
      expect(del.statusCode, who).toBe(200);
      expect(del.json().background_information).toBeNull();
      expect(await fileOf()).toBeNull();
      expect((await call(app, 'GET', `/lists/${s.listId}/background`, { token: s.tokens.link })).statusCode).toBe(404);
    }
    expect((await call(app, 'GET', `/lists/${s.listId}/background`, { token: s.tokens.stranger })).statusCode).toBe(403);
    // A write link share may change the background of its own list, and of no other.
    const wr = (await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 1 } })).json();
    const writeLink = (await call(app, 'POST', `/shares/${wr.hash}/auth`, { body: {} })).json().token as string;
    expect((await up(writeLink)).statusCode).toBe(200);
    expect(await fileOf()).not.toBeNull();
    expect((await call(app, 'DELETE', `/lists/${s.listId}/background`, { token: writeLink })).statusCode).toBe(200);
    expect(await fileOf()).toBeNull();
    const other = await makeShared(app, w);
    expect((await up(writeLink, other.listId)).statusCode).toBe(403);
    expect((await app.ctx.db.selectFrom('lists').select('background_file_id').where('id', '=', other.listId).executeTakeFirstOrThrow()).background_file_id).toBeNull();
    for (const res of [
      await up(owner, 99999),
      await call(app, 'GET', '/lists/99999/background', { token: owner }),
      await call(app, 'DELETE', '/lists/99999/background', { token: owner }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(3001);
    }
  });

  it('backgrounds: a file above the size limit is 4012 and leaves the list as it was', async () => {
    const small = await createTestServer({ maxFileSize: 1024 });
    try {
      const u = await makeUser(small);
      const ns = (await call(small, 'PUT', '/namespaces', { token: u.token, body: { title: 'N' } })).json().id;
      const listId = (await call(small, 'PUT', `/namespaces/${ns}/lists`, { token: u.token, body: { title: 'L' } })).json().id;
      const send = (bytes: Buffer) => {
        const m = multipart('background', 'bg.png', 'image/png', bytes);
        return small.inject({ method: 'PUT', url: `/api/v1/lists/${listId}/backgrounds/upload`, payload: m.payload, headers: { 'content-type': m.contentType, authorization: `Bearer ${u.token}` } });
      };
      // PNG signature first: the bytes, not the declared type, make it an image.
      const pngOf = (size: number) => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(size - 16, 7)]);
      const big = await send(pngOf(2048));
      expect(big.statusCode).toBe(400);
      expect(big.json().code).toBe(4012);
      const row = await small.ctx.db.selectFrom('lists').select(['background_file_id', 'background_blur_hash']).where('id', '=', listId).executeTakeFirstOrThrow();
      expect(row).toEqual({ background_file_id: null, background_blur_hash: '' });
      expect(await small.ctx.db.selectFrom('files').selectAll().execute()).toEqual([]);
      expect((await send(pngOf(512))).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('backgrounds: upload needs write, get streams, delete removes', async () => {
    const s = await makeShared(app, w);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const up = (token: string, bytes = png) => {
      const m = multipart('background', 'bg.png', 'image/png', bytes);
      return app.inject({ method: 'PUT', url: `/api/v1/lists/${s.listId}/backgrounds/upload`, payload: m.payload, headers: { 'content-type': m.contentType, authorization: `Bearer ${token}` } });
    };
    expect((await up(s.tokens.read)).statusCode).toBe(403);
    expect((await up(s.tokens.stranger)).statusCode).toBe(403);
    expect((await up(owner, Buffer.from('plain text named bg.png'))).statusCode).toBe(400);
    expect((await call(app, 'GET', `/lists/${s.listId}/background`, { token: owner })).statusCode).toBe(404);
    const ok = await up(s.tokens.write);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().background_information).toEqual({ Type: 'upload' });
    const got = await call(app, 'GET', `/lists/${s.listId}/background`, { token: s.tokens.link });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(png)).toBe(true);
    expect((await call(app, 'DELETE', `/lists/${s.listId}/background`, { token: s.tokens.read })).statusCode).toBe(403);
    const del = await call(app, 'DELETE', `/lists/${s.listId}/background`, { token: owner });
    expect(del.statusCode).toBe(200);
    expect(del.json().background_information).toBeNull();
    expect((await call(app, 'GET', `/lists/${s.listId}/background`, { token: owner })).statusCode).toBe(404);
  });

  it('backgrounds: a real image gets a BlurHash, a broken one none (and is still stored)', async () => {
    const s = await makeShared(app, w);
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1973ff' } }).jpeg().toBuffer();
    const up = (bytes: Buffer) => {
      const m = multipart('background', 'bg.jpg', 'image/jpeg', bytes);
      return app.inject({ method: 'PUT', url: `/api/v1/lists/${s.listId}/backgrounds/upload`, payload: m.payload, headers: { 'content-type': m.contentType, authorization: `Bearer ${owner}` } });
    };
    const ok = await up(image);
    expect(ok.statusCode).toBe(200);
    const hash = ok.json().background_blur_hash as string;
    expect(isBlurhashValid(hash).result).toBe(true);
    // Decoded, the placeholder is the picture's colour.
    const [r, g, b] = decodeBlurhash(hash, 4, 4);
    expect(Math.abs(r - 0x19)).toBeLessThan(16);
    expect(Math.abs(g - 0x73)).toBeLessThan(16);
    expect(Math.abs(b - 0xff)).toBeLessThan(16);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).json().background_blur_hash).toBe(hash);
    // A JPEG by its signature that cannot be decoded.
    const broken = await up(image.subarray(0, 24));
    expect(broken.statusCode).toBe(200);
    expect(broken.json().background_blur_hash).toBe('');
  });

  it('rolls a list creation back when a later step fails (no half-written list)', async () => {
    const s = await makeShared(app, w, 'namespace');
    await call(app, 'PUT', `/subscriptions/namespace/${s.namespaceId}`, { token: s.tokens.read });
    const before = [await count(app, 'lists'), await count(app, 'buckets'), await count(app, 'favorites')];
    // Make the notification insert (the last step) fail.
    await sql`alter table notifications rename to notifications_gone`.execute(app.ctx.db);
    try {
      const res = await call(app, 'PUT', `/namespaces/${s.namespaceId}/lists`, { token: owner, body: { title: 'Doomed', is_favorite: true } });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table notifications_gone rename to notifications`.execute(app.ctx.db);
    }
    expect([await count(app, 'lists'), await count(app, 'buckets'), await count(app, 'favorites')]).toEqual(before);
  });

  it('delete removes the list and what hangs off it', async () => {
    const s = await makeShared(app, w);
    const res = await call(app, 'DELETE', `/lists/${s.listId}`, { token: owner });
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    expect(await app.ctx.db.selectFrom('buckets').selectAll().where('list_id', '=', s.listId).execute()).toEqual([]);
    expect(await app.ctx.db.selectFrom('users_lists').selectAll().where('list_id', '=', s.listId).execute()).toEqual([]);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: owner })).statusCode).toBe(404);
  });
});
