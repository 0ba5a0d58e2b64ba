// Stored files (attachments, list backgrounds, avatars, exports): a row in `files`, the bytes under <data>/files/.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db/database.js';
import type { Config } from './config.js';
import { nowIso } from './clock.js';

/** In-memory servers (tests) keep file bytes here, by file id. */
const memoryFiles = new Map<string, Map<number, Buffer>>();

function store(config: Config): { dir: string | null; mem: Map<number, Buffer> } {
  if (config.dataDir) {
    const dir = path.join(config.dataDir, 'files');
    mkdirSync(dir, { recursive: true });
    return { dir, mem: new Map() };
  }
  let mem = memoryFiles.get(config.jwtSecret);
  if (!mem) memoryFiles.set(config.jwtSecret, (mem = new Map()));
  return { dir: null, mem };
}

export interface StoredFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  created: string;
}

/** Saves bytes as a new file row; returns the row. */
export async function saveFile(db: Db, config: Config, data: Buffer, meta: { name: string; mime: string; createdById: number }): Promise<StoredFile> {
  const created = nowIso();
  const row = await db
    .insertInto('files')
    .values({ name: meta.name, mime: meta.mime, size: data.length, created_by_id: meta.createdById, created })
    .returning(['id', 'name', 'mime', 'size', 'created'])
    .executeTakeFirstOrThrow();
  const s = store(config);
  if (s.dir) writeFileSync(path.join(s.dir, String(row.id)), data);
  else s.mem.set(row.id, data);
  return row;
}

/** The bytes of a file, or null when they are gone. */
export function readFileBytes(config: Config, fileId: number): Buffer | null {
  const s = store(config);
  if (s.dir) {
    const p = path.join(s.dir, String(fileId));
    return existsSync(p) ? readFileSync(p) : null;
  }
  return s.mem.get(fileId) ?? null;
}

function removeBytes(config: Config, fileIds: number[]): void {
  const s = store(config);
  for (const id of fileIds) {
    if (s.dir) rmSync(path.join(s.dir, String(id)), { force: true });
    else s.mem.delete(id);
  }
}

/** Removes file rows and their bytes. */
export async function deleteFiles(db: Db, config: Config, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.deleteFrom('files').where('id', 'in', fileIds).execute();
  removeBytes(config, fileIds);
}

/**
 * Stores bytes as a new file and points something at it in one transaction. `link` sets the reference and says
 * which file it replaced; that file's row goes in the same transaction and its bytes once it has committed. When
 * anything fails, the new bytes are removed and the old file is left as it was.
 */
export async function storeReplacing<T>(
  db: Db,
  config: Config,
  data: Buffer,
  meta: { name: string; mime: string; createdById: number },
  link: (trx: Db, file: StoredFile) => Promise<{ result: T; replaced: number | null | undefined }>,
): Promise<T> {
  let saved: number | null = null;
  let replaced: number | null | undefined = null;
  let result: T;
  try {
    result = await db.transaction().execute(async (trx) => {
      const file = await saveFile(trx, config, data, meta);
      saved = file.id;
      const linked = await link(trx, file);
      replaced = linked.replaced;
      if (replaced) await trx.deleteFrom('files').where('id', '=', replaced).execute();
      return linked.result;
    });
  } catch (err) {
    if (saved !== null) removeBytes(config, [saved]);
    throw err;
  }
  if (replaced) removeBytes(config, [replaced]);
  return result;
}
