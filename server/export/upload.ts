// Reading uploaded files: one named multipart field into memory (avatars, CSV imports), or parts spooled to disk.
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { ApiError, invalidData } from '../errors.js';

/** Adds multipart parsing to a route module's scope unless an outer scope already has it. */
export async function ensureMultipart(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart);
}

/**
 * The error to answer for a failure while reading multipart parts. The parser's own errors for a body that is not
 * valid multipart (no boundary, cut off, broken part headers) carry no HTTP status and would surface as 500: they
 * are bad input, so they become 400/2002 naming the field. Errors with a 4xx status (size limits) pass unchanged.
 */
export function multipartError(err: unknown, field: string): unknown {
  if (err instanceof ApiError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return err;
  return invalidData(`${field}: the multipart/form-data body is malformed`);
}

export interface Upload {
  data: Buffer;
  filename: string;
  mimetype: string;
}

/**
 * The bytes of the first file sent in `field`. Other fields are drained and ignored. Larger than
 * `maxBytes` → 413 (the multipart plugin's error, answered by the app's error handler).
 */
export async function readUpload(req: FastifyRequest, field: string, maxBytes: number): Promise<Upload> {
  if (!req.isMultipart()) throw invalidData(`${field}: must be sent as multipart/form-data`);
  let found: Upload | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 10 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === field && !found) {
        found = { data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    throw multipartError(err, field);
  }
  if (!found) throw invalidData(`${field}: a file is required`);
  return found;
}

/** The multipart plugin's own error for a file over its limit, which routes already answer (413 or their code). */
const fileTooLarge = () => Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });

/** A file part written to a temporary file as it arrives, so its size never sits in memory. */
export interface SpooledFile {
  path: string;
  size: number;
  fieldname: string;
  filename: string;
  mimetype: string;
}

/**
 * Temporary files for one request's uploads, in a folder of their own; `remove()` deletes them all. A part over
 * the multipart limit fails while it is written (the plugin's 413 error).
 */
export class UploadSpool {
  readonly files: SpooledFile[] = [];
  private dir: string | null = null;

  async add(part: MultipartFile): Promise<SpooledFile> {
    this.dir ??= await mkdtemp(path.join(tmpdir(), 'keyflow-upload-'));
    const file = path.join(this.dir, String(this.files.length));
    await pipeline(part.file, createWriteStream(file));
    // A part cut off at the size limit ends normally; only its flag says so.
    if (part.file.truncated) throw fileTooLarge();
    const spooled = { path: file, size: (await stat(file)).size, fieldname: part.fieldname, filename: part.filename, mimetype: part.mimetype };
    this.files.push(spooled);
    return spooled;
  }

  async remove(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}

/** Like readUpload, but the file goes to `spool` on disk: for archives, which are read back one member at a time. */
export async function spoolUpload(req: FastifyRequest, field: string, maxBytes: number, spool: UploadSpool): Promise<SpooledFile> {
  if (!req.isMultipart()) throw invalidData(`${field}: must be sent as multipart/form-data`);
  let found: SpooledFile | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 10 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname === field && !found) found = await spool.add(part);
      else part.file.resume();
    }
  } catch (err) {
    throw multipartError(err, field);
  }
  if (!found) throw invalidData(`${field}: a file is required`);
  return found;
}
