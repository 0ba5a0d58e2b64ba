import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer, makeUser, type TestUser } from './helpers.js';
import { count, expectMatrix, makeShared, makeWorld, type World } from './shareFixture.js';

describe('sharing lists and namespaces', () => {
  let app: FastifyInstance;
  let w: World;
  let extra: TestUser;
  let owner: string;
  beforeAll(async () => {
    app = await createTestServer();
    w = await makeWorld(app);
    extra = await makeUser(app);
    owner = w.users.owner.token;
  });
  afterAll(async () => {
    await app.close();
  });

  for (const on of ['list', 'namespace'] as const) {
    const base = (s: { listId: number; namespaceId: number }) => (on === 'list' ? `/lists/${s.listId}` : `/namespaces/${s.namespaceId}`);
    const codes = on === 'list' ? { dup: 7002, missing: 7003, teamMissing: 6007 } : { dup: 5011, missing: 5003, teamMissing: 5010 };

    describe(on, () => {
      it('rights matrix: read shares, manage shares', async () => {
        const linkRead = on === 'list' ? 200 : 403;
        const readers = { owner: 200, read: 200, write: 200, admin: 200, team: 200, link: linkRead, stranger: 403 };
        await expectMatrix(app, w, (s) => ({ method: 'GET', url: `${base(s)}/users` }), readers, on);
        await expectMatrix(app, w, (s) => ({ method: 'GET', url: `${base(s)}/teams` }), readers, on);
        const admins = (ok: number) => ({ owner: ok, read: 403, write: 403, admin: ok, team: 403, link: 403, stranger: 403 });
        await expectMatrix(app, w, (s) => ({ method: 'PUT', url: `${base(s)}/users`, body: { user_id: extra.username, right: 1 } }), admins(201), on);
        await expectMatrix(app, w, (s) => ({ method: 'POST', url: `${base(s)}/users/${w.users.read.username}`, body: { right: 1 } }), admins(200), on);
        await expectMatrix(app, w, (s) => ({ method: 'DELETE', url: `${base(s)}/users/${w.users.read.username}` }), admins(200), on);
        await expectMatrix(app, w, (s) => ({ method: 'POST', url: `${base(s)}/teams/${w.teamId}`, body: { right: 2 } }), admins(200), on);
        await expectMatrix(app, w, (s) => ({ method: 'DELETE', url: `${base(s)}/teams/${w.teamId}` }), admins(200), on);
      });

      it('user shares: shape, username as user_id, errors, no e-mails', async () => {
        const s = await makeShared(app, w, on);
        const res = await call(app, 'PUT', `${base(s)}/users`, { token: owner, body: { user_id: extra.username, right: 2 } });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ user_id: extra.username, right: 2 });
        expect(Object.keys(res.json()).sort()).toEqual(['created', 'id', 'right', 'updated', 'user_id']);
        const before = await count(app, 'users_lists');
        for (const [body, code] of [
          [{ user_id: extra.username, right: 0 }, codes.dup],
          [{ user_id: w.users.owner.username, right: 0 }, codes.dup],
          [{ user_id: 'ghost', right: 0 }, 1005],
          [{ user_id: extra.username, right: 3 }, 9001],
          [{ user_id: extra.username, right: -1 }, 9001],
          [{ user_id: 5, right: 0 }, 2002],
        ] as const) {
          const r = await call(app, 'PUT', `${base(s)}/users`, { token: owner, body });
          expect(r.json().code, JSON.stringify(body)).toBe(code);
        }
        expect(await count(app, 'users_lists')).toBe(before);
        const list = await call(app, 'GET', `${base(s)}/users`, { token: owner });
        expect(list.headers['x-pagination-result-count']).toBe('4');
        const rows = list.json();
        expect(rows.find((u: { username: string }) => u.username === extra.username).right).toBe(2);
        expect(list.body).not.toContain('@example.com');
        expect((await call(app, 'POST', `${base(s)}/users/${extra.username}`, { token: owner, body: { right: 7 } })).json().code).toBe(9001);
        const upd = await call(app, 'POST', `${base(s)}/users/${extra.username}`, { token: owner, body: { right: 0 } });
        expect(upd.json()).toMatchObject({ user_id: extra.username, right: 0 });
        const stranger = w.users.stranger.username;
        expect((await call(app, 'POST', `${base(s)}/users/${stranger}`, { token: owner, body: { right: 0 } })).json().code).toBe(codes.missing);
        expect((await call(app, 'DELETE', `${base(s)}/users/${stranger}`, { token: owner })).json().code).toBe(codes.missing);
        expect((await call(app, 'DELETE', `${base(s)}/users/ghost`, { token: owner })).json().code).toBe(1005);
      });

      it('team shares: shape, errors', async () => {
        const s = await makeShared(app, w, on);
        const other = (await call(app, 'PUT', '/teams', { token: owner, body: { name: 'Other' } })).json().id;
        const res = await call(app, 'PUT', `${base(s)}/teams`, { token: owner, body: { team_id: other, right: 0 } });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ team_id: other, right: 0 });
        expect((await call(app, 'PUT', `${base(s)}/teams`, { token: owner, body: { team_id: other, right: 0 } })).json().code).toBe(6004);
        expect((await call(app, 'PUT', `${base(s)}/teams`, { token: owner, body: { team_id: 99999, right: 0 } })).json().code).toBe(6002);
        expect((await call(app, 'PUT', `${base(s)}/teams`, { token: owner, body: { team_id: other, right: 5 } })).json().code).toBe(9001);
        const list = (await call(app, 'GET', `${base(s)}/teams`, { token: owner })).json();
        expect(list.map((t: { id: number; right: number }) => [t.id, t.right])).toEqual([[w.teamId, 1], [other, 0]]);
        expect(list[0].members.length).toBeGreaterThan(0);
        const lonely = (await call(app, 'PUT', '/teams', { token: owner, body: { name: 'Lonely' } })).json().id;
        expect((await call(app, 'DELETE', `${base(s)}/teams/${lonely}`, { token: owner })).json().code).toBe(codes.teamMissing);
        expect((await call(app, 'POST', `${base(s)}/teams/${lonely}`, { token: owner, body: { right: 1 } })).json().code).toBe(codes.teamMissing);
      });

      it(`answers ${on === 'list' ? 3001 : 5001} on every share route of a missing ${on}, writing nothing`, async () => {
        const code = on === 'list' ? 3001 : 5001;
        const root = on === 'list' ? '/lists/99999' : '/namespaces/99999';
        const tables = async () => [await count(app, 'users_lists'), await app.ctx.db.selectFrom('users_namespaces').selectAll().execute(), await app.ctx.db.selectFrom('team_lists').selectAll().execute(), await app.ctx.db.selectFrom('team_namespaces').selectAll().execute()];
        const before = await tables();
        const requests: [string, string, unknown?][] = [
          ['GET', `${root}/users`],
          ['PUT', `${root}/users`, { user_id: extra.username, right: 1 }],
          ['POST', `${root}/users/${w.users.read.username}`, { right: 2 }],
          ['DELETE', `${root}/users/${w.users.read.username}`],
          ['GET', `${root}/teams`],
          ['PUT', `${root}/teams`, { team_id: w.teamId, right: 1 }],
          ['POST', `${root}/teams/${w.teamId}`, { right: 2 }],
          ['DELETE', `${root}/teams/${w.teamId}`],
        ];
        for (const [method, url, body] of requests) {
          const res = await call(app, method as 'GET', url, { token: owner, body });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(res.json().code, `${method} ${url}`).toBe(code);
        }
        expect(await tables()).toEqual(before);
      });

      it('a share grants exactly its right', async () => {
        const s = await makeShared(app, w, on);
        await call(app, 'PUT', `${base(s)}/users`, { token: owner, body: { user_id: extra.username, right: 0 } });
        expect((await call(app, 'POST', `/lists/${s.listId}`, { token: extra.token, body: { title: 'x', namespace_id: s.namespaceId } })).statusCode).toBe(403);
        await call(app, 'POST', `${base(s)}/users/${extra.username}`, { token: owner, body: { right: 1 } });
        expect((await call(app, 'POST', `/lists/${s.listId}`, { token: extra.token, body: { title: 'x', namespace_id: s.namespaceId } })).statusCode).toBe(200);
        await call(app, 'DELETE', `${base(s)}/users/${extra.username}`, { token: owner });
        expect((await call(app, 'GET', `/lists/${s.listId}`, { token: extra.token })).statusCode).toBe(403);
      });
    });
  }
});
