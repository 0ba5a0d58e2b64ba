// The signed-in user: GET /user with settings, general settings, user search and the time zone list.
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { authOf, userOf, type UserRow } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso, toWireDate } from '../clock.js';
import { userJson, linkShareUserJson } from '../serialize.js';
import { rightOnList } from '../rights.js';
import { setUnpagedHeaders } from '../pagination.js';
import { bodyOf, FIELD_MAX, isLocalUser } from './auth.js';
import { hasTotpEnrolment } from './totp.js';

/** Search terms per request and results per search: enough for a share dialog, bounded for the database. */
const MAX_TERMS = 20;
const MAX_RESULTS = 50;
/** The client keeps small preferences here (quick-add mode, …); a cap keeps it from becoming storage. */
const FRONTEND_SETTINGS_MAX = 16 * 1024;
const LANGUAGE_MAX = 50;
const TIME_RE = /^([01]?\d|2[0-3]):[0-5]\d$/;

/** The zone the server runs in, which the reference server reports for users who chose none. */
export function serverTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function isTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function frontendSettings(raw: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The settings object of GET /user: the body POST /user/settings/general takes, plus frontend_settings. */
export function settingsJson(u: UserRow) {
  return {
    name: u.name,
    email_reminders_enabled: Boolean(u.email_reminders_enabled),
    discoverable_by_name: Boolean(u.discoverable_by_name),
    discoverable_by_email: Boolean(u.discoverable_by_email),
    overdue_tasks_reminders_enabled: Boolean(u.overdue_tasks_reminders_enabled),
    overdue_tasks_reminders_time: u.overdue_tasks_reminders_time,
    default_list_id: u.default_list_id ?? 0,
    week_start: u.week_start,
    language: u.language,
    timezone: u.timezone || serverTimezone(),
    frontend_settings: frontendSettings(u.frontend_settings),
  };
}

/**
 * GET /user for a user. Unlike the reference server (which strips it), the caller's own e-mail address
 * is included: it is their own data and the settings screens show it.
 */
export function currentUserJson(u: UserRow) {
  return {
    ...userJson(u),
    email: u.email,
    settings: settingsJson(u),
    deletion_scheduled_at: toWireDate(u.deletion_scheduled_at),
    is_local_user: isLocalUser(u),
  };
}

type Body = Record<string, unknown>;

function boolSetting(body: Body, key: string, problems: string[]): number {
  const v = body[key];
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'boolean') {
    problems.push(`${key}: must be true or false`);
    return 0;
  }
  return v ? 1 : 0;
}

function stringSetting(body: Body, key: string, max: number, problems: string[]): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') {
    problems.push(`${key}: must be a string`);
    return '';
  }
  if (v.length > max) problems.push(`${key}: must be at most ${max} characters long`);
  return v;
}

function intSetting(body: Body, key: string, min: number, max: number, problems: string[]): number {
  const v = body[key];
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    problems.push(
      max === Number.MAX_SAFE_INTEGER ? `${key}: must be a whole number of at least ${min}` : `${key}: must be a whole number from ${min} to ${max}`,
    );
    return 0;
  }
  return v;
}

export default async function user(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get('/user', async (req) => {
    const caller = authOf(req);
    if (caller.kind === 'link') return linkShareUserJson(caller.share);
    // Our extension: whether a two-factor enrolment exists, so a client can skip GET …/totp, which answers 412 without one.
    const totpEnrolled = app.ctx.config.totpEnabled && (await hasTotpEnrolment(db, caller.user.id));
    return { ...currentUserJson(caller.user), totp_enrolled: totpEnrolled };
  });

  // Every key is overwritten and an absent one becomes its zero value, as the reference server does;
  // frontend_settings is our extension, so clients that do not know it (absent key) leave it alone.
  app.post('/user/settings/general', async (req) => {
    const u = userOf(req);
    const body = bodyOf(req.body);
    const problems: string[] = [];

    const name = stringSetting(body, 'name', FIELD_MAX, problems).trim();
    const emailReminders = boolSetting(body, 'email_reminders_enabled', problems);
    const byName = boolSetting(body, 'discoverable_by_name', problems);
    const byEmail = boolSetting(body, 'discoverable_by_email', problems);
    const overdueReminders = boolSetting(body, 'overdue_tasks_reminders_enabled', problems);
    const overdueTime = stringSetting(body, 'overdue_tasks_reminders_time', 5, problems).trim();
    if (!TIME_RE.test(overdueTime)) problems.push('overdue_tasks_reminders_time: must be a time like 9:00 or 18:30');
    const defaultListId = intSetting(body, 'default_list_id', 0, Number.MAX_SAFE_INTEGER, problems);
    const weekStart = intSetting(body, 'week_start', 0, 6, problems);
    const language = stringSetting(body, 'language', LANGUAGE_MAX, problems).trim();
    const timezone = stringSetting(body, 'timezone', 100, problems).trim();
    if (timezone && !isTimezone(timezone)) problems.push('timezone: is not a known time zone');

    let frontend: string | undefined;
    const fs = body.frontend_settings;
    if (fs === null) frontend = '{}';
    else if (fs !== undefined) {
      if (typeof fs !== 'object' || Array.isArray(fs)) problems.push('frontend_settings: must be an object');
      else {
        frontend = JSON.stringify(fs);
        if (frontend.length > FRONTEND_SETTINGS_MAX) problems.push(`frontend_settings: must be at most ${FRONTEND_SETTINGS_MAX} bytes`);
      }
    }
    if (problems.length > 0) throw invalidData(...problems);

    if (defaultListId > 0) {
      const list = await db
        .selectFrom('lists')
        .leftJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
        .select(['lists.id', 'lists.is_archived', 'namespaces.is_archived as namespace_archived'])
        .where('lists.id', '=', defaultListId)
        .executeTakeFirst();
      if (!list) throw apiError(3001);
      const right = await rightOnList(db, authOf(req), defaultListId);
      if (right === null || right < 1) throw apiError(1);
      // New tasks go to the default list, which an archived list cannot take.
      if (list.is_archived || list.namespace_archived) throw apiError(3008);
    }

    await db
      .updateTable('users')
      .set({
        name,
        email_reminders_enabled: emailReminders,
        discoverable_by_name: byName,
        discoverable_by_email: byEmail,
        overdue_tasks_reminders_enabled: overdueReminders,
        overdue_tasks_reminders_time: overdueTime,
        default_list_id: defaultListId > 0 ? defaultListId : null,
        week_start: weekStart,
        language,
        timezone,
        ...(frontend !== undefined ? { frontend_settings: frontend } : {}),
        updated: nowIso(),
      })
      .where('id', '=', u.id)
      .execute();
    return { message: 'The settings were updated successfully.' };
  });

  // Search for people to share with. Only exact usernames find everybody; e-mail and name matches
  // need the person's consent (discoverable_by_*). Addresses never appear in the answer.
  app.get('/users', async (req, reply) => {
    userOf(req);
    // Not paged (at most MAX_RESULTS matches), but headers like every collection.
    setUnpagedHeaders(reply, 0);
    const s = (req.query as Record<string, unknown>).s;
    if (typeof s !== 'string') return null;
    const terms = [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim())
          .filter((t) => t !== ''),
      ),
    ].slice(0, MAX_TERMS);
    if (terms.length === 0) return null;
    const rows = await db
      .selectFrom('users')
      .select(['id', 'name', 'username', 'created', 'updated'])
      .where((eb) =>
        eb.or(
          terms.flatMap((t) => {
            const like = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
            return [
              eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(t)])),
              eb.and([eb('discoverable_by_email', '=', 1), eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(t)]))]),
              eb.and([eb('discoverable_by_name', '=', 1), sql<SqlBool>`lower(name) like lower(${like}) escape '\\'`]),
            ];
          }),
        ),
      )
      .orderBy('username')
      .limit(MAX_RESULTS)
      .execute();
    setUnpagedHeaders(reply, rows.length);
    return rows.length > 0 ? rows.map(userJson) : null;
  });

  app.get('/user/timezones', async (req, reply) => {
    authOf(req);
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    zones.add('UTC');
    setUnpagedHeaders(reply, zones.size);
    return [...zones].sort();
  });
}
