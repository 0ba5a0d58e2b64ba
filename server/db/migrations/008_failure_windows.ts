// Wrong-credential counters that every server process shares: per client address for CalDAV, per account for
// passwords; and the addresses each account signed in from, which an account's lock does not shut out.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One fixed window per key ("dav:<address>", "account:<id>", "name:<typed name>"): start in unix milliseconds and
  // the failures counted in it.
  await db.schema
    .createTable('failure_windows')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('known_sign_ins')
    .ifNotExists()
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('last_success', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_sign_ins_pk', ['user_id', 'ip'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('known_sign_ins').ifExists().execute();
  await db.schema.dropTable('failure_windows').ifExists().execute();
}
