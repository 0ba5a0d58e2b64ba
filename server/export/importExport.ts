// Recreates the content of a data export archive in a user's account (the vikunja-file migrator).
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import { deleteFiles } from '../files.js';
import { nowIso } from '../clock.js';
import { badRequest } from '../errors.js';
import type { ZipReader } from './zip.js';
import { DATA_FILE, FILTERS_FILE, VERSION_FILE } from './format.js';
import { arr, isObj, startImport, importNamespace, linkRelations, setCovers, importFilter, type ImportContent, type ImportSummary } from './importSteps.js';

export type { ImportContent, ImportSummary };

async function parseJson(archive: ZipReader, name: string): Promise<unknown> {
  const bytes = await archive.read(name);
  if (!bytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw badRequest(`${name} in the archive is not valid JSON.`);
  }
}

/**
 * Imports the archive's content for `userId` in one transaction: on any failure nothing stays,
 * including stored file bytes. Ids are remapped; list identifiers already used elsewhere are dropped
 * (they are unique server-wide); labels are reused when the user already has one with the same title.
 */
export async function importExport(db: Db, config: Config, userId: number, archive: ZipReader): Promise<ImportSummary> {
  if (!archive.has(VERSION_FILE) || !archive.has(DATA_FILE)) throw badRequest('This is not a data export: VERSION or data.json is missing.');
  const data = await parseJson(archive, DATA_FILE);
  if (!Array.isArray(data)) throw badRequest('data.json must hold an array of namespaces.');
  return importData(db, config, userId, { namespaces: data, filters: arr(await parseJson(archive, FILTERS_FILE)), files: archive }, 'vikunja-file');
}

/**
 * Creates `content` in the account of `userId` and records the import under `migrator` (its status route reads
 * that). Other migrators convert their service's data to the export's shape and come through here too.
 * The steps are in importSteps.ts: namespaces hold lists, lists hold buckets and tasks; what points across the
 * archive (relations, cover images) is linked once every task exists.
 */
export async function importData(db: Db, config: Config, userId: number, content: ImportContent, migrator: string): Promise<ImportSummary> {
  const savedFileIds: number[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const run = await startImport(trx, config, userId, content, savedFileIds);
      for (const ns of content.namespaces) if (isObj(ns)) await importNamespace(run, ns);
      await linkRelations(run);
      await setCovers(run);
      for (const f of content.filters) if (isObj(f)) await importFilter(run, f);
      await trx.insertInto('migration_status').values({ user_id: userId, migrator_name: migrator, created: nowIso() }).execute();
      return run.summary;
    });
  } catch (err) {
    // The rows are rolled back; the bytes written meanwhile must go too.
    await deleteFiles(db, config, savedFileIds).catch(() => undefined);
    throw err;
  }
}
