// Labels on a task: PUT/GET /tasks/:task/labels, DELETE …/labels/:label, POST …/labels/bulk (replace the set).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { authOf, idParam } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso, toWireDate } from '../clock.js';
import { asBody, Fields } from '../tasks/input.js';
import { Body, type Static } from '../validation.js';
import { Right, checkTask, maxRight } from '../rights.js';
import { parsePaging, setPaginationHeaders, sqlWindow } from '../pagination.js';
import { queryValue } from '../query.js';
import { visibleLabel, labelsJson } from './labels.js';

const TaskLabelBody = Body.object({ label_id: Body.int() });

export default async function taskLabels(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.put<{ Params: { task: string }; Body: Static<typeof TaskLabelBody> }>('/tasks/:task/labels', { schema: { body: TaskLabelBody } }, async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const labelId = req.body.label_id;
    if (!labelId) throw invalidData('label_id: non zero value required');
    const { created, right } = await db.transaction().execute(async (trx) => {
      const { right } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      await visibleLabel(trx, auth, labelId);
      const dup = await trx.selectFrom('label_tasks').select('id').where('task_id', '=', taskId).where('label_id', '=', labelId).executeTakeFirst();
      if (dup) throw apiError(8001);
      const now = nowIso();
      await trx.insertInto('label_tasks').values({ task_id: taskId, label_id: labelId, created: now }).execute();
      await trx.updateTable('tasks').set({ updated: now }).where('id', '=', taskId).execute();
      return { created: now, right };
    });
    maxRight(reply, right);
    return reply.code(201).send({ label_id: labelId, created: toWireDate(created) });
  });

  app.get<{ Params: { task: string }; Querystring: Record<string, unknown> }>('/tasks/:task/labels', async (req, reply) => {
    const auth = authOf(req);
    const { task } = await checkTask(db, auth, idParam(req.params.task, 'task'), Right.Read);
    const paging = parsePaging(req.query);
    const { limit, offset } = sqlWindow(paging);
    const s = (queryValue(req.query.s) ?? '').trim();
    let q = db.selectFrom('labels').innerJoin('label_tasks', 'label_tasks.label_id', 'labels.id').where('label_tasks.task_id', '=', task.id);
    if (s) q = q.where(sql<boolean>`lower(labels.title) like lower(${`%${s}%`})`);
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    let page = q.selectAll('labels').orderBy('labels.id');
    if (limit !== null) page = page.limit(limit).offset(offset);
    const rows = await page.execute();
    setPaginationHeaders(reply, total, paging, rows.length);
    return rows.length ? labelsJson(db, rows) : null;
  });

  app.delete<{ Params: { task: string; label: string } }>('/tasks/:task/labels/:label', async (req) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const labelId = idParam(req.params.label, 'label');
    await db.transaction().execute(async (trx) => {
      await checkTask(trx, auth, taskId, Right.ReadWrite);
      const link = await trx.selectFrom('label_tasks').select('id').where('task_id', '=', taskId).where('label_id', '=', labelId).executeTakeFirst();
      if (!link) throw apiError(8002);
      await trx.deleteFrom('label_tasks').where('id', '=', link.id).execute();
      await trx.updateTable('tasks').set({ updated: nowIso() }).where('id', '=', taskId).execute();
    });
    return { message: 'Successfully deleted.' };
  });

  app.post<{ Params: { task: string } }>('/tasks/:task/labels/bulk', async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const f = new Fields(asBody(req.body));
    const ids = f.ids('labels') ?? [];
    f.done();
    const { rows, right } = await db.transaction().execute(async (trx) => {
      const { right } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      const current = await trx.selectFrom('label_tasks').select('label_id').where('task_id', '=', taskId).execute();
      const have = new Set(current.map((c) => c.label_id));
      const want = new Set(ids);
      // Labels already on the task stay even if the caller could not attach them now.
      for (const id of want) if (!have.has(id)) await visibleLabel(trx, auth, id);
      const removed = [...have].filter((id) => !want.has(id));
      if (removed.length) await trx.deleteFrom('label_tasks').where('task_id', '=', taskId).where('label_id', 'in', removed).execute();
      const now = nowIso();
      const added = [...want].filter((id) => !have.has(id));
      if (added.length) await trx.insertInto('label_tasks').values(added.map((label_id) => ({ task_id: taskId, label_id, created: now }))).execute();
      await trx.updateTable('tasks').set({ updated: now }).where('id', '=', taskId).execute();
      const rows = ids.length ? await trx.selectFrom('labels').selectAll().where('id', 'in', ids).orderBy('id').execute() : [];
      return { rows, right };
    });
    maxRight(reply, right);
    return reply.code(201).send({ labels: rows.length ? await labelsJson(db, rows) : null });
  });
}
