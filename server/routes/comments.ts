// Comments: GET/PUT /tasks/:task/comments, GET/POST/DELETE …/comments/:id (edit/delete by the author only).
import type { FastifyInstance } from 'fastify';
import { sql, type Selectable } from 'kysely';
import { authOf, idParam } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso, toWireDate } from '../clock.js';
import type { Db } from '../db/database.js';
import type { TaskCommentsTable } from '../db/schema.js';
import { notifyUsers } from '../notify.js';
import { taskSubscriberIds } from '../subscriptions.js';
import { mentionedReaders } from '../mentions.js';
import { Body, type Static } from '../validation.js';
import { Right, checkTask, maxRight } from '../rights.js';
import { parsePaging, setPaginationHeaders, sqlWindow } from '../pagination.js';
import { usersById, plainTaskJson } from '../tasks/serialize.js';
import { doerJson } from '../tasks/save.js';

type CommentRow = Selectable<TaskCommentsTable>;

async function commentsJson(db: Db, rows: CommentRow[]) {
  const users = await usersById(db, rows.map((r) => r.author_id));
  return rows.map((c) => ({
    id: c.id,
    comment: c.comment,
    author: users.get(c.author_id) ?? null,
    created: toWireDate(c.created),
    updated: toWireDate(c.updated),
  }));
}

const CommentBody = Body.object({ comment: Body.string() });

function commentText(body: Static<typeof CommentBody>): string {
  const comment = body.comment;
  if (!comment || comment.trim() === '') throw invalidData('comment: non zero value required');
  return comment;
}

async function commentOf(db: Db, taskId: number, commentId: number): Promise<CommentRow> {
  const c = await db.selectFrom('task_comments').selectAll().where('id', '=', commentId).where('task_id', '=', taskId).executeTakeFirst();
  if (!c) throw apiError(4015);
  return c;
}

export default async function comments(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  if (!config.taskCommentsEnabled) return;

  app.get<{ Params: { task: string }; Querystring: Record<string, unknown> }>('/tasks/:task/comments', async (req, reply) => {
    const auth = authOf(req);
    const { task } = await checkTask(db, auth, idParam(req.params.task, 'task'), Right.Read);
    const paging = parsePaging(req.query);
    const { limit, offset } = sqlWindow(paging);
    const total = Number((await db.selectFrom('task_comments').select(sql<number>`count(*)`.as('n')).where('task_id', '=', task.id).executeTakeFirstOrThrow()).n);
    let q = db.selectFrom('task_comments').selectAll().where('task_id', '=', task.id).orderBy('created').orderBy('id');
    if (limit !== null) q = q.limit(limit).offset(offset);
    const rows = await q.execute();
    setPaginationHeaders(reply, total, paging, rows.length);
    return commentsJson(db, rows);
  });

  app.put<{ Params: { task: string }; Body: Static<typeof CommentBody> }>('/tasks/:task/comments', { schema: { body: CommentBody } }, async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const text = commentText(req.body);
    const { row, task, right } = await db.transaction().execute(async (trx) => {
      const { task, right } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      const now = nowIso();
      const row = await trx.insertInto('task_comments').values({ comment: text, author_id: auth.userId, task_id: taskId, created: now, updated: now }).returningAll().executeTakeFirstOrThrow();
      return { row, task, right };
    });
    const [json] = await commentsJson(db, [row]);
    // Mentioned readers get one notification flagged `mentioned`, even when they also subscribe to the task.
    const mentioned = new Set(await mentionedReaders(db, task.list_id, text, auth.userId));
    const payload = { doer: doerJson(auth), task: await plainTaskJson(db, task), comment: json };
    const subscribers = (await taskSubscriberIds(db, taskId)).filter((id) => !mentioned.has(id));
    await notifyUsers(db, subscribers, auth.userId, 'task.comment', { ...payload, mentioned: false });
    await notifyUsers(db, [...mentioned], auth.userId, 'task.comment', { ...payload, mentioned: true });
    maxRight(reply, right);
    return reply.code(201).send(json);
  });

  app.get<{ Params: { task: string; id: string } }>('/tasks/:task/comments/:id', async (req, reply) => {
    const auth = authOf(req);
    const { task, right } = await checkTask(db, auth, idParam(req.params.task, 'task'), Right.Read);
    const c = await commentOf(db, task.id, idParam(req.params.id));
    maxRight(reply, right);
    return (await commentsJson(db, [c]))[0];
  });

  app.post<{ Params: { task: string; id: string }; Body: Static<typeof CommentBody> }>('/tasks/:task/comments/:id', { schema: { body: CommentBody } }, async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const commentId = idParam(req.params.id);
    const text = commentText(req.body);
    const { row, right, task, previous } = await db.transaction().execute(async (trx) => {
      const { right, task } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      const c = await commentOf(trx, taskId, commentId);
      if (c.author_id !== auth.userId) throw apiError(1);
      const row = await trx.updateTable('task_comments').set({ comment: text, updated: nowIso() }).where('id', '=', c.id).returningAll().executeTakeFirstOrThrow();
      return { row, right, task, previous: c.comment };
    });
    maxRight(reply, right);
    const [json] = await commentsJson(db, [row]);
    // An edit notifies only the people it newly mentions; editing never re-notifies subscribers.
    const mentioned = await mentionedReaders(db, task.list_id, text, auth.userId, previous);
    if (mentioned.length > 0) await notifyUsers(db, mentioned, auth.userId, 'task.comment', { doer: doerJson(auth), task: await plainTaskJson(db, task), comment: json, mentioned: true });
    return json;
  });

  app.delete<{ Params: { task: string; id: string } }>('/tasks/:task/comments/:id', async (req) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const commentId = idParam(req.params.id);
    await db.transaction().execute(async (trx) => {
      await checkTask(trx, auth, taskId, Right.ReadWrite);
      const c = await commentOf(trx, taskId, commentId);
      if (c.author_id !== auth.userId) throw apiError(1);
      await trx.deleteFrom('task_comments').where('id', '=', c.id).execute();
    });
    return { message: 'Successfully deleted.' };
  });
}
