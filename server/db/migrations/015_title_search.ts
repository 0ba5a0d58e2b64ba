// Search by part of a title through an index (issue 37): a LIKE '%…%' cannot use a B-tree, so SQLite keeps a
// trigram FTS5 table of task titles, which triggers hold in step with every write, and PostgreSQL a pg_trgm index.
import { sql, SqliteAdapter, type Kysely } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    // External content: the titles live in tasks only; the FTS table holds the trigrams.
    await sql`create virtual table if not exists tasks_title_fts using fts5(title, content='tasks', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger if not exists tasks_title_fts_insert after insert on tasks begin
      insert into tasks_title_fts (rowid, title) values (new.id, new.title); end`.execute(db);
    await sql`create trigger if not exists tasks_title_fts_delete after delete on tasks begin
      insert into tasks_title_fts (tasks_title_fts, rowid, title) values ('delete', old.id, old.title); end`.execute(db);
    await sql`create trigger if not exists tasks_title_fts_update after update of id, title on tasks begin
      insert into tasks_title_fts (tasks_title_fts, rowid, title) values ('delete', old.id, old.title);
      insert into tasks_title_fts (rowid, title) values (new.id, new.title); end`.execute(db);
    await sql`insert into tasks_title_fts (tasks_title_fts) values ('rebuild')`.execute(db);
    return;
  }
  // pg_trgm is a trusted extension (PostgreSQL 13+), but a role without CREATE on the database cannot add it: the
  // server then still works, searching without the index, and the savepoint keeps the migration's transaction.
  await sql`savepoint title_search`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index if not exists tasks_title_trgm on tasks using gin (lower(title) gin_trgm_ops)`.execute(db);
    await sql`release savepoint title_search`.execute(db);
  } catch (err) {
    await sql`rollback to savepoint title_search`.execute(db);
    console.warn(`Search by part of a title runs without an index: ${(err as Error).message}`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const t of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.raw(`tasks_title_fts_${t}`)}`.execute(db);
    await sql`drop table if exists tasks_title_fts`.execute(db);
    return;
  }
  await sql`drop index if exists tasks_title_trgm`.execute(db);
}
