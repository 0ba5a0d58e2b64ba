// Remembers which task left which list and when (deleted, or moved to another list), so a CalDAV sync-collection
// report can tell a client what disappeared since its sync token. Database triggers catch every way a task goes.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('task_tombstones')
    .ifNotExists()
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('gone_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('task_tombstones_list_time').ifNotExists().on('task_tombstones').columns(['list_id', 'gone_at']).execute();
  // The uid CalDAV serves a task under (caldav/vtodo.ts taskUid), stamped like the app's ISO timestamps.
  if (pg) {
    await sql`
      create or replace function keyflow_task_tombstone() returns trigger as $$
      begin
        if tg_op = 'DELETE' or old.list_id <> new.list_id then
          insert into task_tombstones (list_id, uid, gone_at)
          values (old.list_id, coalesce(nullif(old.uid, ''), 'keyflow-task-' || old.id::text),
                  to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
        end if;
        return null;
      end $$ language plpgsql`.execute(db);
    await sql`drop trigger if exists tasks_tombstone on tasks`.execute(db);
    await sql`create trigger tasks_tombstone after delete or update of list_id on tasks for each row execute function keyflow_task_tombstone()`.execute(db);
  } else {
    const values = sql.raw(`old.list_id, coalesce(nullif(old.uid, ''), 'keyflow-task-' || old.id), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
    await sql`create trigger if not exists tasks_tombstone_delete after delete on tasks begin
      insert into task_tombstones (list_id, uid, gone_at) values (${values}); end`.execute(db);
    await sql`create trigger if not exists tasks_tombstone_move after update of list_id on tasks when old.list_id <> new.list_id begin
      insert into task_tombstones (list_id, uid, gone_at) values (${values}); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql`drop trigger if exists tasks_tombstone on tasks`.execute(db);
    await sql`drop function if exists keyflow_task_tombstone()`.execute(db);
  } else {
    await sql`drop trigger if exists tasks_tombstone_delete`.execute(db);
    await sql`drop trigger if exists tasks_tombstone_move`.execute(db);
  }
  await db.schema.dropTable('task_tombstones').ifExists().execute();
}
