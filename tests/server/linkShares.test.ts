import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer } from './helpers.js';
import { count, expectMatrix, makeShared, makeWorld, type World } from './shareFixture.js';

describe('link shares', () => {
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

  it('creates a share: 40-char hash, sharing_type, password never returned', async () => {
    const s = await makeShared(app, w);
    const res = await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { name: 'guests', right: 1, password: 'pw' } });
    expect(res.statusCode).toBe(201);
    const share = res.json();
    expect(share.hash).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(share).toMatchObject({ name: 'guests', right: 1, sharing_type: 2, password: '' });
    expect(share.shared_by.username).toBe(w.users.owner.username);
    expect(share).not.toHaveProperty('list_id');
    expect(res.body).not.toContain('@example.com');
    const open = (await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 0 } })).json();
    expect(open.sharing_type).toBe(1);
  });

  it('rights matrix: create, list, get one, delete', async () => {
    await expectMatrix(app, w, (s) => ({ method: 'PUT', url: `/lists/${s.listId}/shares`, body: { right: 0 } }), {
      owner: 201, read: 403, write: 201, admin: 201, team: 201, link: 403, stranger: 403,
    });
    await expectMatrix(app, w, (s) => ({ method: 'PUT', url: `/lists/${s.listId}/shares`, body: { right: 2 } }), {
      owner: 201, read: 403, write: 403, admin: 201, team: 403, link: 403, stranger: 403,
    });
    const readers = { owner: 200, read: 200, write: 200, admin: 200, team: 200, link: 403, stranger: 403 };
    await expectMatrix(app, w, (s) => ({ method: 'GET', url: `/lists/${s.listId}/shares` }), readers);
    const firstShare = async (listId: number) => (await app.ctx.db.selectFrom('link_shares').select('id').where('list_id', '=', listId).executeTakeFirstOrThrow()).id;
    await expectMatrix(app, w, async (s) => ({ method: 'GET', url: `/lists/${s.listId}/shares/${await firstShare(s.listId)}` }), readers);
    await expectMatrix(app, w, async (s) => ({ method: 'DELETE', url: `/lists/${s.listId}/shares/${await firstShare(s.listId)}` }), {
      owner: 200, read: 403, write: 200, admin: 200, team: 200, link: 403, stranger: 403,
    });
  });

  it('GET one works and is scoped to its list; DELETE checks the list', async () => {
    const a = await makeShared(app, w);
    const b = await makeShared(app, w);
    const share = (await call(app, 'PUT', `/lists/${a.listId}/shares`, { token: owner, body: { name: 'x', right: 0 } })).json();
    const got = await call(app, 'GET', `/lists/${a.listId}/shares/${share.id}`, { token: owner });
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-max-right']).toBe('2');
    expect(got.json()).toMatchObject({ id: share.id, hash: share.hash, name: 'x' });
    const wrong = await call(app, 'GET', `/lists/${b.listId}/shares/${share.id}`, { token: owner });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe(3006);
    expect((await call(app, 'DELETE', `/lists/${b.listId}/shares/${share.id}`, { token: owner })).json().code).toBe(3006);
    expect((await call(app, 'GET', `/lists/${a.listId}/shares/${share.id}`, { token: owner })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/lists/${a.listId}/shares/${share.id}`, { token: owner })).statusCode).toBe(200);
    expect((await call(app, 'GET', `/lists/${a.listId}/shares/${share.id}`, { token: owner })).json().code).toBe(3006);
  });

  it('validates the right (9001) and writes nothing', async () => {
    const s = await makeShared(app, w);
    const before = await count(app, 'link_shares');
    expect((await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 3 } })).json().code).toBe(9001);
    expect((await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 'admin' } })).json().code).toBe(2002);
    expect((await call(app, 'PUT', '/lists/99999/shares', { token: owner, body: { right: 0 } })).json().code).toBe(3001);
    expect(await count(app, 'link_shares')).toBe(before);
  });

  it('authenticates: token with the contract shape; passwords 13001/13002; unknown hash 3006', async () => {
    const s = await makeShared(app, w);
    const open = (await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { name: 'Guest', right: 0 } })).json();
    const res = await call(app, 'POST', `/shares/${open.hash}/auth`, { body: { password: '' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['created', 'hash', 'id', 'list_id', 'name', 'password', 'right', 'shared_by', 'sharing_type', 'token', 'updated']);
    expect(body).toMatchObject({ id: open.id, hash: open.hash, name: 'Guest', right: 0, sharing_type: 1, list_id: s.listId, password: '' });
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ type: 2, id: open.id, hash: open.hash, list_id: s.listId, right: 0, sharedByID: w.users.owner.id, isLocalUser: true });

    const locked = (await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 0, password: 'open sesame' } })).json();
    const none = await call(app, 'POST', `/shares/${locked.hash}/auth`, { body: {} });
    expect(none.statusCode).toBe(412);
    expect(none.json().code).toBe(13001);
    const wrong = await call(app, 'POST', `/shares/${locked.hash}/auth`, { body: { password: 'nope' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe(13002);
    expect((await call(app, 'POST', `/shares/${locked.hash}/auth`, { body: { password: 'open sesame' } })).statusCode).toBe(200);
    const unknown = await call(app, 'POST', '/shares/doesnotexist/auth', { body: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(3006);
  });

  it('a link-share token sees only its list, with its right', async () => {
    const s = await makeShared(app, w);
    const other = await makeShared(app, w);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.link })).statusCode).toBe(200);
    expect((await call(app, 'GET', `/lists/${other.listId}`, { token: s.tokens.link })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/lists/${s.listId}`, { token: s.tokens.link, body: { title: 'x', namespace_id: s.namespaceId } })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/namespaces/${s.namespaceId}`, { token: s.tokens.link })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/filters/1', { token: s.tokens.link })).json().code).toBe(11002);
    expect((await call(app, 'PUT', '/filters', { token: s.tokens.link, body: { title: 'x', filters: {} } })).json().code).toBe(11002);
    expect((await call(app, 'GET', '/lists/-2', { token: s.tokens.link })).json().code).toBe(11002);
    // a write link share may edit the list
    const wr = (await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 1 } })).json();
    const token = (await call(app, 'POST', `/shares/${wr.hash}/auth`, { body: {} })).json().token;
    expect((await call(app, 'POST', `/lists/${s.listId}`, { token, body: { title: 'by link', namespace_id: s.namespaceId } })).statusCode).toBe(200);
  });

  it('a link-share token cannot read or change a task in another list of the same owner', async () => {
    const s = await makeShared(app, w);
    const wr = (await call(app, 'PUT', `/lists/${s.listId}/shares`, { token: owner, body: { right: 1 } })).json();
    const writeLink = (await call(app, 'POST', `/shares/${wr.hash}/auth`, { body: {} })).json().token as string;
    const sibling = (await call(app, 'PUT', `/namespaces/${s.namespaceId}/lists`, { token: owner, body: { title: 'Sibling' } })).json().id as number;
    const elsewhere = (await makeShared(app, w)).listId;
    const own = (await call(app, 'PUT', `/lists/${s.listId}`, { token: owner, body: { title: 'visible' } })).json();
    expect((await call(app, 'GET', `/tasks/${own.id}`, { token: s.tokens.link })).statusCode).toBe(200);
    for (const listId of [sibling, elsewhere]) {
      const t = (await call(app, 'PUT', `/lists/${listId}`, { token: owner, body: { title: 'hidden' } })).json();
      for (const token of [s.tokens.link, writeLink]) {
        const res = await call(app, 'GET', `/tasks/${t.id}`, { token });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(4005);
        expect(res.body).not.toContain('hidden');
      }
      const upd = await call(app, 'POST', `/tasks/${t.id}`, { token: writeLink, body: { title: 'by link' } });
      expect(upd.statusCode).toBe(403);
      expect(upd.json().code).toBe(4005);
      expect((await call(app, 'DELETE', `/tasks/${t.id}`, { token: writeLink })).json().code).toBe(4005);
      expect((await call(app, 'GET', `/tasks/${t.id}`, { token: owner })).json().title).toBe('hidden');
    }
  });

  it('with link sharing off the routes are gone', async () => {
    const off = await createTestServer({ linkSharingEnabled: false });
    expect((await off.inject({ method: 'POST', url: '/api/v1/shares/abc/auth', payload: {} })).statusCode).toBe(404);
    await off.close();
  });
});
