// Teams and members: GET/PUT /teams, GET/POST/DELETE /teams/:team, PUT /teams/:team/members,
// DELETE /teams/:team/members/:username, POST /teams/:team/members/:username/admin (API-NOTES §11).
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { apiError, forbidden } from '../errors.js';
import { Right, checkTeam, maxRight, rightOnTeam } from '../rights.js';
import { Body, type Static } from '../validation.js';
import { paginate, searchMatcher } from '../pagination.js';
import { nowIso, toWireDate } from '../clock.js';
import { notifyUsers } from '../notify.js';
import { userJson } from '../serialize.js';
import { teamJson, teamsJson } from '../teams/serialize.js';
import type { Db } from '../db/database.js';

const DELETED = { message: 'Successfully deleted.' };

const TeamBody = Body.object({ name: Body.string({ maxLength: 250 }), description: Body.string() });
const MemberBody = Body.object({ username: Body.string(), admin: Body.bool() });

/** The team's name, or undefined when empty (6001 where a name is required). */
function teamName(body: Static<typeof TeamBody>, required: boolean): string | undefined {
  const name = body.name ?? '';
  if (name.trim() === '') {
    if (required) throw apiError(6001);
    return undefined;
  }
  return name;
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

export default async function teams(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/teams', async (req, reply) => {
    const auth = authOf(req);
    if (auth.kind !== 'user') throw forbidden();
    const q = req.query as Record<string, unknown>;
    const match = searchMatcher(q.s);
    let rows = await db
      .selectFrom('teams')
      .selectAll('teams')
      .innerJoin('team_members', 'team_members.team_id', 'teams.id')
      .where('team_members.user_id', '=', auth.userId)
      .orderBy('teams.id')
      .execute();
    if (match) rows = rows.filter((t) => match(t.id, t.name));
    return teamsJson(db, paginate(reply, q, rows));
  });

  app.put<{ Body: Static<typeof TeamBody> }>('/teams', { schema: { body: TeamBody } }, async (req, reply) => {
    const auth = authOf(req);
    const body = req.body;
    const name = teamName(body, true) as string;
    const description = body.description ?? '';
    if (auth.kind !== 'user') throw forbidden();
    const now = nowIso();
    const row = await db.transaction().execute(async (trx) => {
      const team = await trx
        .insertInto('teams')
        .values({ name, description, created_by_id: auth.userId, created: now, updated: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('team_members').values({ team_id: team.id, user_id: auth.userId, admin: 1, created: now }).execute();
      return team;
    });
    reply.code(201);
    maxRight(reply, Right.Admin);
    return teamJson(db, row);
  });

  app.get('/teams/:team', async (req, reply) => {
    const { team, right } = await checkTeam(db, authOf(req), idParam((req.params as { team: string }).team, 'team id'), Right.Read);
    maxRight(reply, right);
    return teamJson(db, team);
  });

  app.post<{ Body: Static<typeof TeamBody> }>('/teams/:team', { schema: { body: TeamBody } }, async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { team: string }).team, 'team id');
    const body = req.body;
    const name = teamName(body, false);
    const description = body.description;
    const { right } = await checkTeam(db, auth, id, Right.Admin);
    // Like create, the reference's update refuses an empty name (6001, raised after the rights check).
    if (name === undefined) throw apiError(6001);
    // The reference writes only non-empty fields.
    await db
      .updateTable('teams')
      .set({ ...(name ? { name } : {}), ...(description ? { description } : {}), updated: nowIso() })
      .where('id', '=', id)
      .execute();
    const row = await db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    maxRight(reply, right);
    return teamJson(db, row);
  });

  app.delete('/teams/:team', async (req) => {
    const id = idParam((req.params as { team: string }).team, 'team id');
    await checkTeam(db, authOf(req), id, Right.Admin);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('team_members').where('team_id', '=', id).execute();
      await trx.deleteFrom('team_lists').where('team_id', '=', id).execute();
      await trx.deleteFrom('team_namespaces').where('team_id', '=', id).execute();
      await trx.deleteFrom('teams').where('id', '=', id).execute();
    });
    return DELETED;
  });

  app.put<{ Body: Static<typeof MemberBody> }>('/teams/:team/members', { schema: { body: MemberBody } }, async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { team: string }).team, 'team id');
    const username = req.body.username ?? '';
    const admin = req.body.admin ?? false;
    if (username === '') throw apiError(1005);
    const { team, right } = await checkTeam(db, auth, id, Right.Admin);
    const user = await userByName(db, username);
    const existing = await db.selectFrom('team_members').select('id').where('team_id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    if (existing) throw apiError(6005);
    const now = nowIso();
    const member = await db.transaction().execute(async (trx) => {
      const m = await trx
        .insertInto('team_members')
        .values({ team_id: id, user_id: user.id, admin: admin ? 1 : 0, created: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (auth.kind === 'user') {
        await notifyUsers(trx, [user.id], auth.userId, 'team.member.added', {
          doer: userJson(auth.user),
          member: userJson(user),
          team: { id: team.id, name: team.name, description: team.description, created: toWireDate(team.created), updated: toWireDate(team.updated) },
        });
      }
      return m;
    });
    reply.code(201);
    maxRight(reply, right);
    return { id: member.id, username: user.username, admin: Boolean(member.admin), created: toWireDate(member.created) };
  });

  app.delete('/teams/:team/members/:username', async (req) => {
    const auth = authOf(req);
    const params = req.params as { team: string; username: string };
    const id = idParam(params.team, 'team id');
    const { right } = await checkTeam(db, auth, id, Right.Read);
    const user = await userByName(db, params.username);
    // Team admins remove anyone; members may only leave.
    if (right < Right.Admin && user.id !== auth.userId) throw forbidden();
    const member = await db.selectFrom('team_members').select('id').where('team_id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    if (!member) throw apiError(1005, 'This user is not a member of the team.');
    const { count } = await db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('team_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) <= 1) throw apiError(6006);
    await db.deleteFrom('team_members').where('id', '=', member.id).execute();
    return DELETED;
  });

  app.post('/teams/:team/members/:username/admin', async (req, reply) => {
    const auth = authOf(req);
    const params = req.params as { team: string; username: string };
    const id = idParam(params.team, 'team id');
    await checkTeam(db, auth, id, Right.Admin);
    const user = await userByName(db, params.username);
    const member = await db.selectFrom('team_members').selectAll().where('team_id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
    if (!member) throw apiError(1005, 'This user is not a member of the team.');
    // The body is ignored: the route toggles.
    const admin = member.admin ? 0 : 1;
    await db.updateTable('team_members').set({ admin }).where('id', '=', member.id).execute();
    // Read after the toggle: an admin who demotes themself is no longer one.
    maxRight(reply, (await rightOnTeam(db, auth, id)) ?? Right.Read);
    return { id: member.id, username: user.username, admin: Boolean(admin), created: toWireDate(member.created) };
  });
}
