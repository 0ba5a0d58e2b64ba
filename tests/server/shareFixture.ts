// Test fixture for rights matrices: one owner, users holding read/write/admin shares, a team member, a link share, a stranger.
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, makeUser, type TestUser } from './helpers.js';

export const ACTORS = ['owner', 'read', 'write', 'admin', 'team', 'link', 'stranger'] as const;
export type Actor = (typeof ACTORS)[number];

export interface World {
  users: Record<Exclude<Actor, 'link'>, TestUser>;
  teamId: number;
}

export interface Shared {
  namespaceId: number;
  listId: number;
  tokens: Record<Actor, string>;
}

let seq = 0;

/** Users and a team (owner is its admin, `team` user a member). Create once per file: users cost a bcrypt hash. */
export async function makeWorld(app: FastifyInstance): Promise<World> {
  seq += 1;
  const names = ['owner', 'read', 'write', 'admin', 'team', 'stranger'] as const;
  const users = {} as World['users'];
  for (const n of names) users[n] = await makeUser(app, `${n}${seq}x`);
  const team = await call(app, 'PUT', '/teams', { token: users.owner.token, body: { name: 'Crew' } });
  expect(team.statusCode).toBe(201);
  const teamId = team.json().id as number;
  const m = await call(app, 'PUT', `/teams/${teamId}/members`, { token: users.owner.token, body: { username: users.team.username } });
  expect(m.statusCode).toBe(201);
  return { users, teamId };
}

/**
 * A fresh namespace and list of the owner, shared at `on` (the list or its namespace) with read (0), write (1),
 * admin (2) users and the team (write), plus a read-only link share of the list.
 */
export async function makeShared(app: FastifyInstance, w: World, on: 'list' | 'namespace' = 'list', linkRight = 0): Promise<Shared> {
  const t = w.users.owner.token;
  const ns = await call(app, 'PUT', '/namespaces', { token: t, body: { title: 'Space' } });
  expect(ns.statusCode).toBe(201);
  const namespaceId = ns.json().id as number;
  const list = await call(app, 'PUT', `/namespaces/${namespaceId}/lists`, { token: t, body: { title: 'Things' } });
  expect(list.statusCode).toBe(201);
  const listId = list.json().id as number;
  const base = on === 'list' ? `/lists/${listId}` : `/namespaces/${namespaceId}`;
  for (const [who, right] of [['read', 0], ['write', 1], ['admin', 2]] as const) {
    const r = await call(app, 'PUT', `${base}/users`, { token: t, body: { user_id: w.users[who].username, right } });
    expect(r.statusCode).toBe(201);
  }
  const tr = await call(app, 'PUT', `${base}/teams`, { token: t, body: { team_id: w.teamId, right: 1 } });
  expect(tr.statusCode).toBe(201);
  const share = await call(app, 'PUT', `/lists/${listId}/shares`, { token: t, body: { right: linkRight } });
  expect(share.statusCode).toBe(201);
  const auth = await call(app, 'POST', `/shares/${share.json().hash}/auth`, { body: { password: '' } });
  expect(auth.statusCode).toBe(200);
  const tokens = {
    owner: t,
    read: w.users.read.token,
    write: w.users.write.token,
    admin: w.users.admin.token,
    team: w.users.team.token,
    stranger: w.users.stranger.token,
    link: auth.json().token as string,
  };
  return { namespaceId, listId, tokens };
}

export interface MatrixRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  body?: unknown;
}

/**
 * Runs one request per actor, each against its own fresh share setup (so destructive routes can succeed for
 * several actors), and compares the statuses with `expected`.
 */
export async function expectMatrix(
  app: FastifyInstance,
  w: World,
  request: (s: Shared) => MatrixRequest | Promise<MatrixRequest>,
  expected: Record<Actor, number>,
  on: 'list' | 'namespace' = 'list',
): Promise<void> {
  const got = {} as Record<Actor, number>;
  for (const actor of ACTORS) {
    const s = await makeShared(app, w, on);
    const r = await request(s);
    const res = await call(app, r.method, r.url, { token: s.tokens[actor], body: r.body });
    got[actor] = res.statusCode;
  }
  expect(got).toEqual(expected);
}

/** The number of rows in a table (for "nothing changed" checks). */
export async function count(app: FastifyInstance, table: 'lists' | 'namespaces' | 'buckets' | 'teams' | 'team_members' | 'users_lists' | 'link_shares' | 'saved_filters' | 'subscriptions' | 'notifications' | 'favorites' | 'tasks'): Promise<number> {
  const row = await app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
