// List backgrounds: PUT /lists/:list/backgrounds/upload (multipart `background`), GET and DELETE /lists/:list/background.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { authOf, idParam } from '../context.js';
import { apiError, invalidData, notFound } from '../errors.js';
import { Right, checkList, maxRight } from '../rights.js';
import { deleteFiles, openFile, storeReplacing } from '../files.js';
import { nowIso } from '../clock.js';
import { listJson } from '../lists/serialize.js';
import { blurHashOf } from '../lists/blurHash.js';
import { webImageMime } from '../fileType.js';
import { multipartError } from '../export/upload.js';
import { userFileHeaders } from '../securityHeaders.js';

export default async function backgrounds(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  if (!config.backgroundsEnabled) return;
  // Multipart parsing is registered for this plugin's routes only.
  await app.register(multipart, { limits: { fileSize: config.maxFileSize, files: 1 } });

  app.put('/lists/:list/backgrounds/upload', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { list: string }).list, 'list id');
    const { right } = await checkList(db, auth, id, Right.ReadWrite);
    if (!req.isMultipart()) throw invalidData('background: must be sent as multipart/form-data');
    let file: Awaited<ReturnType<typeof req.file>>;
    try {
      file = await req.file();
    } catch (err) {
      throw multipartError(err, 'background');
    }
    if (!file || file.fieldname !== 'background') throw invalidData('background: a file is required');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw apiError(4012, 'The background file is too large.');
      throw multipartError(err, 'background');
    }
    // The bytes decide: the reference client declares every file application/octet-stream, and a declared
    // image/png proves nothing about the content.
    const mime = await webImageMime(data);
    if (!mime) throw invalidData('background: the file is not an image');
    const blurHash = await blurHashOf(data);
    const updated = await storeReplacing(db, config, data, { name: file.filename || 'background', mime, createdById: auth.userId }, async (trx, stored) => {
      const before = await trx.selectFrom('lists').select('background_file_id').where('id', '=', id).executeTakeFirst();
      await trx.updateTable('lists').set({ background_file_id: stored.id, background_blur_hash: blurHash, updated: nowIso() }).where('id', '=', id).execute();
      return { result: await trx.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), replaced: before?.background_file_id };
    });
    maxRight(reply, right);
    return listJson(db, auth, updated);
  });

  app.get('/lists/:list/background', async (req, reply) => {
    const auth = authOf(req);
    const { list } = await checkList(db, auth, idParam((req.params as { list: string }).list, 'list id'), Right.Read);
    if (!list.background_file_id) throw notFound();
    const meta = await db.selectFrom('files').select(['mime']).where('id', '=', list.background_file_id).executeTakeFirst();
    const opened = meta ? await openFile(config, list.background_file_id) : null;
    if (!meta || !opened) throw notFound();
    return userFileHeaders(reply)
      .type(meta.mime || 'application/octet-stream')
      .header('content-length', opened.size)
      .send(opened.stream);
  });

  // The reference let read-only users remove a background; removing it is a change, so it needs write here.
  app.delete('/lists/:list/background', async (req, reply) => {
    const auth = authOf(req);
    const id = idParam((req.params as { list: string }).list, 'list id');
    const { list, right } = await checkList(db, auth, id, Right.ReadWrite);
    const updated = await db.transaction().execute(async (trx) => {
      await trx.updateTable('lists').set({ background_file_id: null, background_blur_hash: '', updated: nowIso() }).where('id', '=', id).execute();
      return trx.selectFrom('lists').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    });
    // Only once the list no longer points at it.
    if (list.background_file_id) await deleteFiles(db, config, [list.background_file_id]);
    maxRight(reply, right);
    return listJson(db, auth, updated);
  });
}
