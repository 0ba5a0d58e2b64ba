// Reading one uploaded file (a named multipart field) into memory, for avatar uploads and imports.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { badRequest } from '../errors.js';

/** Adds multipart parsing to a route module's scope unless an outer scope already has it. */
export async function ensureMultipart(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart);
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
  if (!req.isMultipart()) throw badRequest(`Expected a multipart/form-data body with a "${field}" file.`);
  let found: Upload | null = null;
  for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 10 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname === field && !found) {
      found = { data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
    } else {
      part.file.resume();
    }
  }
  if (!found) throw badRequest(`No file was sent in the "${field}" field.`);
  return found;
}
