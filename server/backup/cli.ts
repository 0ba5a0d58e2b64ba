// `npm run backup -- <folder>` and `npm run restore -- <folder> [--force]` (also `node dist/server/backup.js`).
import path from 'node:path';
import { backupDataDir, restoreDataDir } from './backup.js';
import { isPostgresUrl } from '../db/database.js';

function usage(): never {
  console.error('usage: backup <new folder>  |  restore <backup folder> [--force]   (data folder: KEYFLOW_DATA_DIR, default ./data)');
  process.exit(2);
}

async function main(): Promise<void> {
  const [command, folder, ...rest] = process.argv.slice(2);
  if (!folder || (command !== 'backup' && command !== 'restore')) usage();
  if (process.env.DATABASE_URL && isPostgresUrl(process.env.DATABASE_URL)) {
    console.error('DATABASE_URL names PostgreSQL: back it up with pg_dump (see the README), not with this command.');
    process.exit(2);
  }
  const dataDir = path.resolve(process.env.KEYFLOW_DATA_DIR ?? './data');
  // Stored files then live in the bucket, which this command cannot copy consistently: the provider's tools can.
  const bucket = process.env.KEYFLOW_S3_BUCKET;
  const bucketNote = bucket
    ? `Stored files are in the S3 bucket "${bucket}", not in this ${command}: back the bucket up with your provider's tools (see the README).`
    : '';
  if (command === 'backup') {
    const { target, files } = await backupDataDir(dataDir, path.resolve(folder));
    console.log(`Backed up ${dataDir} to ${target} (the database and ${files} other entries).`);
  } else {
    restoreDataDir(path.resolve(folder), dataDir, { force: rest.includes('--force') });
    console.log(`Restored ${folder} into ${dataDir}. Start the server to use it.`);
  }
  if (bucketNote) console.log(bucketNote);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
