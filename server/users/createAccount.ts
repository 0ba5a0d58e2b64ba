// Creating an account: the user row with default settings, and the namespace every new account starts with.
import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../db/schema.js';
import { nowIso } from '../clock.js';

export interface NewAccount {
  username: string;
  email: string;
  /** bcrypt hash; empty for accounts that sign in through an OpenID provider */
  passwordHash: string;
  name?: string;
  /** 0 active, 1 e-mail confirmation required */
  status?: number;
  issuer?: string;
  subject?: string;
}

/** Inserts the user and its first namespace; run inside a transaction. */
export async function createAccount(trx: Kysely<DB>, account: NewAccount): Promise<Selectable<UsersTable>> {
  const now = nowIso();
  const user = await trx
    .insertInto('users')
    .values({
      username: account.username,
      email: account.email,
      password: account.passwordHash,
      name: account.name ?? '',
      status: account.status ?? 0,
      issuer: account.issuer ?? 'local',
      subject: account.subject ?? '',
      avatar_provider: 'initials',
      avatar_file_id: null,
      email_reminders_enabled: 1,
      discoverable_by_name: 0,
      discoverable_by_email: 0,
      overdue_tasks_reminders_enabled: 1,
      overdue_tasks_reminders_time: '9:00',
      default_list_id: null,
      week_start: 0,
      language: '',
      timezone: '',
      frontend_settings: '{}',
      deletion_scheduled_at: null,
      export_file_id: null,
      created: now,
      updated: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('namespaces')
    .values({ title: account.username, description: `${account.username}'s namespace.`, owner_id: user.id, hex_color: '', is_archived: 0, created: now, updated: now })
    .execute();
  return user;
}
