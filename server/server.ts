// Creates a ready server (database opened and migrated, routes registered) from a configuration.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, migrateToLatest, migrationNames, type Db } from './db/database.js';
import { buildApp } from './app.js';
import { startJobs } from './jobs.js';

export async function createServer(config: Config, opts: { jobs?: boolean } = {}): Promise<FastifyInstance> {
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const app = await buildApp(config, db);
  // Test servers run jobs explicitly (runDueJobs) so timing never depends on a timer.
  const stopJobs = opts.jobs === false ? null : startJobs(app.ctx, (err) => app.log.error(err));
  app.addHook('onClose', async () => {
    stopJobs?.();
    await db.destroy();
  });
  return app;
}

/**
 * A test database on the PostgreSQL server of `adminUrl`, leased for one test server. Creating, migrating and
 * dropping a database per test server cost seconds each; instead numbered databases are kept between runs and
 * emptied on lease. A lease is a session advisory lock held on an administrative connection for the test server's
 * life, so parallel workers (and other checkouts on the same server) never share one, and a crashed worker's lease
 * ends with its connection. The names carry a hash of the migration names, so a checkout with other migrations
 * uses other databases.
 */
async function leaseTestDatabase(adminUrl: string): Promise<{ databaseUrl: string; fresh: boolean; release: () => Promise<void> }> {
  const tag = createHash('sha256').update(migrationNames.join('\n')).digest('hex').slice(0, 8);
  const lockSpace = parseInt(tag.slice(0, 7), 16);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let slot = 0; ; slot++) {
      const { rows } = await admin.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [lockSpace, slot]);
      if (!rows[0]?.ok) continue;
      const name = `kf_test_${tag}_${slot}`;
      const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
      if (!exists) await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // Test data needs no durability, and waiting for each commit to reach the disk is most of a test's time.
      url.searchParams.set('options', '-c synchronous_commit=off');
      return {
        databaseUrl: url.toString(),
        fresh: !exists,
        release: async () => {
          await admin.end();
        },
      };
    }
  } catch (err) {
    await admin.end();
    throw err;
  }
}

/** Empties every table of a leased test database (not the migration bookkeeping) and restarts the ids at 1. */
async function emptyTestDatabase(db: Db): Promise<void> {
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema() and left(tablename, 7) <> 'kysely_'`.execute(db);
  if (rows.length === 0) return;
  await sql`truncate table ${sql.join(rows.map((r) => sql.table(r.tablename)))} restart identity`.execute(db);
}

/**
 * A throwaway server for tests: no files, no logging, no rate limit unless asked. The database is in-memory SQLite,
 * or, when KEYFLOW_TEST_DATABASE_URL names a PostgreSQL server, an empty database leased for this server until it
 * closes, so the same suite checks both dialects.
 */
export async function createTestServer(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;
  const lease = adminUrl && overrides.databaseUrl === undefined ? await leaseTestDatabase(adminUrl) : null;
  const databaseUrl = lease?.databaseUrl ?? ':memory:';
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0' }, { dataDir: null, databaseUrl, serveClient: false, ...overrides });
  let app: FastifyInstance;
  try {
    // Emptied before the server starts on it: a server reads where things stand at its start (the newest live
    // event id, see events.ts), and ids restarting under it would leave it ahead of the log.
    if (lease && !lease.fresh) {
      const db = openDatabase(databaseUrl);
      try {
        await emptyTestDatabase(db);
      } finally {
        await db.destroy();
      }
    }
    app = await createServer(config, { jobs: false });
  } catch (err) {
    await lease?.release();
    throw err;
  }
  if (lease) {
    // Registered after createServer's hook, so the pool is closed before the lease ends.
    app.addHook('onClose', lease.release);
  }
  return app;
}
