// Writing and reading the zip archives of data exports (whole archive in memory).
import { ZipArchive } from 'archiver';
import yauzl from 'yauzl';
import { badRequest } from '../errors.js';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
}

export async function writeZip(entries: ZipEntry[]): Promise<Buffer> {
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
  /** Most bytes all entries may inflate to together (guards against zip bombs). */
  maxTotalBytes: number;
}

/** Every file entry of an archive by name; a broken or oversized archive → 400. */
export async function readZip(data: Buffer, limits: ReadLimits): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, validateEntrySizes: true });
  } catch {
    throw badRequest('The uploaded file is not a zip archive.');
  }
  const out = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        if (out.size >= limits.maxEntries) return reject(badRequest('The archive has too many entries.'));
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) return reject(badRequest('The archive is too large once unpacked.'));
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } catch (err) {
    if (err instanceof Error && 'status' in err) throw err;
    throw badRequest('The zip archive is damaged.');
  } finally {
    zip.close();
  }
  return out;
}
