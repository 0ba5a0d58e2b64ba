// Writing the zip archives of data exports, and reading uploaded archives one member at a time within a budget.
import type yauzl from 'yauzl';
import { apiError, badRequest } from '../errors.js';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
}

export async function writeZip(entries: ZipEntry[]): Promise<Buffer> {
  // Loaded on first use, as the reader below: most processes never see an archive.
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    archive.on('data', (c: Buffer) => chunks.push(c));
    archive.on('end', () => resolve());
    archive.on('error', reject);
    archive.on('warning', reject);
  });
  for (const e of entries) archive.append(e.data, { name: e.name, date: new Date(0) });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

export interface ReadLimits {
  /** Most entries accepted. */
  maxEntries: number;
  /** Most bytes the member called `name` may inflate to (the import's JSON may be held to less than a file). */
  maxEntryBytes: (name: string) => number;
  /** Most bytes all members may inflate to together. */
  maxTotalBytes: number;
  /** Most a member may grow when inflated (uncompressed ÷ compressed), once it is larger than RATIO_FLOOR. */
  maxRatio: number;
}

/** Below this many bytes a member may have any ratio: tiny files of repeated characters compress very well. */
export const RATIO_FLOOR = 1024 * 1024;

/** An opened archive: member names from its directory, each member's bytes inflated only when asked for. */
export interface ZipReader {
  names(): string[];
  has(name: string): boolean;
  read(name: string): Promise<Buffer | undefined>;
  close(): void;
}

const tooLarge = (message: string) => apiError(2090, message);

/** The most bytes `entry` may inflate to: its own budget, and no more than the ratio allows of its compressed size. */
function entryBudget(entry: yauzl.Entry, limits: ReadLimits): number {
  return Math.min(limits.maxEntryBytes(entry.fileName), Math.max(RATIO_FLOOR, entry.compressedSize * limits.maxRatio));
}

function checkDeclared(entry: yauzl.Entry, limits: ReadLimits): void {
  if (entry.uncompressedSize > limits.maxEntryBytes(entry.fileName)) {
    throw tooLarge(`${entry.fileName} in the archive is too large once unpacked (more than ${limits.maxEntryBytes(entry.fileName)} bytes).`);
  }
  if (entry.uncompressedSize > entryBudget(entry, limits)) {
    throw tooLarge(`${entry.fileName} in the archive is compressed more than ${limits.maxRatio}:1, which an export never is.`);
  }
}

/**
 * Opens a zip archive (a path on disk or bytes) and checks its directory against `limits` before anything is
 * inflated: entry count, each member's declared size and ratio, the declared total. A broken archive → 400;
 * one beyond a limit → 400/2090 naming the limit. Reading a member counts the bytes actually inflated as well,
 * so a member whose header understates its size is cut off right after the size it declared.
 */
export async function openZip(source: string | Buffer, limits: ReadLimits): Promise<ZipReader> {
  // Sizes are checked in readEntry, which can tell a member larger than declared (a bomb) from a damaged one.
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: false };
  const { default: yauzl } = await import('yauzl');
  let zip: yauzl.ZipFile;
  try {
    zip = typeof source === 'string' ? await yauzl.openPromise(source, options) : await yauzl.fromBufferPromise(source, options);
  } catch {
    throw badRequest('The uploaded file is not a zip archive.');
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          if (!entry.fileName.endsWith('/')) {
            if (entries.size >= limits.maxEntries) throw tooLarge(`The archive has more than ${limits.maxEntries} entries.`);
            checkDeclared(entry, limits);
            total += entry.uncompressedSize;
            if (total > limits.maxTotalBytes) throw tooLarge(`The archive is too large once unpacked (more than ${limits.maxTotalBytes} bytes).`);
            entries.set(entry.fileName, entry);
          }
          zip.readEntry();
        } catch (err) {
          reject(err);
        }
      });
      zip.readEntry();
    });
  } catch (err) {
    zip.close();
    if (err instanceof Error && 'status' in err) throw err;
    throw badRequest('The zip archive is damaged.');
  }
  return {
    names: () => [...entries.keys()],
    has: (name) => entries.has(name),
    read: (name) => {
      const entry = entries.get(name);
      return entry ? readEntry(zip, entry, Math.min(entry.uncompressedSize, entryBudget(entry, limits))) : Promise.resolve(undefined);
    },
    close: () => zip.close(),
  };
}

/** One member's bytes, refused as soon as more than `budget` (at most its declared size) come out of the inflater. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err) return reject(badRequest('The zip archive is damaged.'));
      const parts: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size > budget) {
          stream.destroy();
          reject(tooLarge(`${entry.fileName} in the archive is larger once unpacked than its header says or its budget allows.`));
          return;
        }
        parts.push(c);
      });
      stream.on('error', () => reject(badRequest(`${entry.fileName} in the zip archive is damaged.`)));
      stream.on('end', () => {
        if (size !== entry.uncompressedSize) reject(badRequest(`${entry.fileName} in the zip archive is damaged.`));
        else resolve(Buffer.concat(parts));
      });
    });
  });
}
