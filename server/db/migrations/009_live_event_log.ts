// The live-updates log (server/events.ts): recent changes with the users who may read them, for catch-up on reconnect.
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  let t = db.schema.createTable('live_events').ifNotExists();
  // AUTOINCREMENT on SQLite: ids of pruned events are never handed out again, so an event id only ever grows.
  t = pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await t
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // ",3,17," : the readers, so a catch-up reads only its user's events with one LIKE.
    .addColumn('user_ids', 'text', (c) => c.notNull())
    // The list a task, bucket or comment event is about: a catch-up skips the lists its user can no longer read.
    .addColumn('list_id', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_events').ifExists().execute();
}
