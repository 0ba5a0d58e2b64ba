// The server's entry point (`node dist/server/start.js`, what `npm start` runs): one process serving the API under
// /api/v1 and the built client at /, until SIGTERM or SIGINT drains it; `backup` and `restore` as its argument.
import { loadConfig } from './config.js';
import { createServer } from './server.js';
import { isPostgresUrl } from './db/database.js';
import { drainOnSignals } from './shutdown.js';
import { fileStoreFor } from './fileStores.js';

async function main(): Promise<void> {
  const config = loadConfig();
  await fileStoreFor(config).check();
  const app = await createServer(config);
  drainOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
  const where = isPostgresUrl(config.databaseUrl) ? 'PostgreSQL' : config.databaseUrl;
  const message = `Keyflow is running: open http://localhost:${config.port}/  (database: ${where})`;
  if (config.logging) app.log.info({ port: config.port }, message);
  else console.log(message);
}

// `keyflow backup <folder>` / `keyflow restore <folder>` from an installed release.
const command = process.argv[2];
if (command === 'backup' || command === 'restore') {
  await import('./backup/cli.js');
} else {
  main().catch((err) => {
    console.error('Keyflow failed to start:', err);
    process.exit(1);
  });
}
