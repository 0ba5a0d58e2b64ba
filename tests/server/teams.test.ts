import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestServer, makeUser, type TestUser } from './helpers.js';
import { count, expectMatrix, makeShared, makeWorld, type World } from './shareFixture.js';

describe('teams', () => {
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    alice = await makeUser(app);
    bob = await makeUser(app);
    carol = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  async function team(name = 'Team') {
    const res = await call(app, 'PUT', '/teams', { token: alice.token, body: { name, description: 'd' } });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  it('creates a team with the creator as admin member', async () => {
    const t = await team();
    expect(t).toMatchObject({ name: 'Team', description: 'd' });
    expect(t.created_by.username).toBe(alice.username);
    expect(t.members).toEqual([expect.objectContaining({ username: alice.username, admin: true })]);
    expect(JSON.stringify(t)).not.toContain('@example.com');
  });

  it('validates the name (6001 empty, 2002 wrong type) and writes nothing', async () => {
    const before = await count(app, 'teams');
    expect((await call(app, 'PUT', '/teams', { token: alice.token, body: {} })).json().code).toBe(6001);
    expect((await call(app, 'PUT', '/teams', { token: alice.token, body: { name: '' } })).json().code).toBe(6001);
    expect((await call(app, 'PUT', '/teams', { token: alice.token, body: { name: 7 } })).json().code).toBe(2002);
    expect(await count(app, 'teams')).toBe(before);
  });

  it('members: add (201, 6005, 1005), x-max-right, toggle admin, remove, 6006 for the last one', async () => {
    const t = await team();
    const add = await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: bob.username } });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ username: bob.username, admin: false });
    expect((await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: bob.username } })).json().code).toBe(6005);
    expect((await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: 'nobody-here' } })).json().code).toBe(1005);
    // members read, only admins change
    const asBob = await call(app, 'GET', `/teams/${t.id}`, { token: bob.token });
    expect(asBob.statusCode).toBe(200);
    expect(asBob.headers['x-max-right']).toBe('0');
    expect((await call(app, 'GET', `/teams/${t.id}`, { token: alice.token })).headers['x-max-right']).toBe('2');
    expect((await call(app, 'GET', `/teams/${t.id}`, { token: carol.token })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/teams/${t.id}`, { token: bob.token, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await call(app, 'PUT', `/teams/${t.id}/members`, { token: bob.token, body: { username: carol.username } })).statusCode).toBe(403);
    // toggle
    const tog = await call(app, 'POST', `/teams/${t.id}/members/${bob.username}/admin`, { token: alice.token, body: { admin: false } });
    expect(tog.statusCode).toBe(200);
    expect(tog.json().admin).toBe(true);
    expect((await call(app, 'POST', `/teams/${t.id}/members/${bob.username}/admin`, { token: alice.token })).json().admin).toBe(false);
    // a member may leave; the last member may not
    expect((await call(app, 'DELETE', `/teams/${t.id}/members/${alice.username}`, { token: bob.token })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/teams/${t.id}/members/${bob.username}`, { token: bob.token })).json()).toEqual({ message: 'Successfully deleted.' });
    const last = await call(app, 'DELETE', `/teams/${t.id}/members/${alice.username}`, { token: alice.token });
    expect(last.statusCode).toBe(400);
    expect(last.json().code).toBe(6006);
  });

  it('notifies an added member (not a self-add)', async () => {
    const t = await team('Notify');
    await call(app, 'PUT', `/teams/${t.id}/members`, { token: alice.token, body: { username: carol.username } });
    const res = await call(app, 'GET', '/notifications', { token: carol.token });
    const n = res.json().find((x: { name: string }) => x.name === 'team.member.added');
    expect(n.notification.team.id).toBe(t.id);
    expect(n.notification.member.username).toBe(carol.username);
    expect(n.notification.doer.username).toBe(alice.username);
    expect(res.body).not.toContain('@example.com');
  });

  it('lists own teams with pagination and search; updates non-empty fields; deletes with shares', async () => {
    const u = await makeUser(app);
    for (const name of ['Red', 'Green', 'Blue']) await call(app, 'PUT', '/teams', { token: u.token, body: { name } });
    const res = await call(app, 'GET', '/teams', { token: u.token });
    expect(res.json().map((t: { name: string }) => t.name)).toEqual(['Red', 'Green', 'Blue']);
    expect(res.headers['x-pagination-result-count']).toBe('3');
    expect(res.headers['x-pagination-total-pages']).toBe('1');
    expect((await call(app, 'GET', '/teams?s=re', { token: u.token })).json().map((t: { name: string }) => t.name)).toEqual(['Red', 'Green']);
    const red = res.json()[0];
    const upd = await call(app, 'POST', `/teams/${red.id}`, { token: u.token, body: { name: 'Red', description: 'new' } });
    expect(upd.json()).toMatchObject({ name: 'Red', description: 'new' });
    const keep = await call(app, 'POST', `/teams/${red.id}`, { token: u.token, body: { name: 'Rouge', description: '' } });
    expect(keep.json()).toMatchObject({ name: 'Rouge', description: 'new' });
    const ns = (await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'N' } })).json().id;
    await call(app, 'PUT', `/namespaces/${ns}/teams`, { token: u.token, body: { team_id: red.id, right: 0 } });
    expect((await call(app, 'DELETE', `/teams/${red.id}`, { token: u.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', `/teams/${red.id}`, { token: u.token })).json().code).toBe(6002);
    expect(await app.ctx.db.selectFrom('team_namespaces').selectAll().where('team_id', '=', red.id).execute()).toEqual([]);
  });

  it('link shares have no teams', async () => {
    const w = await makeWorld(app);
    const s = await makeShared(app, w);
    expect((await call(app, 'GET', '/teams', { token: s.tokens.link })).statusCode).toBe(403);
    expect((await call(app, 'PUT', '/teams', { token: s.tokens.link, body: { name: 'x' } })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/teams/${w.teamId}`, { token: s.tokens.link })).statusCode).toBe(403);
  });

  it('team membership grants the shared right', async () => {
    const w = await makeWorld(app);
    const s = await makeShared(app, w);
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.team })).headers['x-max-right']).toBe('1');
    await call(app, 'DELETE', `/teams/${w.teamId}/members/${w.users.team.username}`, { token: w.users.owner.token });
    expect((await call(app, 'GET', `/lists/${s.listId}`, { token: s.tokens.team })).statusCode).toBe(403);
  });

  describe('rights matrix', () => {
    // shareFixture actors, seen from a team: `owner` is its admin, `team` a plain member; `read`, `write`, `admin`
    // (list sharers) and `stranger` are not members; `link` is a link-share token.
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(app);
    });
    const NOBODY_ELSE = { read: 403, write: 403, admin: 403, link: 403, stranger: 403 };

    /** A fresh team per request, so destructive routes can succeed for each actor: owner admin, `team` user member. */
    async function freshTeam(): Promise<number> {
      const t = await call(app, 'PUT', '/teams', { token: w.users.owner.token, body: { name: 'Fresh', description: 'd' } });
      expect(t.statusCode).toBe(201);
      const id = t.json().id as number;
      const m = await call(app, 'PUT', `/teams/${id}/members`, { token: w.users.owner.token, body: { username: w.users.team.username } });
      expect(m.statusCode).toBe(201);
      return id;
    }

    it('read: members (x-max-right 2 for admins, 0 otherwise)', async () => {
      await expectMatrix(app, w, async () => ({ method: 'GET', url: `/teams/${await freshTeam()}` }), { owner: 200, team: 200, ...NOBODY_ELSE });
      const id = await freshTeam();
      expect((await call(app, 'GET', `/teams/${id}`, { token: w.users.owner.token })).headers['x-max-right']).toBe('2');
      expect((await call(app, 'GET', `/teams/${id}`, { token: w.users.team.token })).headers['x-max-right']).toBe('0');
      const denied = await call(app, 'GET', `/teams/${id}`, { token: w.users.stranger.token });
      expect(denied.json()).toEqual({ message: "You don't have the right to see this" });
    });

    it('update, delete, add member, toggle admin: team admins only', async () => {
      const adminOnly = { owner: 200, team: 403, ...NOBODY_ELSE };
      await expectMatrix(app, w, async () => ({ method: 'POST', url: `/teams/${await freshTeam()}`, body: { name: 'Renamed' } }), adminOnly);
      await expectMatrix(app, w, async () => ({ method: 'DELETE', url: `/teams/${await freshTeam()}` }), adminOnly);
      await expectMatrix(
        app,
        w,
        async () => ({ method: 'PUT', url: `/teams/${await freshTeam()}/members`, body: { username: w.users.stranger.username } }),
        { ...adminOnly, owner: 201 },
      );
      await expectMatrix(app, w, async () => ({ method: 'POST', url: `/teams/${await freshTeam()}/members/${w.users.team.username}/admin` }), adminOnly);
    });

    it('remove member: a team admin, or the member removing themselves', async () => {
      await expectMatrix(app, w, async () => ({ method: 'DELETE', url: `/teams/${await freshTeam()}/members/${w.users.team.username}` }), {
        owner: 200, team: 200, ...NOBODY_ELSE,
      });
      // A plain member may not remove someone else (here the admin).
      await expectMatrix(app, w, async () => ({ method: 'DELETE', url: `/teams/${await freshTeam()}/members/${w.users.owner.username}` }), {
        owner: 200, team: 403, ...NOBODY_ELSE,
      });
    });

    it('refused calls change nothing', async () => {
      const id = await freshTeam();
      const member = w.users.team;
      expect((await call(app, 'POST', `/teams/${id}`, { token: member.token, body: { name: 'Hijacked' } })).json()).toEqual({ message: 'Forbidden' });
      expect((await call(app, 'DELETE', `/teams/${id}/members/${w.users.owner.username}`, { token: member.token })).statusCode).toBe(403);
      expect((await call(app, 'POST', `/teams/${id}/members/${member.username}/admin`, { token: member.token })).statusCode).toBe(403);
      expect((await call(app, 'DELETE', `/teams/${id}`, { token: member.token })).statusCode).toBe(403);
      const t = (await call(app, 'GET', `/teams/${id}`, { token: w.users.owner.token })).json();
      expect(t.name).toBe('Fresh');
      expect(t.members.map((m: { username: string; admin: boolean }) => [m.username, m.admin])).toEqual([[w.users.owner.username, true], [member.username, false]]);
    });

    it('a member promoted by the admin toggle gets admin rights', async () => {
      const id = await freshTeam();
      const tog = await call(app, 'POST', `/teams/${id}/members/${w.users.team.username}/admin`, { token: w.users.owner.token });
      expect(tog.json()).toMatchObject({ username: w.users.team.username, admin: true });
      expect((await call(app, 'GET', `/teams/${id}`, { token: w.users.team.token })).headers['x-max-right']).toBe('2');
      expect((await call(app, 'POST', `/teams/${id}`, { token: w.users.team.token, body: { name: 'Mine now' } })).json().name).toBe('Mine now');
    });
  });

  describe('errors', () => {
    it('6002 for a team that does not exist, before any rights check', async () => {
      const missing = 999999;
      const requests: [string, string, unknown?][] = [
        ['GET', `/teams/${missing}`],
        ['POST', `/teams/${missing}`, { name: 'x' }],
        ['DELETE', `/teams/${missing}`],
        ['POST', `/teams/${missing}/members/${bob.username}/admin`],
        ['PUT', `/teams/${missing}/members`, { username: bob.username }],
        ['DELETE', `/teams/${missing}/members/${bob.username}`],
      ];
      for (const [method, url, body] of requests) {
        const res = await call(app, method as 'GET', url, { token: alice.token, body });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json(), `${method} ${url}`).toEqual({ code: 6002, message: 'This team does not exist.' });
      }
    });

    it('admin toggle of a user who is not a member (or does not exist) is 1005 and adds nobody', async () => {
      const t = await team('Toggle');
      const before = await count(app, 'team_members');
      const notMember = await call(app, 'POST', `/teams/${t.id}/members/${carol.username}/admin`, { token: alice.token });
      expect(notMember.statusCode).toBe(404);
      expect(notMember.json()).toEqual({ code: 1005, message: 'This user is not a member of the team.' });
      const unknown = await call(app, 'POST', `/teams/${t.id}/members/no-such-user/admin`, { token: alice.token });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ code: 1005, message: 'The user does not exist.' });
      expect(await count(app, 'team_members')).toBe(before);
      expect((await call(app, 'GET', `/teams/${t.id}`, { token: carol.token })).statusCode).toBe(403);
    });

    it('6001 for an empty or missing name on update, after the rights check; nothing written', async () => {
      const t = await team('Named');
      for (const body of [{ name: '' }, { name: '   ' }, { description: 'only' }]) {
        const res = await call(app, 'POST', `/teams/${t.id}`, { token: alice.token, body });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json(), JSON.stringify(body)).toEqual({ code: 6001, message: 'The team name cannot be empty.' });
      }
      expect((await call(app, 'POST', `/teams/${t.id}`, { token: carol.token, body: { name: '' } })).statusCode).toBe(403);
      expect((await call(app, 'GET', `/teams/${t.id}`, { token: alice.token })).json()).toMatchObject({ name: 'Named', description: 'd' });
    });

    it('6006 when removing the last member, whoever they are; the member stays', async () => {
      const t = await team('Solo');
      const res = await call(app, 'DELETE', `/teams/${t.id}/members/${alice.username}`, { token: alice.token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 6006, message: 'Cannot delete the last team member.' });
      // Demoting the last admin leaves a team of one plain member, still undeletable as the last one.
      expect((await call(app, 'POST', `/teams/${t.id}/members/${alice.username}/admin`, { token: alice.token })).json().admin).toBe(false);
      const again = await call(app, 'DELETE', `/teams/${t.id}/members/${alice.username}`, { token: alice.token });
      expect(again.json().code).toBe(6006);
      const after = (await call(app, 'GET', `/teams/${t.id}`, { token: alice.token })).json();
      expect(after.members.map((m: { username: string }) => m.username)).toEqual([alice.username]);
    });
  });
});
