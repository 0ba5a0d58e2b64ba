// Account settings of the signed-in user: e-mail change and avatar provider / avatar upload.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userOf, type UserRow } from '../context.js';
import { apiError, badRequest, invalidData, isEmailTaken, wrongPassword } from '../errors.js';
import { verifyPassword, randomToken } from '../auth/password.js';
import { nowIso } from '../clock.js';
import { storeReplacing } from '../files.js';
import { ensureMultipart, readUpload } from '../export/upload.js';
import { sendAccountMail } from '../jobs.js';
import { webImageMime } from '../fileType.js';
import { AVATAR_MAX_SIZE } from './avatar.js';
import { rateLimited } from '../rateLimit.js';
import { guardedPasswordCheck } from '../failureGuard.js';

export const AVATAR_PROVIDERS = ['default', 'gravatar', 'initials', 'upload', 'marble'] as const;

/** A string field of a JSON body, '' when absent or not a string. */
export function stringField(body: unknown, key: string): string {
  if (!body || typeof body !== 'object') return '';
  const v = (body as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : '';
}

/**
 * Re-checks the caller's password before a sensitive change (1011 when wrong or empty), under the per-account
 * password limit of the sign-in (429 once the account is locked; see guardedPasswordCheck).
 * Accounts from an OpenID provider have no local password: `nonLocal: 'skip'` lets them through
 * (deletion, export — the reference server does the same), `'reject'` answers 1021.
 */
export async function confirmPassword(
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  password: string,
  opts: { nonLocal: 'skip' | 'reject' } = { nonLocal: 'reject' },
): Promise<void> {
  // Rows seeded without an issuer count as local, as in the authentication routes.
  if (user.issuer !== 'local' && user.issuer !== '') {
    if (opts.nonLocal === 'skip') return;
    throw apiError(1021);
  }
  // An empty password guesses nothing: refused without counting.
  if (!password) throw wrongPassword();
  if (!(await guardedPasswordCheck(req.server.ctx, req, reply, user.id, () => verifyPassword(password, user.password)))) throw wrongPassword();
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An SVG document by its start: an optional XML declaration, comments and a doctype without internal subset. */
const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
/** Pixels an uploaded SVG may be drawn at before it is scaled down: a declared 10⁶ × 10⁶ canvas is refused. */
const SVG_MAX_PIXELS = 4096 * 4096;

/**
 * The avatar as stored: a raster image as sent, or an SVG drawn to PNG (at most AVATAR_MAX_SIZE square), since the
 * public avatar address must never serve a document that can carry script; null when it is no image.
 */
async function avatarImage(data: Buffer, declared: string): Promise<{ data: Buffer; mime: string } | null> {
  const raster = await webImageMime(data);
  if (raster) return { data, mime: raster };
  const text = data.subarray(0, 4096).toString('utf8');
  if (!(declared === 'image/svg+xml' && /<svg[\s>]/i.test(text)) && !SVG_START.test(text)) return null;
  try {
    // Drawn from memory, librsvg loads no external files or URLs the document names.
    const { default: sharp } = await import('sharp');
    const png = await sharp(data, { limitInputPixels: SVG_MAX_PIXELS })
      .resize(AVATAR_MAX_SIZE, AVATAR_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return { data: png, mime: 'image/png' };
  } catch {
    return null;
  }
}

export default async function accountSettings(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  await ensureMultipart(app);

  // Password checks behind a session share the sign-in limit, so a stolen session cannot guess the password freely.
  app.post('/user/settings/email', { onRequest: rateLimited(app) }, async (req, reply) => {
    const user = userOf(req);
    const newEmail = stringField(req.body, 'new_email').trim();
    const password = stringField(req.body, 'password');
    if (!newEmail || newEmail.length > 250 || !EMAIL_RE.test(newEmail)) throw invalidData('new_email: does not validate as email');
    await confirmPassword(req, reply, user, password);
    if (newEmail.toLowerCase() !== user.email.toLowerCase()) {
      const taken = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', newEmail.toLowerCase()))
        .where('id', '!=', user.id)
        .executeTakeFirst();
      if (taken) throw apiError(1002);
    }
    // When the server confirms addresses (as registration does under the same switch), the new one
    // must be confirmed like the reference server does: the account waits in status 1 until
    // POST /user/confirm with the mailed token. Otherwise the change applies at once.
    // The check above can lose a race with another change to the same address; the index then answers.
    const orTaken = (err: unknown): never => {
      throw isEmailTaken(err) ? apiError(1002) : err;
    };
    if (!config.emailConfirmation) {
      await db.updateTable('users').set({ email: newEmail, updated: nowIso() }).where('id', '=', user.id).execute().catch(orTaken);
      return { message: 'Your email address was updated successfully.' };
    }
    const token = randomToken(64);
    await db
      .transaction()
      .execute(async (trx) => {
        const now = nowIso();
        await trx.updateTable('users').set({ email: newEmail, status: 1, updated: now }).where('id', '=', user.id).execute();
        await trx.deleteFrom('user_tokens').where('user_id', '=', user.id).where('kind', '=', 2).execute();
        await trx.insertInto('user_tokens').values({ user_id: user.id, token, kind: 2, created: now }).execute();
      })
      .catch(orTaken);
    await sendAccountMail(config, {
      to: newEmail,
      subject: 'Please confirm your new email address',
      text: `Hi ${user.name || user.username},\n\nplease confirm your new email address by opening this link:\n\n${config.publicUrl}?userEmailConfirm=${token}\n`,
    });
    return { message: 'We sent you an email with a link to confirm your new email address.' };
  });

  app.get('/user/settings/avatar', async (req) => {
    const user = userOf(req);
    return { avatar_provider: user.avatar_provider || 'initials' };
  });

  app.post('/user/settings/avatar', async (req) => {
    const user = userOf(req);
    const provider = stringField(req.body, 'avatar_provider');
    if (!(AVATAR_PROVIDERS as readonly string[]).includes(provider)) throw apiError(1018);
    await db.updateTable('users').set({ avatar_provider: provider, updated: nowIso() }).where('id', '=', user.id).execute();
    return { message: 'Avatar was changed successfully.' };
  });

  // The client crops and scales before sending, so raster bytes are stored as they come (an SVG as PNG).
  app.put('/user/settings/avatar/upload', async (req) => {
    const user = userOf(req);
    const upload = await readUpload(req, 'avatar', config.maxFileSize);
    const image = await avatarImage(upload.data, upload.mimetype);
    if (!image) throw badRequest('File is no image.');
    await storeReplacing(db, config, image.data, { name: upload.filename || 'avatar', mime: image.mime, createdById: user.id }, async (trx, file) => {
      const previous = await trx.selectFrom('users').select('avatar_file_id').where('id', '=', user.id).executeTakeFirst();
      await trx.updateTable('users').set({ avatar_provider: 'upload', avatar_file_id: file.id, updated: nowIso() }).where('id', '=', user.id).execute();
      return { result: undefined, replaced: previous?.avatar_file_id };
    });
    return { message: 'Avatar was uploaded successfully.' };
  });
}
