// Where the bytes of stored files live: a folder (<data>/files/), an S3-compatible bucket, or memory (in-memory test
// servers). Keyed by file id; the rows in `files` stay in the database whatever the store.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';
import type { Config } from './config.js';

export type FileBody = Buffer | Readable;

export interface FileStore {
  /** Writes the bytes of file `id`; a stream is passed through, never gathered whole. */
  put(id: number, body: FileBody, size: number): Promise<void>;
  /** The bytes of file `id` as a stream with their length, or null when they are gone. */
  open(id: number): Promise<{ stream: Readable; size: number } | null>;
  /** Removes the bytes of these files; ids without bytes are skipped. */
  remove(ids: number[]): Promise<void>;
  /** Throws a readable error when the store cannot be used (checked at start, not at the first upload). */
  check(): Promise<void>;
}

export async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

function isMissing(err: unknown): boolean {
  return (err as { code?: string }).code === 'ENOENT';
}

export function localFileStore(dir: string): FileStore {
  const file = (id: number) => path.join(dir, String(id));
  // Made on the first write, so a server whose files go elsewhere leaves no empty folder behind.
  let made: Promise<unknown> | null = null;
  return {
    async put(id, body) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      if (Buffer.isBuffer(body)) await writeFile(file(id), body);
      else await pipeline(body, createWriteStream(file(id)));
    },
    async open(id) {
      try {
        const { size } = await stat(file(id));
        return { stream: createReadStream(file(id)), size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(ids) {
      await Promise.all(ids.map((id) => rm(file(id), { force: true })));
    },
    async check() {},
  };
}

export function memoryFileStore(): FileStore {
  const bytes = new Map<number, Buffer>();
  return {
    async put(id, body) {
      bytes.set(id, Buffer.isBuffer(body) ? body : await streamToBuffer(body));
    },
    async open(id) {
      const b = bytes.get(id);
      return b ? { stream: Readable.from([b]), size: b.length } : null;
    },
    async remove(ids) {
      for (const id of ids) bytes.delete(id);
    },
    async check() {},
  };
}

/**
 * A bucket of any S3-compatible service. Credentials, region and endpoint come from the AWS SDK's own environment
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL_S3, or its config files).
 */
export function s3FileStore(s3: { bucket: string; forcePathStyle: boolean }): FileStore {
  // The SDK loads with the first file: a server without a bucket never pays its ~20 MB, one with it pays it once.
  let loaded: Promise<{ sdk: typeof S3; Upload: typeof S3Upload; client: S3.S3Client }> | null = null;
  const load = () =>
    (loaded ??= (async () => {
      const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
      const client = new sdk.S3Client({
        forcePathStyle: s3.forcePathStyle,
        // Checksums only where the S3 API demands them, unless the environment says otherwise: many S3-compatible
        // services reject the SDK's default trailing checksums on uploads.
        ...(process.env.AWS_REQUEST_CHECKSUM_CALCULATION ? {} : { requestChecksumCalculation: 'WHEN_REQUIRED' as const }),
        ...(process.env.AWS_RESPONSE_CHECKSUM_VALIDATION ? {} : { responseChecksumValidation: 'WHEN_REQUIRED' as const }),
      });
      return { sdk, Upload, client };
    })());
  const key = (id: number) => `files/${id}`;
  return {
    async put(id, body, size) {
      const { Upload, client } = await load();
      // Multipart for large streams (parts of 8 MB in memory at most), a single PUT for small bodies.
      const upload = new Upload({
        client,
        params: { Bucket: s3.bucket, Key: key(id), Body: body, ...(Buffer.isBuffer(body) || size > 0 ? { ContentLength: size } : {}) },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
      });
      await upload.done();
    },
    async open(id) {
      const { sdk, client } = await load();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: key(id) }));
        return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(ids) {
      const { sdk, client } = await load();
      await Promise.all(ids.map((id) => client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: key(id) }))));
    },
    async check() {
      const { sdk, client } = await load();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket: s3.bucket }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        const reason =
          status === 404
            ? 'it does not exist (create it first)'
            : status === 403 || status === 401
              ? 'access was denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)'
              : (err as Error).message || String(err);
        throw new Error(`The S3 bucket "${s3.bucket}" (KEYFLOW_S3_BUCKET) cannot be used: ${reason}`);
      }
    },
  };
}

/** One store per configuration: a server's config object lives as long as the server. */
const stores = new WeakMap<Config, FileStore>();
/** In-memory servers (tests) keep file bytes by their secret, so servers built on one config share them. */
const memoryStores = new Map<string, FileStore>();

export function fileStoreFor(config: Config): FileStore {
  let store = stores.get(config);
  if (store) return store;
  if (config.s3) store = s3FileStore(config.s3);
  else if (config.dataDir) store = localFileStore(path.join(config.dataDir, 'files'));
  else {
    store = memoryStores.get(config.jwtSecret);
    if (!store) memoryStores.set(config.jwtSecret, (store = memoryFileStore()));
  }
  stores.set(config, store);
  return store;
}
