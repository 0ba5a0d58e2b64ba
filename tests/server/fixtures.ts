// Test fixtures for task tests: namespaces, lists, buckets, shares and link-share tokens inserted straight into the database.
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../server/clock.js';
import { signToken, LINK_SHARE_TOKEN_TTL_S } from '../../server/auth/jwt.js';
import { makeUser, call, type TestUser } from './helpers.js';

export { makeUser, call };
export type { TestUser };

export async function makeNamespace(app: FastifyInstance, ownerId: number, opts: { title?: string; archived?: boolean } = {}): Promise<number> {
  const now = nowIso();
  const row = await app.ctx.db.insertInto('namespaces').values({
    title: opts.title ?? 'ns', description: '', owner_id: ownerId, hex_color: '', is_archived: opts.archived ? 1 : 0, created: now, updated: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A list with one "Backlog" bucket (unless `buckets: false`), as list creation makes it. */
export async function makeList(app: FastifyInstance, ownerId: number, namespaceId: number, opts: { title?: string; identifier?: string; archived?: boolean; buckets?: boolean } = {}): Promise<{ id: number; bucketId: number }> {
  const now = nowIso();
  const { db } = app.ctx;
  const list = await db.insertInto('lists').values({
    title: opts.title ?? 'list', description: '', identifier: opts.identifier ?? '', hex_color: '', namespace_id: namespaceId, owner_id: ownerId,
    is_archived: opts.archived ? 1 : 0, background_file_id: null, background_blur_hash: '', position: 0, created: now, updated: now,
  }).returning('id').executeTakeFirstOrThrow();
  let bucketId = 0;
  if (opts.buckets !== false) bucketId = await makeBucket(app, list.id, ownerId, { title: 'Backlog' });
  return { id: list.id, bucketId };
}

export async function makeBucket(app: FastifyInstance, listId: number, creatorId: number, opts: { title?: string; limit?: number; done?: boolean; position?: number } = {}): Promise<number> {
  const now = nowIso();
  const row = await app.ctx.db.insertInto('buckets').values({
    title: opts.title ?? 'bucket', list_id: listId, limit: opts.limit ?? 0, is_done_bucket: opts.done ? 1 : 0, position: opts.position ?? 0,
    created_by_id: creatorId, created: now, updated: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (opts.position === undefined) await app.ctx.db.updateTable('buckets').set({ position: row.id * 65536 }).where('id', '=', row.id).execute();
  return row.id;
}

export async function shareList(app: FastifyInstance, listId: number, userId: number, right: number): Promise<void> {
  const now = nowIso();
  await app.ctx.db.insertInto('users_lists').values({ user_id: userId, list_id: listId, right, created: now, updated: now }).execute();
}

export async function shareListWithTeam(app: FastifyInstance, listId: number, memberIds: number[], right: number, creatorId: number): Promise<number> {
  const now = nowIso();
  const { db } = app.ctx;
  const team = await db.insertInto('teams').values({ name: 'team', description: '', created_by_id: creatorId, created: now, updated: now }).returning('id').executeTakeFirstOrThrow();
  for (const id of memberIds) await db.insertInto('team_members').values({ team_id: team.id, user_id: id, admin: 0, created: now }).execute();
  await db.insertInto('team_lists').values({ team_id: team.id, list_id: listId, right, created: now, updated: now }).execute();
  return team.id;
}

/** A link share on a list and a token for it. */
export async function makeLinkShare(app: FastifyInstance, listId: number, sharedById: number, right: number): Promise<{ id: number; token: string }> {
  const now = nowIso();
  const hash = `h${Math.random().toString(36).slice(2)}${Date.now()}`.padEnd(40, 'x');
  const row = await app.ctx.db.insertInto('link_shares').values({
    hash, name: 'link', list_id: listId, right, sharing_type: 1, password: '', shared_by_id: sharedById, created: now, updated: now,
  }).returning('id').executeTakeFirstOrThrow();
  const token = await signToken(app.ctx.config.jwtSecret, { type: 2, id: row.id, hash, list_id: listId, right, sharedByID: sharedById, isLocalUser: true }, LINK_SHARE_TOKEN_TTL_S);
  return { id: row.id, token };
}

export type Role = 'owner' | 'read' | 'write' | 'admin' | 'team' | 'linkRead' | 'linkWrite' | 'stranger';

/** The caller of each role and the right it has on the world's list (null = none). */
export interface World {
  users: Record<'owner' | 'read' | 'write' | 'admin' | 'team' | 'stranger', TestUser>;
  tokens: Record<Role, string>;
  rights: Record<Role, number | null>;
  namespaceId: number;
  listId: number;
  bucketId: number;
}

/** One owner's list shared every way the rights module knows, plus a stranger. */
export async function makeWorld(app: FastifyInstance, opts: { identifier?: string } = {}): Promise<World> {
  const owner = await makeUser(app);
  const read = await makeUser(app);
  const write = await makeUser(app);
  const admin = await makeUser(app);
  const team = await makeUser(app);
  const stranger = await makeUser(app);
  const namespaceId = await makeNamespace(app, owner.id);
  const { id: listId, bucketId } = await makeList(app, owner.id, namespaceId, { identifier: opts.identifier ?? '' });
  await shareList(app, listId, read.id, 0);
  await shareList(app, listId, write.id, 1);
  await shareList(app, listId, admin.id, 2);
  await shareListWithTeam(app, listId, [team.id], 1, owner.id);
  const linkRead = await makeLinkShare(app, listId, owner.id, 0);
  const linkWrite = await makeLinkShare(app, listId, owner.id, 1);
  return {
    users: { owner, read, write, admin, team, stranger },
    tokens: {
      owner: owner.token, read: read.token, write: write.token, admin: admin.token, team: team.token,
      linkRead: linkRead.token, linkWrite: linkWrite.token, stranger: stranger.token,
    },
    rights: { owner: 2, read: 0, write: 1, admin: 2, team: 1, linkRead: 0, linkWrite: 1, stranger: null },
    namespaceId,
    listId,
    bucketId,
  };
}

export const ROLES: Role[] = ['owner', 'read', 'write', 'admin', 'team', 'linkRead', 'linkWrite', 'stranger'];

/** Creates a task through the API as `token`; fails the test on anything but 201. */
export async function makeTask(app: FastifyInstance, token: string, listId: number, body: Record<string, unknown> = {}) {
  const res = await call(app, 'PUT', `/lists/${listId}`, { token, body: { title: 'task', ...body } });
  if (res.statusCode !== 201) throw new Error(`task create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { id: number; bucket_id: number; index: number };
}
