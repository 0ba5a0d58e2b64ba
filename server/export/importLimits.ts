// The budgets that keep one import's memory bounded, whatever the uploaded file claims or hides.
import type { Config } from '../config.js';
import type { ReadLimits } from './zip.js';

/** Most bytes of structured data (data.json, filters.json, a TickTick CSV) parsed in memory for one import. */
export const MAX_IMPORT_DATA_BYTES = 10 * 1024 * 1024;
/** Exports compress 3–20:1; deflate can reach 1000:1 only on data made to be a bomb. */
export const MAX_IMPORT_RATIO = 200;
/** Each member is a yauzl entry kept in memory while the archive is open; an export has one per stored file. */
const MAX_ARCHIVE_ENTRIES = 20_000;

/** The largest archive accepted: an export holds many files, each up to the attachment limit. */
export function maxArchiveUpload(config: Config): number {
  return Math.max(config.maxFileSize * 10, 200 * 1024 * 1024);
}

/** Per member: a stored file up to the attachment limit, anything else up to the structured-data budget. */
export function archiveReadLimits(config: Config): ReadLimits {
  return {
    maxEntries: MAX_ARCHIVE_ENTRIES,
    maxEntryBytes: (name) => (name.startsWith('files/') ? config.maxFileSize : MAX_IMPORT_DATA_BYTES),
    maxTotalBytes: maxArchiveUpload(config) * 2,
    maxRatio: MAX_IMPORT_RATIO,
  };
}
