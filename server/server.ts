// Creates a ready server (database opened and migrated, routes registered) from a configuration.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, migrateToLatest } from './db/database.js';
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

/** Runs one statement on the administrative database named by `adminUrl` (CREATE/DROP DATABASE cannot run in a pool transaction). */
async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway server for tests: no files, no logging, no rate limit unless asked. The database is in-memory SQLite,
 * or, when KEYFLOW_TEST_DATABASE_URL names a PostgreSQL server, a fresh database created for this server and dropped
 * on close, so the same suite checks both dialects.
 */
export async function createTestServer(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;
  let databaseUrl = ':memory:';
  let dropName: string | null = null;
  if (adminUrl && overrides.databaseUrl === undefined) {
    dropName = `kf_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${dropName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dropName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0' }, { dataDir: null, databaseUrl, serveClient: false, ...overrides });
  const app = await createServer(config, { jobs: false });
  if (dropName && adminUrl) {
    const name = dropName;
    // Registered after createServer's hook, so the pool is already closed; FORCE covers a stray connection.
    app.addHook('onClose', async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    });
  }
  return app;
}
