// Backups of the embedded database and the local files folder, taken while the server runs, and put back on a
// stopped one.
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The database file's name in a data folder and in a backup. */
const DB_FILE = 'keyflow.db';
/** SQLite's companions of the database file: never copied as files (the online backup carries what they hold). */
const DB_COMPANIONS = new Set([DB_FILE, `${DB_FILE}-wal`, `${DB_FILE}-shm`, `${DB_FILE}-journal`]);
const MANIFEST = 'keyflow-backup.json';

export interface BackupResult {
  target: string;
  files: number;
}

/**
 * Copies the database through SQLite's online backup API (a consistent snapshot, safe while the server writes) and
 * then the rest of the data folder (the files, the generated secret). The database goes first: a file uploaded
 * meanwhile is copied without a row, which is harmless, rather than a row without its file.
 */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupResult> {
  const dbPath = path.join(dataDir, DB_FILE);
  if (!existsSync(dbPath)) throw new Error(`No database at ${dbPath}: is KEYFLOW_DATA_DIR the server's data folder?`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty: back up into a new folder.`);
  mkdirSync(target, { recursive: true });
  const source = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(path.join(target, DB_FILE));
  } finally {
    source.close();
  }
  let files = 0;
  for (const name of readdirSync(dataDir)) {
    if (DB_COMPANIONS.has(name)) continue;
    cpSync(path.join(dataDir, name), path.join(target, name), { recursive: true, preserveTimestamps: true });
    files += 1;
  }
  writeFileSync(path.join(target, MANIFEST), JSON.stringify({ kind: 'keyflow-backup', created: new Date().toISOString(), from: dataDir }, null, 2));
  return { target, files };
}

/**
 * Puts a backup back into a data folder. The server must be stopped: its open database would keep writing over the
 * restored file. An existing database is replaced only with `force`.
 */
export function restoreDataDir(source: string, dataDir: string, opts: { force?: boolean } = {}): void {
  if (!existsSync(path.join(source, MANIFEST)) || !existsSync(path.join(source, DB_FILE))) throw new Error(`${source} is not a Keyflow backup.`);
  if (existsSync(path.join(dataDir, DB_FILE)) && !opts.force) {
    throw new Error(`${dataDir} already holds a database: stop the server and pass --force to replace it.`);
  }
  mkdirSync(dataDir, { recursive: true });
  for (const name of DB_COMPANIONS) rmSync(path.join(dataDir, name), { force: true });
  for (const name of readdirSync(source)) {
    if (name === MANIFEST) continue;
    const to = path.join(dataDir, name);
    rmSync(to, { recursive: true, force: true });
    cpSync(path.join(source, name), to, { recursive: true, preserveTimestamps: true });
  }
}
