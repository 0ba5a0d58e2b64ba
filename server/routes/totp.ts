// Two-factor authentication (TOTP): enrol, enable with a passcode, disable with the password, QR code.
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import type { Db } from '../db/database.js';
import { userOf } from '../context.js';
import { apiError } from '../errors.js';
import { nowIso } from '../clock.js';
import { confirmPassword, stringField } from './accountSettings.js';
import { rateLimited } from '../rateLimit.js';

/** The issuer authenticator apps show next to the account name. */
export const TOTP_ISSUER = 'Keyflow';

const TOTP_PERIOD_S = 30;

type TotpRow = { secret: string; enabled: number; url: string };

function totpFor(secret: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_S,
  });
}

async function totpRow(db: Db, userId: number): Promise<TotpRow | undefined> {
  return db.selectFrom('totp').select(['secret', 'enabled', 'url']).where('user_id', '=', userId).executeTakeFirst();
}

function totpJson(row: TotpRow) {
  return { secret: row.secret, enabled: Boolean(row.enabled), url: row.url };
}

/**
 * The time step of `passcode` when it is a valid current code for the stored secret, else null. One period of
 * drift either way is accepted because phone clocks and the moment of typing rarely line up exactly.
 */
function passcodeStep(secret: string, username: string, passcode: unknown, now = Date.now()): number | null {
  if (typeof passcode !== 'string' && typeof passcode !== 'number') return null;
  const code = String(passcode).replace(/\s+/g, '');
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, username).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/** Whether `passcode` is a valid current code for the stored secret (see passcodeStep). */
export function passcodeMatches(secret: string, username: string, passcode: unknown): boolean {
  return passcodeStep(secret, username, passcode) !== null;
}

/**
 * Spends a sign-in code: true when `passcode` is valid and of a later step than any code that signed in before, so
 * a code seen over a shoulder or replayed signs in no second time. One conditional update, so of two sign-ins racing
 * with one code only one wins.
 */
export async function spendPasscode(db: Db, userId: number, secret: string, username: string, passcode: unknown): Promise<boolean> {
  const step = passcodeStep(secret, username, passcode);
  if (step === null) return false;
  const res = await db
    .updateTable('totp')
    .set({ last_used_step: step })
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .where('last_used_step', '<', step)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * For the login route: true when the user has TOTP enabled (so a passcode is required). Exported so
 * authentication can check `passcodeMatches` against the same secret without knowing the table.
 */
export async function enabledTotpSecret(db: Db, userId: number): Promise<string | null> {
  const row = await totpRow(db, userId);
  return row && row.enabled ? row.secret : null;
}

/** For GET /user: whether the user has an enrolment (pending or enabled), which GET …/totp would answer with. */
export async function hasTotpEnrolment(db: Db, userId: number): Promise<boolean> {
  return (await totpRow(db, userId)) !== undefined;
}

export default async function totp(app: FastifyInstance): Promise<void> {
  // Switched off by configuration: the routes do not exist (404), as upstream does not register them.
  if (!app.ctx.config.totpEnabled) return;
  const { db } = app.ctx;

  app.get('/user/settings/totp', async (req) => {
    const user = userOf(req);
    const row = await totpRow(db, user.id);
    if (!row) throw apiError(1016);
    return totpJson(row);
  });

  app.post('/user/settings/totp/enroll', async (req) => {
    const user = userOf(req);
    const existing = await totpRow(db, user.id);
    if (existing?.enabled) throw apiError(1015);
    // A pending enrolment is handed back unchanged so a code already scanned keeps working.
    if (existing) return totpJson(existing);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const url = totpFor(secret, user.username).toString();
    await db.insertInto('totp').values({ user_id: user.id, secret, enabled: 0, url, created: nowIso() }).execute();
    return { secret, enabled: false, url };
  });

  app.post('/user/settings/totp/enable', async (req) => {
    const user = userOf(req);
    const row = await totpRow(db, user.id);
    if (!row) throw apiError(1016);
    if (row.enabled) throw apiError(1015);
    if (!passcodeMatches(row.secret, user.username, (req.body as Record<string, unknown> | null)?.passcode)) throw apiError(1017);
    await db.updateTable('totp').set({ enabled: 1 }).where('user_id', '=', user.id).execute();
    return { message: 'TOTP was enabled successfully.' };
  });

  // The password is checked: guesses share the sign-in limit.
  app.post('/user/settings/totp/disable', { onRequest: rateLimited(app) }, async (req, reply) => {
    const user = userOf(req);
    await confirmPassword(req, reply, user, stringField(req.body, 'password'));
    await db.deleteFrom('totp').where('user_id', '=', user.id).execute();
    return { message: 'TOTP was disabled successfully.' };
  });

  // PNG rather than the reference server's JPEG: the qrcode package writes PNG and every client shows it.
  app.get('/user/settings/totp/qrcode', async (req, reply) => {
    const user = userOf(req);
    const row = await totpRow(db, user.id);
    if (!row) throw apiError(1016);
    const { default: QRCode } = await import('qrcode');
    const png = await QRCode.toBuffer(row.url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 256 });
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });
}
