// Sharing lists and namespaces with users and teams: GET/PUT …/users, POST/DELETE …/users/:username,
// GET/PUT …/teams, POST/DELETE …/teams/:team under /lists/:id and /namespaces/:id (API-NOTES §11).
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../context.js';
import { authOf, idParam } from '../context.js';
import { apiError, forbidden, invalidData, type ErrorCode } from '../errors.js';
import { Right, checkList, checkNamespace, isValidRight, maxRight, type RightLevel } from '../rights.js';
import { Body, type Static } from '../validation.js';
import { paginate, searchMatcher } from '../pagination.js';
import { nowIso, toWireDate } from '../clock.js';
import { userJson } from '../serialize.js';
import { teamsJson } from '../teams/serialize.js';
import type { Db } from '../db/database.js';

const DELETED = { message: 'Successfully deleted.' };

interface Target {
  path: 'lists' | 'namespaces';
  userTable: 'users_lists' | 'users_namespaces';
  teamTable: 'team_lists' | 'team_namespaces';
  column: 'list_id' | 'namespace_id';
  /** Loads the entity with a right check and returns its owner and the caller's right on it. */
  check: (db: Db, auth: Auth, id: number, need: RightLevel) => Promise<{ ownerId: number; right: RightLevel }>;
  userExists: ErrorCode;
  userMissing: ErrorCode;
  teamMissing: ErrorCode;
}

const TARGETS: Target[] = [
  {
    path: 'lists',
    userTable: 'users_lists',
    teamTable: 'team_lists',
    column: 'list_id',
    // Share management is not content: it stays possible on archived lists.
    check: async (db, auth, id, need) => {
      const { list, right } = await checkList(db, auth, id, need, { allowArchived: true });
      return { ownerId: list.owner_id, right };
    },
    userExists: 7002,
    userMissing: 7003,
    teamMissing: 6007,
  },
  {
    path: 'namespaces',
    userTable: 'users_namespaces',
    teamTable: 'team_namespaces',
    column: 'namespace_id',
    check: async (db, auth, id, need) => {
      const { namespace, right } = await checkNamespace(db, auth, id, need, { allowArchived: true });
      return { ownerId: namespace.owner_id, right };
    },
    userExists: 5011,
    userMissing: 5003,
    teamMissing: 5010,
  },
];

const RightBody = Body.object({ right: Body.int() });
// `user_id` carries the username (API-NOTES §11); `username` is accepted too.
const UserShareBody = Body.object({ user_id: Body.string(), username: Body.string(), right: Body.int() });
const TeamShareBody = Body.object({ team_id: Body.int(), right: Body.int() });

function parseRight(body: { right?: number | null }): RightLevel {
  const right = body.right ?? 0;
  if (!isValidRight(right)) throw apiError(9001);
  return right;
}

async function userByName(db: Db, username: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'created', 'updated'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (!user) throw apiError(1005);
  return user;
}

async function teamById(db: Db, id: number) {
  const team = await db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  if (!team) throw apiError(6002);
  return team;
}

export default async function sharing(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  for (const t of TARGETS) {
    const base = `/${t.path}/:id`;
    const entityId = (params: unknown) => idParam((params as { id: string }).id, 'id');
    // Link-share sessions may look at who has access, but never change it.
    const manage = async (auth: Auth, id: number) => {
      if (auth.kind !== 'user') throw forbidden();
      return t.check(db, auth, id, Right.Admin);
    };

    app.get(`${base}/users`, async (req, reply) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      await t.check(db, auth, id, Right.Read);
      const q = req.query as Record<string, unknown>;
      const match = searchMatcher(q.s);
      let rows = await db
        // Aliased so one query serves users_lists and users_namespaces.
        .selectFrom(`${t.userTable} as s` as 'users_lists as s')
        .innerJoin('users', 'users.id', 's.user_id')
        .select(['users.id', 'users.name', 'users.username', 'users.created', 'users.updated', 's.right'])
        .where(`s.${t.column}` as 's.list_id', '=', id)
        .orderBy('s.id')
        .execute();
      if (match) rows = rows.filter((r) => match(-1, r.username, r.name));
      return paginate(reply, q, rows).map((r) => ({ ...userJson(r), right: r.right }));
    });

    app.put<{ Body: Static<typeof UserShareBody> }>(`${base}/users`, { schema: { body: UserShareBody } }, async (req, reply) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      const body = req.body;
      const username = body.user_id ?? body.username ?? '';
      if (username === '') throw invalidData('user_id: non zero value required');
      const { ownerId, right: have } = await manage(auth, id);
      const right = parseRight(body);
      const user = await userByName(db, username);
      if (user.id === ownerId) throw apiError(t.userExists);
      const dup = await db
        .selectFrom(t.userTable as 'users_lists')
        .select('id')
        .where(t.column as 'list_id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (dup) throw apiError(t.userExists);
      const now = nowIso();
      const row = await db
        .insertInto(t.userTable as 'users_lists')
        .values({ [t.column]: id, user_id: user.id, right, created: now, updated: now } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.code(201);
      maxRight(reply, have);
      return { id: row.id, user_id: user.username, right: row.right, created: toWireDate(row.created), updated: toWireDate(row.updated) };
    });

    app.post<{ Body: Static<typeof RightBody> }>(`${base}/users/:username`, { schema: { body: RightBody } }, async (req, reply) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      const body = req.body;
      const { right: have } = await manage(auth, id);
      const right = parseRight(body);
      const user = await userByName(db, (req.params as { username: string }).username);
      const share = await db
        .selectFrom(t.userTable as 'users_lists')
        .selectAll()
        .where(t.column as 'list_id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!share) throw apiError(t.userMissing);
      const updated = nowIso();
      await db.updateTable(t.userTable as 'users_lists').set({ right, updated }).where('id', '=', share.id).execute();
      maxRight(reply, have);
      return { id: share.id, user_id: user.username, right, created: toWireDate(share.created), updated: toWireDate(updated) };
    });

    app.delete(`${base}/users/:username`, async (req) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      await manage(auth, id);
      const user = await userByName(db, (req.params as { username: string }).username);
      const res = await db
        .deleteFrom(t.userTable as 'users_lists')
        .where(t.column as 'list_id', '=', id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw apiError(t.userMissing);
      return DELETED;
    });

    app.get(`${base}/teams`, async (req, reply) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      await t.check(db, auth, id, Right.Read);
      const q = req.query as Record<string, unknown>;
      const match = searchMatcher(q.s);
      let rows = await db
        .selectFrom(`${t.teamTable} as s` as 'team_lists as s')
        .innerJoin('teams', 'teams.id', 's.team_id')
        .selectAll('teams')
        .select('s.right as share_right')
        .where(`s.${t.column}` as 's.list_id', '=', id)
        .orderBy('s.id')
        .execute();
      if (match) rows = rows.filter((r) => match(r.id, r.name));
      const page = paginate(reply, q, rows);
      const json = await teamsJson(db, page.map(({ share_right: _r, ...team }) => team));
      return json.map((team, i) => ({ ...team, right: page[i].share_right }));
    });

    app.put<{ Body: Static<typeof TeamShareBody> }>(`${base}/teams`, { schema: { body: TeamShareBody } }, async (req, reply) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      const body = req.body;
      const teamId = body.team_id ?? 0;
      if (teamId <= 0) throw invalidData('team_id: non zero value required');
      const { right: have } = await manage(auth, id);
      const right = parseRight(body);
      await teamById(db, teamId);
      const dup = await db
        .selectFrom(t.teamTable as 'team_lists')
        .select('id')
        .where(t.column as 'list_id', '=', id)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      if (dup) throw apiError(6004);
      const now = nowIso();
      const row = await db
        .insertInto(t.teamTable as 'team_lists')
        .values({ [t.column]: id, team_id: teamId, right, created: now, updated: now } as never)
        .returningAll()
        .executeTakeFirstOrThrow();
      reply.code(201);
      maxRight(reply, have);
      return { id: row.id, team_id: teamId, right: row.right, created: toWireDate(row.created), updated: toWireDate(row.updated) };
    });

    app.post<{ Body: Static<typeof RightBody> }>(`${base}/teams/:team`, { schema: { body: RightBody } }, async (req, reply) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      const teamId = idParam((req.params as { team: string }).team, 'team id');
      const body = req.body;
      const { right: have } = await manage(auth, id);
      const right = parseRight(body);
      await teamById(db, teamId);
      const share = await db
        .selectFrom(t.teamTable as 'team_lists')
        .selectAll()
        .where(t.column as 'list_id', '=', id)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      if (!share) throw apiError(t.teamMissing);
      const updated = nowIso();
      await db.updateTable(t.teamTable as 'team_lists').set({ right, updated }).where('id', '=', share.id).execute();
      maxRight(reply, have);
      return { id: share.id, team_id: teamId, right, created: toWireDate(share.created), updated: toWireDate(updated) };
    });

    app.delete(`${base}/teams/:team`, async (req) => {
      const auth = authOf(req);
      const id = entityId(req.params);
      const teamId = idParam((req.params as { team: string }).team, 'team id');
      await manage(auth, id);
      await teamById(db, teamId);
      const res = await db
        .deleteFrom(t.teamTable as 'team_lists')
        .where(t.column as 'list_id', '=', id)
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) throw apiError(t.teamMissing);
      return DELETED;
    });
  }
}
