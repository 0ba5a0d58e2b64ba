// `npm start` / `npm run serve`: one process serving the API under /api/v1 and the built client at /.
import { loadConfig } from './config.js';
import { createServer } from './server.js';
import { isPostgresUrl } from './db/database.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createServer(config);
  await app.listen({ port: config.port, host: config.host });
  const where = isPostgresUrl(config.databaseUrl) ? 'PostgreSQL' : config.databaseUrl;
  console.log(`Keyflow is running: open http://localhost:${config.port}/  (database: ${where})`);

  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`Received ${signal}, shutting down.`);
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error('Keyflow failed to start:', err);
  process.exit(1);
});
