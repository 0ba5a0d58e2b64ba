// Creates a ready server (database opened and migrated, routes registered) from a configuration.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
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

/** An in-memory server for tests: no files, no logging, no rate limit unless asked. */
export async function createTestServer(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0' }, { dataDir: null, databaseUrl: ':memory:', serveClient: false, ...overrides });
  return createServer(config, { jobs: false });
}
