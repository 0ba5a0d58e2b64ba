// Background work of the server process: deleting accounts whose deletion is due, removing old data exports,
// forgetting old CalDAV task departures.
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { ServerContext } from './context.js';
import { deleteNamespaces } from './cascade.js';
import { deleteFiles } from './files.js';
import { sendMail } from './mail.js';
import { pruneTombstones } from './caldav/sync.js';

/** How often the scheduler looks for due work. Deletion is announced in days, so an hour is precise enough. */
export const JOB_INTERVAL_MS = 60 * 60 * 1000;
/** Data exports are kept this long after they were built. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

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
}

/** Runs everything that is due at `now`. The scheduler calls this; tests call it with a chosen `now`. */
export async function runDueJobs(ctx: ServerContext, now: Date = new Date()): Promise<JobReport> {
  const { db, config } = ctx;
  const report: JobReport = { deletedUsers: [], removedExports: 0, prunedTombstones: 0 };

  const due = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'name'])
    .where('deletion_scheduled_at', 'is not', null)
    .where('deletion_scheduled_at', '<=', now.toISOString())
    .execute();
  for (const u of due) {
    await db.transaction().execute((trx) => deleteAccount(trx, config, u.id));
    report.deletedUsers.push(u.id);
    await sendAccountMail(config, {
      to: u.email,
      subject: 'Your account was deleted',
      text: `Hi ${u.name || u.username},\n\nas you asked, your account and all its data have been deleted.\n\nGoodbye, and thank you for using Keyflow.\n`,
    }).catch(() => undefined);
  }

  const cutoff = new Date(now.getTime() - EXPORT_TTL_MS).toISOString();
  const stale = await db
    .selectFrom('users')
    .innerJoin('files', 'files.id', 'users.export_file_id')
    .select(['users.id as user_id', 'files.id as file_id'])
    .where('files.created', '<', cutoff)
    .execute();
  for (const s of stale) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ export_file_id: null }).where('id', '=', s.user_id).execute();
      await deleteFiles(trx, config, [s.file_id]);
    });
    report.removedExports += 1;
  }

  report.prunedTombstones = await pruneTombstones(db, now);
  return report;
}

/** Starts the hourly scheduler (first run shortly after start-up); returns a function that stops it. */
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
  const first = setTimeout(() => void tick(), 10_000);
  const every = setInterval(() => void tick(), JOB_INTERVAL_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
