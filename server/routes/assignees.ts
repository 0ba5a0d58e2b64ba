// Assignees: PUT/GET /tasks/:task/assignees, DELETE …/assignees/:userId, POST …/assignees/bulk (replace the set).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { authOf, idParam } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso, toWireDate } from '../clock.js';
import { userJson } from '../serialize.js';
import { asBody, Fields } from '../tasks/input.js';
import { Body, type Static } from '../validation.js';
import { Right, checkTask, maxRight } from '../rights.js';
import { parsePaging, setPaginationHeaders, sqlWindow } from '../pagination.js';
import { queryValue } from '../query.js';
import { checkAssignable, assignUsers, replaceAssignees, notifyAssigned } from '../tasks/save.js';

const AssigneeBody = Body.object({ user_id: Body.int() });

export default async function assignees(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.put<{ Params: { task: string }; Body: Static<typeof AssigneeBody> }>('/tasks/:task/assignees', { schema: { body: AssigneeBody } }, async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const userId = req.body.user_id;
    if (!userId) throw invalidData('user_id: non zero value required');
    const result = await db.transaction().execute(async (trx) => {
      const { task, right } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      const [user] = await checkAssignable(trx, task.list_id, [userId]);
      const dup = await trx.selectFrom('task_assignees').select('id').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst();
      if (dup) throw apiError(4021);
      await assignUsers(trx, task, [user]);
      const row = await trx.selectFrom('task_assignees').select('created').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirstOrThrow();
      await trx.updateTable('tasks').set({ updated: nowIso() }).where('id', '=', taskId).execute();
      return { user, created: row.created, right };
    });
    await notifyAssigned(db, auth, taskId, [result.user]);
    maxRight(reply, result.right);
    // `Created` (capital C) is the reference's key; the reference sent the zero date, this sends the real time.
    return reply.code(201).send({ user_id: userId, Created: toWireDate(result.created) });
  });

  app.get<{ Params: { task: string }; Querystring: Record<string, unknown> }>('/tasks/:task/assignees', async (req, reply) => {
    const auth = authOf(req);
    const { task } = await checkTask(db, auth, idParam(req.params.task, 'task'), Right.Read);
    const paging = parsePaging(req.query);
    const { limit, offset } = sqlWindow(paging);
    const s = (queryValue(req.query.s) ?? '').trim();
    let q = db.selectFrom('users').innerJoin('task_assignees', 'task_assignees.user_id', 'users.id').where('task_assignees.task_id', '=', task.id);
    if (s) q = q.where(sql<boolean>`lower(users.username) like lower(${`%${s}%`})`);
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    let page = q.select(['users.id', 'users.name', 'users.username', 'users.created', 'users.updated']).orderBy('task_assignees.id');
    if (limit !== null) page = page.limit(limit).offset(offset);
    const rows = await page.execute();
    setPaginationHeaders(reply, total, paging, rows.length);
    return rows.length ? rows.map(userJson) : null;
  });

  app.delete<{ Params: { task: string; userId: string } }>('/tasks/:task/assignees/:userId', async (req) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const userId = idParam(req.params.userId, 'userId');
    await db.transaction().execute(async (trx) => {
      await checkTask(trx, auth, taskId, Right.ReadWrite);
      const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
      if (!user) throw apiError(1005);
      const res = await trx.deleteFrom('task_assignees').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst();
      if (Number(res.numDeletedRows) > 0) await trx.updateTable('tasks').set({ updated: nowIso() }).where('id', '=', taskId).execute();
    });
    return { message: 'Successfully deleted.' };
  });

  app.post<{ Params: { task: string } }>('/tasks/:task/assignees/bulk', async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const f = new Fields(asBody(req.body));
    const ids = f.ids('assignees') ?? [];
    f.done();
    const result = await db.transaction().execute(async (trx) => {
      const { task, right } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      const added = await replaceAssignees(trx, task, ids);
      await trx.updateTable('tasks').set({ updated: nowIso() }).where('id', '=', taskId).execute();
      const users = ids.length
        ? await trx.selectFrom('users').innerJoin('task_assignees', 'task_assignees.user_id', 'users.id')
            .select(['users.id', 'users.name', 'users.username', 'users.created', 'users.updated'])
            .where('task_assignees.task_id', '=', taskId).orderBy('task_assignees.id').execute()
        : [];
      return { added, users, right };
    });
    await notifyAssigned(db, auth, taskId, result.added);
    maxRight(reply, result.right);
    return reply.code(201).send({ assignees: result.users.length ? result.users.map(userJson) : null });
  });
}
