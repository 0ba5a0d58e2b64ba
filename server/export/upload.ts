// Reading one uploaded file (a named multipart field) into memory, for avatar uploads and imports.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
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
