// Account deletion: request (mails a confirmation link), confirm (schedules deletion in 3 days), cancel.
import type { FastifyInstance } from 'fastify';
import { userOf } from '../context.js';
import { apiError } from '../errors.js';
import { randomToken } from '../auth/password.js';
import { nowIso } from '../clock.js';
import { sendAccountMail } from '../jobs.js';
import { confirmPassword, stringField } from './accountSettings.js';
import { rateLimited } from '../rateLimit.js';

export const DELETION_DELAY_MS = 3 * 24 * 60 * 60 * 1000;
const TOKEN_KIND_DELETION = 3;

export default async function deletion(app: FastifyInstance): Promise<void> {
  if (!app.ctx.config.userDeletionEnabled) return;
  const { db, config } = app.ctx;
  // Each checks the account password: guesses count against the sign-in limit, as they would at sign-in.
  const limited = { onRequest: rateLimited(app) };

  app.post('/user/deletion/request', limited, async (req, reply) => {
    const user = userOf(req);
    await confirmPassword(req, reply, user, stringField(req.body, 'password'), { nonLocal: 'skip' });
    const token = randomToken(64);
    await db.transaction().execute(async (trx) => {
      // Only the newest link works, so an old mail lying around cannot schedule a deletion later.
      await trx.deleteFrom('user_tokens').where('user_id', '=', user.id).where('kind', '=', TOKEN_KIND_DELETION).execute();
      await trx.insertInto('user_tokens').values({ user_id: user.id, token, kind: TOKEN_KIND_DELETION, created: nowIso() }).execute();
    });
    await sendAccountMail(config, {
      to: user.email,
      subject: 'Please confirm the deletion of your account',
      text:
        `Hi ${user.name || user.username},\n\n` +
        'somebody (hopefully you) asked to delete your account. To confirm, open this link:\n\n' +
        `${config.publicUrl}?accountDeletionConfirm=${token}\n\n` +
        'Your account will be deleted three days after you confirm. You can cancel it until then in your settings.\n' +
        'If you did not ask for this, ignore this mail and change your password.\n',
    });
    return { message: 'Successfully requested deletion.' };
  });

  app.post('/user/deletion/confirm', async (req, reply) => {
    const user = userOf(req);
    const token = stringField(req.body, 'token');
    // The catalogue has no code of its own for deletion tokens; the reset-token codes are the closest.
    if (!token) throw apiError(1008, 'No account deletion token provided.');
    const row = await db
      .selectFrom('user_tokens')
      .select('id')
      .where('token', '=', token)
      .where('kind', '=', TOKEN_KIND_DELETION)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw apiError(1009, 'Invalid account deletion token.');
    const scheduled = new Date(Date.now() + DELETION_DELAY_MS).toISOString();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ deletion_scheduled_at: scheduled, updated: nowIso() }).where('id', '=', user.id).execute();
      await trx.deleteFrom('user_tokens').where('id', '=', row.id).execute();
    });
    return reply.code(204).send();
  });

  app.post('/user/deletion/cancel', limited, async (req, reply) => {
    const user = userOf(req);
    await confirmPassword(req, reply, user, stringField(req.body, 'password'), { nonLocal: 'skip' });
    await db.updateTable('users').set({ deletion_scheduled_at: null, updated: nowIso() }).where('id', '=', user.id).execute();
    return reply.code(204).send();
  });
}
