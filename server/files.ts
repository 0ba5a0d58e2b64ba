// Stored files (attachments, list backgrounds, avatars, exports): a row in `files`, the bytes in a file store: the
// local folder <data>/files/ by default, an S3-compatible bucket with KEYFLOW_S3_BUCKET (see server/fileStores.ts).
import type { Readable } from 'node:stream';
import type { Db } from './db/database.js';
import type { Config } from './config.js';
import { nowIso } from './clock.js';
import { fileStoreFor, streamToBuffer, type FileBody } from './fileStores.js';

export interface StoredFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  created: string;
}

/**
 * Saves bytes as a new file row; returns the row. A stream needs its `size` (the row records it before the bytes
 * arrive); a buffer's is its length.
 */
export async function saveFile(
  db: Db,
  config: Config,
  data: FileBody,
  meta: { name: string; mime: string; createdById: number; size?: number },
): Promise<StoredFile> {
  const created = nowIso();
  const size = Buffer.isBuffer(data) ? data.length : (meta.size ?? 0);
  const row = await db
    .insertInto('files')
    .values({ name: meta.name, mime: meta.mime, size, created_by_id: meta.createdById, created })
    .returning(['id', 'name', 'mime', 'size', 'created'])
    .executeTakeFirstOrThrow();
  await fileStoreFor(config).put(row.id, data, size);
  return row;
}

/** A file's bytes as a stream with their length, or null when they are gone: what downloads send. */
export function openFile(config: Config, fileId: number): Promise<{ stream: Readable; size: number } | null> {
  return fileStoreFor(config).open(fileId);
}

/** The whole bytes of a file, or null when they are gone: only for callers that need all of them (archives, copies). */
export async function readFileBytes(config: Config, fileId: number): Promise<Buffer | null> {
  const opened = await openFile(config, fileId);
  return opened ? streamToBuffer(opened.stream) : null;
}

function removeBytes(config: Config, fileIds: number[]): Promise<void> {
  return fileStoreFor(config).remove(fileIds);
}

/** Removes file rows and their bytes. */
export async function deleteFiles(db: Db, config: Config, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.deleteFrom('files').where('id', 'in', fileIds).execute();
  await removeBytes(config, fileIds);
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
    if (saved !== null) await removeBytes(config, [saved]).catch(() => undefined);
    throw err;
  }
  if (replaced) await removeBytes(config, [replaced]);
  return result;
}
