// CalDAV tokens: app passwords for CalDAV clients, shown once on creation and stored only as bcrypt hashes.
import type { FastifyInstance } from 'fastify';
import bcrypt from 'bcryptjs';
import type { Db } from '../db/database.js';
import { userOf, idParam } from '../context.js';
import { hashPassword, randomToken } from '../auth/password.js';
import { nowIso, toWireDate } from '../clock.js';
import { setUnpagedHeaders } from '../pagination.js';

export const TOKEN_KIND_CALDAV = 4;
const TOKEN_LENGTH = 64;

/**
 * Whether `token` is one of the user's CalDAV tokens, for the CalDAV endpoint's basic auth.
 * Every hash is tried because bcrypt hashes cannot be looked up; users hold a handful at most.
 */
export async function caldavTokenMatches(db: Db, userId: number, token: string): Promise<boolean> {
  if (!token) return false;
  const rows = await db.selectFrom('user_tokens').select('token').where('user_id', '=', userId).where('kind', '=', TOKEN_KIND_CALDAV).execute();
  for (const r of rows) if (await bcrypt.compare(token, r.token)) return true;
  return false;
}

export default async function caldavTokens(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.put('/user/settings/token/caldav', async (req, reply) => {
    const user = userOf(req);
    const token = randomToken(TOKEN_LENGTH);
    const created = nowIso();
    const row = await db
      .insertInto('user_tokens')
      .values({ user_id: user.id, token: await hashPassword(token), kind: TOKEN_KIND_CALDAV, created })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.code(201).send({ id: row.id, token, created: toWireDate(created) });
  });

  // 201 on a read, as the reference server answers (the contract notes this oddity).
  app.get('/user/settings/token/caldav', async (req, reply) => {
    const user = userOf(req);
    const rows = await db
      .selectFrom('user_tokens')
      .select(['id', 'created'])
      .where('user_id', '=', user.id)
      .where('kind', '=', TOKEN_KIND_CALDAV)
      .orderBy('id')
      .execute();
    setUnpagedHeaders(reply, rows.length);
    return reply.code(201).send(rows.map((r) => ({ id: r.id, created: toWireDate(r.created) })));
  });

  // Like the reference server, deleting a token that is not the caller's (or does not exist) changes nothing and succeeds.
  app.delete<{ Params: { id: string } }>('/user/settings/token/caldav/:id', async (req) => {
    const user = userOf(req);
    const id = idParam(req.params.id);
    await db.deleteFrom('user_tokens').where('id', '=', id).where('user_id', '=', user.id).where('kind', '=', TOKEN_KIND_CALDAV).execute();
    return { message: 'Successfully deleted.' };
  });
}
