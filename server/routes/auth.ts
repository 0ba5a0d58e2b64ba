// Sign-up and sign-in: register, login, token renewal, e-mail confirmation, password reset and change.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { authOf, userOf, type LinkShareRow, type UserRow } from '../context.js';
import { apiError, invalidData, isEmailTaken, isUniqueViolation, notFound, unauthorized, wrongPassword } from '../errors.js';
import { signToken, USER_TOKEN_TTL_S, LONG_TOKEN_TTL_S, LINK_SHARE_TOKEN_TTL_S } from '../auth/jwt.js';
import { endSessions, renewSession, startSession } from '../auth/sessions.js';
import { isPostgresUrl } from '../db/database.js';
import { hashPassword, verifyPassword, randomToken } from '../auth/password.js';
import { nowIso } from '../clock.js';
import { userJson } from '../serialize.js';
import { sendMail } from '../mail.js';
import { rateLimited } from '../rateLimit.js';
import { guardedPasswordCheck, guardsOf, tooManyAttempts } from '../failureGuard.js';
import { enabledTotpSecret, spendPasscode } from './totp.js';
import { createAccount } from '../users/createAccount.js';

export const TOKEN_KIND_PASSWORD_RESET = 1;
export const TOKEN_KIND_EMAIL_CONFIRM = 2;
/** A reset link older than this no longer works: it may sit in a mailbox that is read by others later. */
export const PASSWORD_RESET_TTL_MS = 24 * 60 * 60 * 1000;

export const USERNAME_MIN = 3;
export const FIELD_MAX = 250;
export const PASSWORD_MIN = 8;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A bcrypt hash of a random string: compared against when the user is unknown so timing does not tell. */
let dummyHash: Promise<string> | null = null;

type Body = Record<string, unknown>;

/** The JSON body as an object; absent or `null` is empty, anything else that is not an object is a 400. */
export function bodyOf(raw: unknown): Body {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidData('body: must be a JSON object');
  return raw as Body;
}

/** A string field; absent/null is '', another type is a 2002 naming the field. */
export function str(body: Body, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw invalidData(`${key}: must be a string`);
  return v;
}

/** Password rules of registration, applied to every new password so a reset cannot weaken them. */
function passwordProblem(key: string, password: string): string | null {
  if (password.length < PASSWORD_MIN || password.length > FIELD_MAX) return `${key}: must be between ${PASSWORD_MIN} and ${FIELD_MAX} characters long`;
  return null;
}

export const isLocalUser = (u: Pick<UserRow, 'issuer'>) => u.issuer === 'local' || u.issuer === '';

/** A user token with the claims of the v0.20 API for session `jti`; `long` gives 30 days instead of 72 hours. */
export function issueUserToken(config: Config, u: UserRow, long: boolean, jti: string): Promise<string> {
  return signToken(
    config.jwtSecret,
    {
      type: 1,
      id: u.id,
      username: u.username,
      email: u.email,
      name: u.name,
      emailRemindersEnabled: Boolean(u.email_reminders_enabled),
      isLocalUser: isLocalUser(u),
      long,
      jti,
    },
    long ? LONG_TOKEN_TTL_S : USER_TOKEN_TTL_S,
  );
}

/** Signs a user in: a new stored session, and its first token. */
export async function signInToken(db: Db, config: Config, u: UserRow, long: boolean): Promise<string> {
  return issueUserToken(config, u, long, await startSession(db, u.id, long));
}

/** A link-share token (type 2) for a share; the share then acts as pseudo user −id. */
export function issueLinkShareToken(config: Config, share: LinkShareRow): Promise<string> {
  return signToken(
    config.jwtSecret,
    { type: 2, id: share.id, hash: share.hash, list_id: share.list_id, right: share.right, sharedByID: share.shared_by_id, isLocalUser: true },
    LINK_SHARE_TOKEN_TTL_S,
  );
}

async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

/** The local account an address belongs to (OpenID accounts may share it but have no password). */
async function findLocalByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('issuer', 'in', ['local', ''])
    .orderBy('id')
    .executeTakeFirst();
}

async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}

function greeting(u: Pick<UserRow, 'name' | 'username'>): string {
  return `Hi ${u.name || u.username},`;
}

export default async function auth(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  const limited = { onRequest: rateLimited(app) };
  const postgres = isPostgresUrl(config.databaseUrl);

  // Token renewal works for every kind of session, also when local sign-in is switched off.
  app.post('/user/token', async (req) => {
    const caller = authOf(req);
    if (caller.kind === 'link') return { token: await issueLinkShareToken(config, caller.share) };
    // The hook re-read the user, so name, e-mail and flags in the new token are current; the session keeps its id,
    // and an ended one (a password change since the hook read it) is not renewed.
    const mark = { issuedAt: caller.issuedAt ?? Math.floor(Date.now() / 1000), jti: caller.jti };
    const jti = await renewSession(db, postgres, caller.userId, mark, caller.long);
    if (!jti) throw unauthorized('invalid or expired jwt');
    return { token: await issueUserToken(config, caller.user, caller.long, jti) };
  });

  // The old password is checked: guesses share the sign-in limits, per address and per account.
  app.post('/user/password', limited, async (req, reply) => {
    const user = userOf(req);
    const body = bodyOf(req.body);
    const oldPassword = str(body, 'old_password');
    const newPassword = str(body, 'new_password');
    if (!isLocalUser(user)) throw apiError(1021);
    if (!oldPassword) throw apiError(1014);
    if (!newPassword) throw apiError(1013);
    if (!(await guardedPasswordCheck(app.ctx, req, reply, user.id, () => verifyPassword(oldPassword, user.password)))) throw wrongPassword();
    const problem = passwordProblem('new_password', newPassword);
    if (problem) throw invalidData(problem);
    const caller = authOf(req);
    const keep = caller.kind === 'user' && caller.issuedAt !== undefined ? { issuedAt: caller.issuedAt, jti: caller.jti } : null;
    const hash = await hashPassword(newPassword);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password: hash, updated: nowIso() }).where('id', '=', user.id).execute();
      await endSessions(trx, user.id, keep);
    });
    return { message: 'The password was updated successfully.' };
  });

  // Like the reference server, the local-account routes do not exist when local sign-in is off.
  if (!config.localAuthEnabled) return;

  app.post('/register', limited, async (req) => {
    if (!config.registrationEnabled) throw notFound();
    const body = bodyOf(req.body);
    const username = str(body, 'username').trim();
    const email = str(body, 'email').trim();
    const password = str(body, 'password');
    if (!username || !email || !password) throw apiError(1004);

    const problems: string[] = [];
    if (username.length < USERNAME_MIN || username.length > FIELD_MAX)
      problems.push(`username: must be between ${USERNAME_MIN} and ${FIELD_MAX} characters long`);
    // Usernames appear in paths (/avatar/:username) and in @mentions, where a space would end them.
    if (/\s/.test(username)) problems.push('username: must not contain spaces');
    // "@" starts a mention and a quick-add assignee, and login takes a name with "@" for an e-mail address.
    if (username.includes('@')) problems.push('username: must not contain @');
    if (email.length > FIELD_MAX || !EMAIL_RE.test(email)) problems.push('email: does not validate as email');
    const pw = passwordProblem('password', password);
    if (pw) problems.push(pw);
    if (problems.length > 0) throw invalidData(...problems);

    if (await findByUsername(db, username)) throw apiError(1001);
    if (await emailTaken(db, email)) throw apiError(1002);

    const hash = await hashPassword(password);
    const confirmToken = config.emailConfirmation ? randomToken(64) : null;
    let user: UserRow;
    try {
      user = await db.transaction().execute(async (trx) => {
        const created = await createAccount(trx, { username, email, passwordHash: hash, status: confirmToken ? 1 : 0 });
        const now = nowIso();
        if (confirmToken) {
          await trx.insertInto('user_tokens').values({ user_id: created.id, token: confirmToken, kind: TOKEN_KIND_EMAIL_CONFIRM, created: now }).execute();
        }
        return created;
      });
    } catch (err) {
      if (isEmailTaken(err)) throw apiError(1002);
      if (isUniqueViolation(err)) throw apiError(1001);
      throw err;
    }

    if (confirmToken) {
      await sendMail(config, {
        to: user.email,
        subject: `${user.username}, please confirm your email address`,
        text:
          `${greeting(user)}\n\nwelcome to Keyflow! To confirm your email address, open this link:\n\n` +
          `${config.publicUrl}?userEmailConfirm=${confirmToken}\n\n` +
          'You can sign in once your address is confirmed.\n',
      }).catch((err: unknown) => req.log.error(err));
    }
    return userJson(user);
  });

  app.post('/login', limited, async (req, reply) => {
    const body = bodyOf(req.body);
    const username = str(body, 'username').trim();
    const password = str(body, 'password');
    const passcode = body.totp_passcode;
    const long = body.long_token === true;
    if (!username || !password) throw apiError(1004);

    const user = (await findByUsername(db, username)) ?? (username.includes('@') ? await findLocalByEmail(db, username) : undefined);
    const guard = guardsOf(app.ctx)?.accounts;
    const account = user ? { userId: user.id } : { name: username };
    const wait = guard ? await guard.blockedFor(account, req.ip) : 0;
    if (wait > 0) return tooManyAttempts(reply, req.url, wait);
    if (!user) {
      // Spend the time a real check takes, so response times do not tell which usernames exist.
      dummyHash ??= hashPassword(randomToken(32));
      await verifyPassword(password, await dummyHash);
      await guard?.fail(account);
      throw apiError(1011);
    }
    if (!isLocalUser(user)) throw apiError(1021);
    if (!(await verifyPassword(password, user.password))) {
      await guard?.fail(account);
      throw apiError(1011);
    }
    await guard?.succeeded(user.id, req.ip);
    // Account state is only revealed to someone who knows the password.
    if (user.status === 2) throw apiError(1020);
    if (user.status === 1) throw apiError(1012);

    if (config.totpEnabled) {
      const secret = await enabledTotpSecret(db, user.id);
      if (secret && !(await spendPasscode(db, user.id, secret, user.username, passcode))) throw apiError(1017);
    }
    return { token: await signInToken(db, config, user, long) };
  });

  app.post('/user/confirm', limited, async (req) => {
    const token = str(bodyOf(req.body), 'token');
    if (!token) throw apiError(1010);
    const row = await db
      .selectFrom('user_tokens')
      .select(['id', 'user_id'])
      .where('token', '=', token)
      .where('kind', '=', TOKEN_KIND_EMAIL_CONFIRM)
      .executeTakeFirst();
    if (!row) throw apiError(1010);
    await db.transaction().execute(async (trx) => {
      // A disabled account (2) stays disabled; confirming only lifts the wait for confirmation.
      await trx.updateTable('users').set({ status: 0, updated: nowIso() }).where('id', '=', row.user_id).where('status', '=', 1).execute();
      await trx.deleteFrom('user_tokens').where('user_id', '=', row.user_id).where('kind', '=', TOKEN_KIND_EMAIL_CONFIRM).execute();
    });
    return { message: 'The email was confirmed successfully.' };
  });

  app.post('/user/password/token', limited, async (req) => {
    const email = str(bodyOf(req.body), 'email').trim();
    if (!email) throw apiError(1004);
    if (email.length > FIELD_MAX || !EMAIL_RE.test(email)) throw invalidData('email: does not validate as email');
    // The answer is the same whether the address is known or not, so this route cannot be used to
    // find out who has an account.
    const answer = { message: 'If an account with this email address exists, a password reset link was sent to it.' };
    const user = await findLocalByEmail(db, email);
    if (!user || user.status === 2) return answer;

    const token = randomToken(64);
    await db.transaction().execute(async (trx) => {
      // Only the newest link works.
      await trx.deleteFrom('user_tokens').where('user_id', '=', user.id).where('kind', '=', TOKEN_KIND_PASSWORD_RESET).execute();
      await trx.insertInto('user_tokens').values({ user_id: user.id, token, kind: TOKEN_KIND_PASSWORD_RESET, created: nowIso() }).execute();
    });
    const sending = sendMail(config, {
      to: user.email,
      subject: 'Reset your password',
      text:
        `${greeting(user)}\n\nsomebody (hopefully you) asked to reset the password of your account. To choose a new one, open this link:\n\n` +
        `${config.publicUrl}?userPasswordReset=${token}\n\n` +
        'The link works once and for 24 hours. If you did not ask for this, ignore this mail.\n',
    }).catch((err: unknown) => req.log.error(err));
    // An SMTP round trip would make known addresses answer measurably slower; local delivery is instant.
    if (!config.smtp) await sending;
    return answer;
  });

  app.post('/user/password/reset', limited, async (req) => {
    const body = bodyOf(req.body);
    const token = str(body, 'token');
    const newPassword = str(body, 'new_password');
    if (!token) throw apiError(1008);
    if (!newPassword) throw apiError(1013);
    const row = await db
      .selectFrom('user_tokens')
      .select(['id', 'user_id', 'created'])
      .where('token', '=', token)
      .where('kind', '=', TOKEN_KIND_PASSWORD_RESET)
      .executeTakeFirst();
    if (!row || Date.now() - Date.parse(row.created) > PASSWORD_RESET_TTL_MS) throw apiError(1009);
    const problem = passwordProblem('new_password', newPassword);
    if (problem) throw invalidData(problem);
    const hash = await hashPassword(newPassword);
    const used = await db.transaction().execute(async (trx) => {
      // Deleting first makes the token single-use even when two resets race.
      const deleted = await trx.deleteFrom('user_tokens').where('id', '=', row.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await trx.deleteFrom('user_tokens').where('user_id', '=', row.user_id).where('kind', '=', TOKEN_KIND_PASSWORD_RESET).execute();
      // Whoever knew the old password is signed out everywhere.
      await trx.updateTable('users').set({ password: hash, updated: nowIso() }).where('id', '=', row.user_id).execute();
      await endSessions(trx, row.user_id, null);
      return true;
    });
    if (!used) throw apiError(1009);
    return { message: 'The password was updated successfully.' };
  });
}
