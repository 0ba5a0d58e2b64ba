// Opens the database named by the configuration (SQLite file, in-memory SQLite, or PostgreSQL) and migrates it.
import { Kysely, Migrator, SqliteDialect, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DB } from './schema.js';
import * as m001 from './migrations/001_initial.js';
import * as m002 from './migrations/002_task_list_order.js';
import * as m003 from './migrations/003_task_uids.js';
import * as m004 from './migrations/004_task_tombstones.js';
import * as m005 from './migrations/005_session_cutoff.js';
import * as m006 from './migrations/006_unique_local_email.js';
import * as m007 from './migrations/007_job_runs_rate_limits.js';
import * as m008 from './migrations/008_failure_windows.js';
import * as m009 from './migrations/009_live_event_log.js';
import * as m010 from './migrations/010_session_ids.js';
import * as m011 from './migrations/011_live_ticket_uses.js';
import * as m012 from './migrations/012_totp_last_step.js';
import * as m013 from './migrations/013_sessions.js';
import * as m014 from './migrations/014_scale_indexes.js';
import * as m015 from './migrations/015_title_search.js';

/** Migrations in order. A new migration is a new file here, never an edit of a landed one. */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_task_list_order': m002,
  '003_task_uids': m003,
  '004_task_tombstones': m004,
  '005_session_cutoff': m005,
  '006_unique_local_email': m006,
  '007_job_runs_rate_limits': m007,
  '008_failure_windows': m008,
  '009_live_event_log': m009,
  '010_session_ids': m010,
  '011_live_ticket_uses': m011,
  '012_totp_last_step': m012,
  '013_sessions': m013,
  '014_scale_indexes': m014,
  '015_title_search': m015,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The names of the migrations this build knows, in order: a database migrated by this build has exactly these. */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

export type Db = Kysely<DB>;

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/**
 * Counts the writes this process makes to each SQLite database (see `writeGeneration`). Any statement that
 * is not read-only bumps it, whether it changed rows or not, so the count can only be too eager.
 */
const localWrites = new WeakMap<Database.Database, { n: number; dataVersion: () => number }>();
const handles = new WeakMap<object, Database.Database>();

/**
 * A row builder for one statement's columns. better-sqlite3 builds each row object by setting its properties
 * one at a time from C++, which for a page of 50 tasks of 23 columns costs more than the query itself; rows read
 * as arrays and turned into object literals by a generated function cost a third (and the objects get one
 * shape, which speeds up everything that reads them). Duplicate column names keep the last value, as before.
 */
function rowFactory(columns: string[]): (values: unknown[]) => Record<string, unknown> {
  const body = columns.map((c, i) => `${JSON.stringify(c)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${body} };`) as (values: unknown[]) => Record<string, unknown>;
}

/**
 * Kysely prepares every query afresh; preparing is a large share of a request's time (the rights query is long).
 * Reusing prepared statements by SQL text is safe because better-sqlite3 runs each one synchronously to the end
 * (nothing here streams with iterate()). The cache is bounded since `in (?, ?, …)` lists vary in length.
 * Reading statements return their rows through a row factory (see above); writing ones bump the write count.
 */
function cacheStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  // Prepared once: `sqlite.pragma()` would prepare it on every call, which costs more than the rest of a lookup.
  const dataVersion = prepare('PRAGMA data_version').pluck();
  // Read once per turn of the event loop: a request asks for the generation several times (its caller, the list,
  // the right, the page), and another connection's commit seen a moment later is as if it had come a moment later.
  // This process's own writes are counted exactly (writes.n), so they are never missed.
  let version: number | null = null;
  const forget = () => {
    version = null;
  };
  const writes = {
    n: 0,
    dataVersion: () => {
      if (version === null) {
        version = dataVersion.get() as number;
        setImmediate(forget);
      }
      return version;
    },
  };
  localWrites.set(sqlite, writes);
  const wrap = (stmt: Database.Statement): Database.Statement => {
    if (!stmt.readonly) {
      const run = stmt.run.bind(stmt);
      const all = stmt.reader ? stmt.all.bind(stmt) : null;
      stmt.run = ((...params: unknown[]) => {
        writes.n += 1;
        return run(...params);
      }) as typeof stmt.run;
      // INSERT … RETURNING is a reader that writes.
      if (all) {
        stmt.all = ((...params: unknown[]) => {
          writes.n += 1;
          return all(...params);
        }) as typeof stmt.all;
      }
      return stmt;
    }
    if (!stmt.reader) return stmt;
    const make = rowFactory(stmt.columns().map((c) => c.name));
    stmt.raw(true);
    const all = stmt.all.bind(stmt);
    const get = stmt.get.bind(stmt);
    stmt.all = ((...params: unknown[]) => {
      const rows = all(...params) as unknown[][];
      const out: unknown[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) out[i] = make(rows[i]!);
      return out;
    }) as typeof stmt.all;
    stmt.get = ((...params: unknown[]) => {
      const row = get(...params) as unknown[] | undefined;
      return row === undefined ? undefined : make(row);
    }) as typeof stmt.get;
    return stmt;
  };
  sqlite.prepare = ((source: string, ...internal: unknown[]) => {
    // better-sqlite3's own helpers (pragma) prepare with extra arguments and expect a plain statement.
    if (internal.length) return (prepare as (...a: unknown[]) => Database.Statement)(source, ...internal);
    let stmt = cache.get(source);
    if (!stmt) {
      stmt = wrap(prepare(source));
      if (cache.size >= 1000) cache.clear();
      cache.set(source, stmt);
    }
    return stmt;
  }) as typeof sqlite.prepare;
}

/**
 * A number that changes whenever the database may have changed: this process's writes plus SQLite's
 * `data_version` (which moves when another connection commits). Equal numbers mean nothing was written in
 * between, so a result computed under one may be reused. Null for PostgreSQL, where other servers may write
 * unseen: nothing is reused there.
 */
export function writeGeneration(db: Db): string | null {
  const sqlite = handles.get(db);
  const writes = sqlite && localWrites.get(sqlite);
  if (!writes) return null;
  return `${writes.n}:${writes.dataVersion()}`;
}

/**
 * A cache of results that stay true until the database is next written to (see `writeGeneration`): one map per
 * database, bounded, keyed by the caller. On PostgreSQL, which has no generation, every call computes afresh.
 * Callers must not change the values they get back.
 */
export function generationCache<T>(max = 2000): (db: Db, key: string, compute: () => Promise<T>) => Promise<T> {
  const perDb = new WeakMap<Db, Map<string, { generation: string; value: T }>>();
  return async (db, key, compute) => {
    const generation = writeGeneration(db);
    if (generation === null) return compute();
    let cache = perDb.get(db);
    if (!cache) {
      cache = new Map();
      perDb.set(db, cache);
    }
    const hit = cache.get(key);
    if (hit && hit.generation === generation) return hit.value;
    // Stored under the generation read before computing: a write meanwhile makes the entry stale at once.
    const value = await compute();
    if (cache.size >= max) cache.clear();
    cache.set(key, { generation, value });
    return value;
  };
}

/**
 * A generation cache for things read by id in batches (users, list identifiers): ids already read under the
 * current generation come from it, the rest are read in one call. Values are frozen, since they are shared.
 */
export function generationBatchCache<V extends object>(
  max = 5000,
): (db: Db, ids: Iterable<number>, load: (missing: number[]) => Promise<Map<number, V>>) => Promise<Map<number, V>> {
  const perDb = new WeakMap<Db, { generation: string; values: Map<number, V> }>();
  return async (db, ids, load) => {
    const out = new Map<number, V>();
    const generation = writeGeneration(db);
    if (generation === null) {
      for (const [id, v] of await load([...new Set(ids)])) out.set(id, v);
      return out;
    }
    let state = perDb.get(db);
    if (!state || state.generation !== generation) {
      state = { generation, values: new Map() };
      perDb.set(db, state);
    }
    const missing = new Set<number>();
    for (const id of ids) {
      const v = state.values.get(id);
      if (v !== undefined) out.set(id, v);
      else missing.add(id);
    }
    if (missing.size) {
      // Stored under the generation read before loading: a write meanwhile leaves them in a stale state.
      if (state.values.size + missing.size > max) state.values.clear();
      for (const [id, v] of await load([...missing])) {
        Object.freeze(v);
        state.values.set(id, v);
        out.set(id, v);
      }
    }
    return out;
  };
}

export function openDatabase(databaseUrl: string): Db {
  if (isPostgresUrl(databaseUrl)) {
    // Return BIGINT counts and ids as numbers, like SQLite does.
    pg.types.setTypeParser(20, (v) => Number(v));
    // sum() over bigint and avg() yield NUMERIC, which pg returns as a string by default; SQLite gives numbers.
    pg.types.setTypeParser(1700, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the database closes (a restart, an administrator) is an 'error' event on the pool;
    // unheard, it would end the process. The pool opens a new connection for the next query.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.warn(`PostgreSQL connection lost: ${err.message}`);
    });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/i, '');
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = OFF');
  sqlite.pragma('busy_timeout = 5000');
  cacheStatements(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  handles.set(db, sqlite);
  return db;
}

/**
 * Brings the database to the latest migration. Several processes may start at once on one PostgreSQL database:
 * Kysely's migrator holds a session advisory lock (pg_advisory_lock) while it reads which migrations ran and runs
 * the rest in one transaction, so the first process migrates and the others find nothing left to do
 * (tests/server/scaleout.test.ts starts two on a fresh database). SQLite is one process's database.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` in ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
