// Opens the database named by the configuration (SQLite file, in-memory SQLite, or PostgreSQL) and migrates it.
import { Kysely, Migrator, SqliteDialect, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DB } from './schema.js';
import * as m001 from './migrations/001_initial.js';
import * as m002 from './migrations/002_task_list_order.js';
import * as m003 from './migrations/003_task_uids.js';
import * as m004 from './migrations/004_task_tombstones.js';

/** Migrations in order. A new migration is a new file here, never an edit of a landed one. */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_task_list_order': m002,
  '003_task_uids': m003,
  '004_task_tombstones': m004,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export type Db = Kysely<DB>;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Kysely prepares every query afresh; preparing is a large share of a request's time (the rights query is long).
 * Reusing prepared statements by SQL text is safe because better-sqlite3 runs each one synchronously to the end
 * (nothing here streams with iterate()). The cache is bounded since `in (?, ?, …)` lists vary in length.
 */
function cacheStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = prepare(source);
      if (cache.size >= 1000) cache.clear();
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof sqlite.prepare;
}

export function openDatabase(databaseUrl: string): Db {
  if (isPostgresUrl(databaseUrl)) {
    // Return BIGINT counts and ids as numbers, like SQLite does.
    pg.types.setTypeParser(20, (v) => Number(v));
    // sum() over bigint and avg() yield NUMERIC, which pg returns as a string by default; SQLite gives numbers.
    pg.types.setTypeParser(1700, (v) => Number(v));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 10 }) }) });
  }
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/i, '');
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('busy_timeout = 5000');
  cacheStatements(sqlite);
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` in ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
