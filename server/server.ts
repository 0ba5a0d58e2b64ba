// Creates a ready server (database opened and migrated, routes registered) from a configuration.
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { openDatabase, migrateToLatest } from './db/database.js';
import { buildApp } from './app.js';

export async function createServer(config: Config): Promise<FastifyInstance> {
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const app = await buildApp(config, db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  return app;
}

/** An in-memory server for tests: no files, no logging, no rate limit unless asked. */
export async function createTestServer(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0' }, { dataDir: null, databaseUrl: ':memory:', serveClient: false, ...overrides });
  return createServer(config);
}
