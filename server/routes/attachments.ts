// Attachments: GET/PUT /tasks/:task/attachments (multipart `files`), GET (download)/DELETE …/attachments/:id.
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import { authOf, idParam } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso } from '../clock.js';
import type { Db } from '../db/database.js';
import { saveFile, openFile, deleteFiles } from '../files.js';
import { attachmentMime } from '../fileType.js';
import { multipartError, UploadSpool, type SpooledFile } from '../export/upload.js';
import { userFileHeaders } from '../securityHeaders.js';
import { Right, checkTask, maxRight } from '../rights.js';
import { parsePaging, setPaginationHeaders, sqlWindow } from '../pagination.js';
import { attachmentJson, attachmentRows, usersById, type AttachmentRow } from '../tasks/serialize.js';

async function attachmentsJson(db: Db, rows: AttachmentRow[]) {
  const users = await usersById(
    db,
    rows.map((r) => r.created_by_id),
  );
  return rows.map((r) => attachmentJson(r, users));
}

/** RFC 6266 header keeping non-ASCII names intact. */
function disposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export default async function attachments(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  // Off → the routes do not exist (404), as in the reference.
  if (!config.taskAttachmentsEnabled) return;
  await app.register(multipart, { limits: { fileSize: config.maxFileSize, files: 100 } });

  app.get<{ Params: { task: string }; Querystring: Record<string, unknown> }>('/tasks/:task/attachments', async (req, reply) => {
    const auth = authOf(req);
    const { task } = await checkTask(db, auth, idParam(req.params.task, 'task'), Right.Read);
    const paging = parsePaging(req.query);
    const { limit, offset } = sqlWindow(paging);
    const total = Number(
      (
        await db
          .selectFrom('task_attachments')
          .select(sql<number>`count(*)`.as('n'))
          .where('task_id', '=', task.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    let q = attachmentRows(db).where('task_attachments.task_id', '=', task.id).orderBy('task_attachments.id');
    if (limit !== null) q = q.limit(limit).offset(offset);
    const rows = await q.execute();
    setPaginationHeaders(reply, total, paging, rows.length);
    return rows.length ? attachmentsJson(db, rows) : null;
  });

  app.put<{ Params: { task: string } }>('/tasks/:task/attachments', async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const { right } = await checkTask(db, auth, taskId, Right.ReadWrite);
    if (!req.isMultipart()) throw invalidData('files: must be sent as multipart/form-data');
    // Every file goes to disk first, so an oversized one fails the request before anything is stored, and up to
    // 100 files of the size limit never sit in memory together; each is read back only while it is stored.
    const spool = new UploadSpool();
    let ids: number[];
    try {
      const files: SpooledFile[] = [];
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'files') {
            part.file.resume();
            continue;
          }
          files.push(await spool.add(part));
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw apiError(4012);
        throw multipartError(err, 'files');
      }
      if (files.some((f) => f.size > config.maxFileSize)) throw apiError(4012);
      if (files.length === 0) throw invalidData('files: at least one file is required');
      const saved: number[] = [];
      try {
        ids = await db.transaction().execute(async (trx) => {
          await checkTask(trx, auth, taskId, Right.ReadWrite);
          const out: number[] = [];
          const now = nowIso();
          for (const f of files) {
            const data = await readFile(f.path);
            const file = await saveFile(trx, config, data, {
              name: f.filename || 'file',
              mime: await attachmentMime(data, f.mimetype),
              createdById: auth.userId,
            });
            saved.push(file.id);
            const row = await trx
              .insertInto('task_attachments')
              .values({ task_id: taskId, file_id: file.id, created_by_id: auth.userId, created: now })
              .returning('id')
              .executeTakeFirstOrThrow();
            out.push(row.id);
          }
          await trx.updateTable('tasks').set({ updated: now }).where('id', '=', taskId).execute();
          return out;
        });
      } catch (err) {
        // The rows rolled back; the bytes written so far must go too.
        await deleteFiles(db, config, saved).catch(() => undefined);
        throw err;
      }
    } finally {
      await spool.remove();
    }
    const rows = await attachmentRows(db).where('task_attachments.id', 'in', ids).orderBy('task_attachments.id').execute();
    maxRight(reply, right);
    return { errors: null, success: await attachmentsJson(db, rows) };
  });

  app.get<{ Params: { task: string; id: string } }>('/tasks/:task/attachments/:id', async (req, reply) => {
    const auth = authOf(req);
    const { task } = await checkTask(db, auth, idParam(req.params.task, 'task'), Right.Read);
    const row = await attachmentRows(db)
      .where('task_attachments.id', '=', idParam(req.params.id))
      .where('task_attachments.task_id', '=', task.id)
      .executeTakeFirst();
    if (!row) throw apiError(4011);
    const opened = await openFile(config, row.file_id);
    if (!opened) throw apiError(4011);
    // Always a download, never a page of this origin: HTML or SVG opened inline could run script here.
    return userFileHeaders(reply)
      .header('content-type', row.mime || 'application/octet-stream')
      .header('content-disposition', disposition(row.name))
      .header('content-length', opened.size)
      .send(opened.stream);
  });

  app.delete<{ Params: { task: string; id: string } }>('/tasks/:task/attachments/:id', async (req) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const attachmentId = idParam(req.params.id);
    await db.transaction().execute(async (trx) => {
      await checkTask(trx, auth, taskId, Right.ReadWrite);
      const row = await trx.selectFrom('task_attachments').selectAll().where('id', '=', attachmentId).where('task_id', '=', taskId).executeTakeFirst();
      if (!row) throw apiError(4011);
      await trx.deleteFrom('task_attachments').where('id', '=', row.id).execute();
      // A deleted cover image leaves the task without a cover rather than pointing at nothing.
      await trx.updateTable('tasks').set({ cover_image_attachment_id: 0 }).where('id', '=', taskId).where('cover_image_attachment_id', '=', row.id).execute();
      await deleteFiles(trx, config, [row.file_id]);
    });
    return { message: 'Successfully deleted.' };
  });
}
