// Background work of the server: reminder e-mails, the daily overdue summaries, deleting accounts whose deletion is
// due, removing old data exports, forgetting old CalDAV task departures. Every server process runs the scheduler;
// the work itself is claimed through the database, so with several processes on one database each piece runs once.
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { ServerContext } from './context.js';
import { deleteNamespaces } from './cascade.js';
import { deleteFiles } from './files.js';
import { sendMail } from './mail.js';
import { pruneTombstones } from './caldav/sync.js';
import { rightOnList } from './rights.js';

/** How often the scheduler looks for due work (KEYFLOW_JOB_INTERVAL_MS): reminders are set to the minute. */
export const JOB_INTERVAL_MS = 60 * 1000;
/** Account deletion, export and tombstone clean-up run at most this often: deletion is announced in days. */
export const MAINTENANCE_INTERVAL_MS = 60 * 60 * 1000;
/** Data exports are kept this long after they were built. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * After the servers were down, reminders this recent are still mailed; older ones are not (a reminder hours
 * late is noise). The overdue summary catches up one day at most, so a long outage sends one summary, not many.
 */
export const REMINDER_CATCH_UP_MS = 60 * 60 * 1000;
export const OVERDUE_CATCH_UP_MS = 24 * 60 * 60 * 1000;

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail through the shared mailer (SMTP, files under <data>/mail, or the test outbox). */
export async function sendAccountMail(config: Config, mail: AccountMail): Promise<void> {
  if (!mail.to) return;
  await sendMail(config, mail);
}

/**
 * Removes a user and everything that is theirs. Namespaces other people were given access to are
 * handed over instead of deleted (to the user share with the highest right, else to a member of the
 * team share with the highest right), so shared work survives the account. Call inside a transaction.
 */
export async function deleteAccount(db: Db, config: Config, userId: number): Promise<void> {
  const owned = await db.selectFrom('namespaces').select('id').where('owner_id', '=', userId).execute();
  const toDelete: number[] = [];
  for (const { id } of owned) {
    const heir = await namespaceHeir(db, id, userId);
    if (heir === null) {
      toDelete.push(id);
      continue;
    }
    await db.updateTable('namespaces').set({ owner_id: heir }).where('id', '=', id).execute();
    await db.updateTable('lists').set({ owner_id: heir }).where('namespace_id', '=', id).where('owner_id', '=', userId).execute();
    // The heir is owner now; a share row beside ownership would be redundant.
    await db.deleteFrom('users_namespaces').where('namespace_id', '=', id).where('user_id', '=', heir).execute();
  }
  await deleteNamespaces(db, config, toDelete);

  // Lists they created in other people's namespaces stay there, owned by the namespace owner.
  const strayLists = await db
    .selectFrom('lists')
    .innerJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
    .select(['lists.id', 'namespaces.owner_id'])
    .where('lists.owner_id', '=', userId)
    .execute();
  for (const l of strayLists) await db.updateTable('lists').set({ owner_id: l.owner_id }).where('id', '=', l.id).execute();

  const labels = (await db.selectFrom('labels').select('id').where('created_by_id', '=', userId).execute()).map((l) => l.id);
  if (labels.length > 0) {
    await db.deleteFrom('label_tasks').where('label_id', 'in', labels).execute();
    await db.deleteFrom('labels').where('id', 'in', labels).execute();
  }

  const teams = (await db.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute()).map((t) => t.team_id);
  await db.deleteFrom('team_members').where('user_id', '=', userId).execute();
  for (const teamId of teams) {
    const members = await db.selectFrom('team_members').select(['id', 'admin']).where('team_id', '=', teamId).orderBy('id').execute();
    if (members.length === 0) {
      await db.deleteFrom('team_lists').where('team_id', '=', teamId).execute();
      await db.deleteFrom('team_namespaces').where('team_id', '=', teamId).execute();
      await db.deleteFrom('teams').where('id', '=', teamId).execute();
    } else if (!members.some((m) => m.admin)) {
      // Somebody has to be able to manage the team once its last admin is gone.
      await db.updateTable('team_members').set({ admin: 1 }).where('id', '=', members[0].id).execute();
    }
  }

  await db.deleteFrom('users_lists').where('user_id', '=', userId).execute();
  await db.deleteFrom('users_namespaces').where('user_id', '=', userId).execute();
  await db.deleteFrom('task_assignees').where('user_id', '=', userId).execute();
  await db.deleteFrom('saved_filters').where('owner_id', '=', userId).execute();
  await db.deleteFrom('favorites').where('user_id', '=', userId).execute();
  await db.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
  await db.deleteFrom('notifications').where('notifiable_id', '=', userId).execute();
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('migration_status').where('user_id', '=', userId).execute();

  const user = await db.selectFrom('users').select(['avatar_file_id', 'export_file_id']).where('id', '=', userId).executeTakeFirst();
  await deleteFiles(db, config, [user?.avatar_file_id, user?.export_file_id].filter((f): f is number => typeof f === 'number'));
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Who takes over a namespace whose owner leaves, or null when nobody else has access to it. */
async function namespaceHeir(db: Db, namespaceId: number, leavingUserId: number): Promise<number | null> {
  const share = await db
    .selectFrom('users_namespaces')
    .select('user_id')
    .where('namespace_id', '=', namespaceId)
    .where('user_id', '!=', leavingUserId)
    .orderBy('right', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (share) return share.user_id;
  const member = await db
    .selectFrom('team_namespaces')
    .innerJoin('team_members', 'team_members.team_id', 'team_namespaces.team_id')
    .select('team_members.user_id')
    .where('team_namespaces.namespace_id', '=', namespaceId)
    .where('team_members.user_id', '!=', leavingUserId)
    .orderBy('team_namespaces.right', 'desc')
    .orderBy('team_members.admin', 'desc')
    .orderBy('team_members.id')
    .executeTakeFirst();
  return member ? member.user_id : null;
}


export interface JobReport {
  deletedUsers: number[];
  removedExports: number;
  /** CalDAV task departures forgotten (see caldav/sync.ts). */
  prunedTombstones: number;
  /** Reminder e-mails sent (one per task and recipient). */
  reminderMails: number;
  /** Overdue summaries sent (one per recipient). */
  overdueMails: number;
}

/** A span of time a job handles: everything due after `from` up to and including `to` (unix ms). */
interface Window {
  from: number;
  to: number;
}

/**
 * Claims the next window of a job for this process: from where the job last got to, up to `now`. The claim is a
 * compare-and-set on the job's row, so of several processes reading the same row only one moves it forward (on
 * PostgreSQL the second UPDATE waits for the first and then finds the row changed); the others get null. A job
 * seen for the first time starts `firstLookback` before now. With `minInterval`, the window is only claimed once
 * that much time has passed since the last one. The claim is taken before the work: a process that dies in
 * between loses that window's work rather than repeating it in another process.
 */
export async function claimWindow(db: Db, name: string, now: Date, opts: { firstLookback: number; maxCatchUp: number; minInterval?: number }): Promise<Window | null> {
  const to = now.getTime();
  const toIso = now.toISOString();
  const row = await db.selectFrom('job_runs').select('done_until').where('name', '=', name).executeTakeFirst();
  if (!row) {
    const inserted = await db.insertInto('job_runs').values({ name, done_until: toIso }).onConflict((oc) => oc.column('name').doNothing()).executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? { from: to - opts.firstLookback, to } : null;
  }
  const last = Date.parse(row.done_until);
  if (!(to > last) || to - last < (opts.minInterval ?? 0)) return null;
  const moved = await db
    .updateTable('job_runs')
    .set({ done_until: toIso })
    .where('name', '=', name)
    .where('done_until', '=', row.done_until)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return null;
  return { from: Math.max(last, to - opts.maxCatchUp), to };
}

interface Recipient {
  id: number;
  email: string;
  username: string;
  name: string;
}

/** Whether the user may still read the list (a creator or assignee can have lost access since). */
async function canRead(db: Db, userId: number, listId: number): Promise<boolean> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  return (await rightOnList(db, { kind: 'user', userId, user, long: false }, listId)) !== null;
}

const greeting = (u: Recipient) => `Hi ${u.name || u.username},`;

/** Creators and assignees of these tasks who want reminder-type mail, by task id. */
async function taskRecipients(db: Db, tasks: { id: number; created_by_id: number }[], setting: 'email_reminders_enabled' | 'overdue_tasks_reminders_enabled'): Promise<Map<number, Recipient[]>> {
  const out = new Map<number, Recipient[]>();
  if (tasks.length === 0) return out;
  const taskIds = tasks.map((t) => t.id);
  const assignees = await db.selectFrom('task_assignees').select(['task_id', 'user_id']).where('task_id', 'in', taskIds).execute();
  const userIds = [...new Set([...tasks.map((t) => t.created_by_id), ...assignees.map((a) => a.user_id)])].filter((id) => id > 0);
  if (userIds.length === 0) return out;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'name'])
    .where('id', 'in', userIds)
    .where(setting, '=', 1)
    .where('status', '=', 0)
    .where('email', '!=', '')
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  for (const t of tasks) {
    const ids = new Set([t.created_by_id, ...assignees.filter((a) => a.task_id === t.id).map((a) => a.user_id)]);
    out.set(t.id, [...ids].map((id) => byId.get(id)).filter((u): u is Recipient => u !== undefined));
  }
  return out;
}

/** Mails the creator and the assignees of every undone task with a reminder in the window, once per task and person. */
async function sendReminderMails(ctx: ServerContext, w: Window): Promise<number> {
  const { db, config } = ctx;
  const rows = await db
    .selectFrom('task_reminders')
    .innerJoin('tasks', 'tasks.id', 'task_reminders.task_id')
    .innerJoin('lists', 'lists.id', 'tasks.list_id')
    .select(['tasks.id', 'tasks.title', 'tasks.list_id', 'tasks.created_by_id', 'tasks.due_date', 'lists.title as list_title'])
    .where('task_reminders.reminder', '>', new Date(w.from).toISOString())
    .where('task_reminders.reminder', '<=', new Date(w.to).toISOString())
    .where('tasks.done', '=', 0)
    .execute();
  const tasks = [...new Map(rows.map((r) => [r.id, r])).values()];
  const recipients = await taskRecipients(db, tasks, 'email_reminders_enabled');
  let sent = 0;
  for (const t of tasks) {
    for (const u of recipients.get(t.id) ?? []) {
      if (!(await canRead(db, u.id, t.list_id))) continue;
      const due = t.due_date ? `\nIt is due ${t.due_date.replace('T', ' ').slice(0, 16)} UTC.\n` : '';
      await sendAccountMail(config, {
        to: u.email,
        subject: `Reminder for "${t.title}" (${t.list_title})`,
        text: `${greeting(u)}\n\nthis is your reminder for "${t.title}" in ${t.list_title}.\n${due}\nOpen the task: ${config.publicUrl}tasks/${t.id}\n`,
      }).then(
        () => (sent += 1),
        () => undefined,
      );
    }
  }
  return sent;
}

/** The offset of a time zone from UTC at an instant, in ms (positive east of Greenwich). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant at which the wall clock of `timeZone` shows hh:mm on the day (y, m0, d). */
function zonedInstant(y: number, m0: number, d: number, hh: number, mm: number, timeZone: string): number {
  const wall = Date.UTC(y, m0, d, hh, mm);
  // Twice: the offset at the first guess can differ from the one at the answer around a DST change.
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

/** A usable IANA zone: the user's, else the server's (an unknown name would make Intl throw). */
function zoneOf(name: string): string {
  if (name) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return name;
    } catch {
      /* falls through to the server's zone */
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether the user's daily summary time ("H:MM" in their zone) falls inside the window. */
export function summaryDueIn(time: string, timeZone: string, w: Window): boolean {
  const m = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!m) return false;
  const [hh, mm] = [Number(m[1]), Number(m[2])];
  if (hh > 23 || mm > 59) return false;
  const zone = zoneOf(timeZone);
  // Every local day the window touches (the catch-up bound keeps this to two or three).
  const first = w.from + zoneOffset(w.from, zone);
  const last = w.to + zoneOffset(w.to, zone);
  for (let day = Date.UTC(new Date(first).getUTCFullYear(), new Date(first).getUTCMonth(), new Date(first).getUTCDate()); day <= last; day += 86_400_000) {
    const d = new Date(day);
    const at = zonedInstant(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hh, mm, zone);
    if (at > w.from && at <= w.to) return true;
  }
  return false;
}

/** Sends each person whose summary time falls in the window the list of their undone overdue tasks (none: no mail). */
async function sendOverdueMails(ctx: ServerContext, w: Window): Promise<number> {
  const { db, config } = ctx;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'name', 'overdue_tasks_reminders_time', 'timezone'])
    .where('overdue_tasks_reminders_enabled', '=', 1)
    .where('status', '=', 0)
    .where('email', '!=', '')
    .execute();
  const nowIso = new Date(w.to).toISOString();
  let sent = 0;
  for (const u of users) {
    if (!summaryDueIn(u.overdue_tasks_reminders_time, u.timezone, w)) continue;
    const tasks = await db
      .selectFrom('tasks')
      .innerJoin('lists', 'lists.id', 'tasks.list_id')
      .select(['tasks.id', 'tasks.title', 'tasks.due_date', 'tasks.list_id', 'lists.title as list_title'])
      .where('tasks.done', '=', 0)
      .where('tasks.due_date', 'is not', null)
      .where('tasks.due_date', '<', nowIso)
      .where((eb) =>
        eb.or([
          eb('tasks.created_by_id', '=', u.id),
          eb('tasks.id', 'in', eb.selectFrom('task_assignees').select('task_id').where('user_id', '=', u.id)),
        ]),
      )
      .orderBy('tasks.due_date')
      .orderBy('tasks.id')
      .execute();
    const readable = [];
    for (const t of tasks) if (await canRead(db, u.id, t.list_id)) readable.push(t);
    if (readable.length === 0) continue;
    const lines = readable.map((t) => `- ${t.title} (${t.list_title}), due ${t.due_date!.replace('T', ' ').slice(0, 16)} UTC: ${config.publicUrl}tasks/${t.id}`);
    await sendAccountMail(config, {
      to: u.email,
      subject: readable.length === 1 ? `"${readable[0].title}" is overdue` : `Your overdue tasks (${readable.length})`,
      text: `${greeting(u)}\n\nthese tasks are past their due date and not done yet:\n\n${lines.join('\n')}\n`,
    }).then(
      () => (sent += 1),
      () => undefined,
    );
  }
  return sent;
}

/** Deletes the accounts whose deletion is due, each claimed in its transaction so only one process deletes (and mails). */
async function deleteDueAccounts(ctx: ServerContext, now: Date): Promise<number[]> {
  const { db, config } = ctx;
  const deleted: number[] = [];
  const due = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'name', 'deletion_scheduled_at'])
    .where('deletion_scheduled_at', 'is not', null)
    .where('deletion_scheduled_at', '<=', now.toISOString())
    .execute();
  for (const u of due) {
    const claimed = await db.transaction().execute(async (trx) => {
      const claim = await trx
        .updateTable('users')
        .set({ deletion_scheduled_at: null })
        .where('id', '=', u.id)
        .where('deletion_scheduled_at', '=', u.deletion_scheduled_at)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await deleteAccount(trx, config, u.id);
      return true;
    });
    if (!claimed) continue;
    deleted.push(u.id);
    await sendAccountMail(config, {
      to: u.email,
      subject: 'Your account was deleted',
      text: `${greeting(u)}\n\nas you asked, your account and all its data have been deleted.\n\nGoodbye, and thank you for using Keyflow.\n`,
    }).catch(() => undefined);
  }
  return deleted;
}

/** Removes data exports past their time, each claimed by clearing the user's reference to it. */
async function removeStaleExports(ctx: ServerContext, now: Date): Promise<number> {
  const { db, config } = ctx;
  const cutoff = new Date(now.getTime() - EXPORT_TTL_MS).toISOString();
  const stale = await db
    .selectFrom('users')
    .innerJoin('files', 'files.id', 'users.export_file_id')
    .select(['users.id as user_id', 'files.id as file_id'])
    .where('files.created', '<', cutoff)
    .execute();
  let removed = 0;
  for (const s of stale) {
    const done = await db.transaction().execute(async (trx) => {
      const claim = await trx.updateTable('users').set({ export_file_id: null }).where('id', '=', s.user_id).where('export_file_id', '=', s.file_id).executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) return false;
      await deleteFiles(trx, config, [s.file_id]);
      return true;
    });
    if (done) removed += 1;
  }
  return removed;
}

/**
 * Runs everything that is due at `now`. The scheduler of every process calls this; tests call it with a chosen
 * `now`. Mails go out for the window this call claimed (see claimWindow); the hourly maintenance runs in the one
 * process that claims it.
 */
export async function runDueJobs(ctx: ServerContext, now: Date = new Date()): Promise<JobReport> {
  const { db, config } = ctx;
  const report: JobReport = { deletedUsers: [], removedExports: 0, prunedTombstones: 0, reminderMails: 0, overdueMails: 0 };

  const reminders = await claimWindow(db, 'reminder_mails', now, { firstLookback: JOB_INTERVAL_MS, maxCatchUp: REMINDER_CATCH_UP_MS });
  if (reminders && config.emailRemindersEnabled) report.reminderMails = await sendReminderMails(ctx, reminders);
  const overdue = await claimWindow(db, 'overdue_mails', now, { firstLookback: JOB_INTERVAL_MS, maxCatchUp: OVERDUE_CATCH_UP_MS });
  if (overdue && config.emailRemindersEnabled) report.overdueMails = await sendOverdueMails(ctx, overdue);

  const maintenance = await claimWindow(db, 'maintenance', now, { firstLookback: 0, maxCatchUp: 0, minInterval: MAINTENANCE_INTERVAL_MS });
  if (maintenance) {
    report.deletedUsers = await deleteDueAccounts(ctx, now);
    report.removedExports = await removeStaleExports(ctx, now);
    report.prunedTombstones = await pruneTombstones(db, now);
  }
  return report;
}

/** Starts the scheduler (first run shortly after start-up); returns a function that stops it. */
export function startJobs(ctx: ServerContext, log: (err: unknown) => void = console.error): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runDueJobs(ctx);
    } catch (err) {
      log(err);
    } finally {
      running = false;
    }
  };
  const interval = ctx.config.jobIntervalMs;
  const first = setTimeout(() => void tick(), Math.min(10_000, interval));
  const every = setInterval(() => void tick(), interval);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

