// Task routes: create in a list, read, update (full replace), delete and bulk update.
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { ApiError, ERRORS, apiError, invalidData } from '../errors.js';
import { ifMatchAllows, taskEtag } from '../tasks/etag.js';
import { holdVersion, isConditional } from '../etag.js';
import { deleteTasks } from '../cascade.js';
import { notifyUsers } from '../notify.js';
import { taskSubscriberIds } from '../subscriptions.js';
import { Right, checkList, checkTask, maxRight, type RightLevel } from '../rights.js';
import { parseTaskBody, asBody, type TaskInput } from '../tasks/input.js';
import { createTask, updateTask, notifyAssigned, doerJson } from '../tasks/save.js';
import { tasksJson, plainTaskJson, type TaskRow } from '../tasks/serialize.js';

/**
 * The most tasks one bulk edit may change. Each task is a full update (buckets, repeats, reminders, assignees,
 * notifications) inside one transaction, so the cap bounds how long one request can hold the database.
 */
export const MAX_BULK_TASKS = 1000;
const BULK_CHUNK = 500;

/** A full input that restates the stored task, so a bulk edit writes only the keys it was sent. */
function inputFromRow(t: TaskRow, body: TaskInput): TaskInput {
  const p = body.present;
  const pick = <K extends keyof TaskInput>(key: K, wire: string, stored: TaskInput[K]): TaskInput[K] => (p.has(wire) ? body[key] : stored);
  return {
    title: p.has('title') && body.title !== '' ? body.title : undefined,
    description: pick('description', 'description', t.description),
    done: pick('done', 'done', Boolean(t.done)),
    due_date: pick('due_date', 'due_date', t.due_date),
    start_date: pick('start_date', 'start_date', t.start_date),
    end_date: pick('end_date', 'end_date', t.end_date),
    repeat_after: pick('repeat_after', 'repeat_after', t.repeat_after),
    repeat_mode: t.repeat_mode,
    priority: pick('priority', 'priority', t.priority),
    hex_color: t.hex_color,
    percent_done: t.percent_done,
    position: t.position,
    kanban_position: t.kanban_position,
    cover_image_attachment_id: t.cover_image_attachment_id,
    is_favorite: false,
    reminders: [],
    assignees: body.assignees,
    bucket_id: 0,
    list_id: 0,
    present: p,
  };
}

export default async function tasks(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;

  app.put<{ Params: { list: string } }>('/lists/:list', async (req, reply) => {
    const auth = authOf(req);
    const listId = idParam(req.params.list, 'list');
    const input = parseTaskBody(req.body);
    const result = await db.transaction().execute(async (trx) => {
      const { list, right } = await checkList(trx, auth, listId, Right.ReadWrite, { scope: 'content' });
      const { task, assigned } = await createTask(trx, auth, list, input);
      return { task, assigned, right };
    });
    await notifyAssigned(db, auth, result.task.id, result.assigned);
    const [json] = await tasksJson(db, auth, [result.task], { subscription: true });
    maxRight(reply, result.right);
    return reply.code(201).header('etag', taskEtag(result.task)).send(json);
  });

  app.get<{ Params: { task: string } }>('/tasks/:task', async (req, reply) => {
    const auth = authOf(req);
    const { task, right } = await checkTask(db, auth, idParam(req.params.task, 'task'), Right.Read);
    const [json] = await tasksJson(db, auth, [task], { subscription: true });
    maxRight(reply, right);
    reply.header('etag', taskEtag(task));
    return json;
  });

  app.post<{ Params: { task: string } }>('/tasks/:task', async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const input = parseTaskBody(req.body);
    const result = await db.transaction().execute(async (trx) => {
      const { task, right } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      // Checked inside the transaction and with the row held, so no other update can land between the check and the write.
      if (!ifMatchAllows(req.headers['if-match'], taskEtag(task)) || (isConditional(req) && !(await holdVersion(trx, 'tasks', task)))) {
        const latest = await trx.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
        const [current] = await tasksJson(trx, auth, [latest], { subscription: true });
        reply.header('etag', taskEtag(latest));
        maxRight(reply, right);
        throw new ApiError(ERRORS[4090][0], 4090, ERRORS[4090][1], undefined, { current });
      }
      return { ...(await updateTask(trx, auth, task, input)), right };
    });
    await notifyAssigned(db, auth, taskId, result.assigned);
    const [json] = await tasksJson(db, auth, [result.task], { subscription: true });
    maxRight(reply, result.right);
    reply.header('etag', taskEtag(result.task));
    return json;
  });

  app.delete<{ Params: { task: string } }>('/tasks/:task', async (req) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const { task } = await checkTask(db, auth, taskId, Right.ReadWrite);
    // Subscribers and the payload must be read before the task and its subscriptions are gone.
    const subscribers = await taskSubscriberIds(db, taskId);
    const payload = { doer: doerJson(auth), task: await plainTaskJson(db, task) };
    await db.transaction().execute(async (trx) => {
      await checkTask(trx, auth, taskId, Right.ReadWrite);
      await deleteTasks(trx, config, [taskId]);
    });
    await notifyUsers(db, subscribers, auth.userId, 'task.deleted', payload);
    return { message: 'Successfully deleted.' };
  });

  app.post('/tasks/bulk', async (req, reply) => {
    const auth = authOf(req);
    const body = asBody(req.body);
    const rawIds = body.task_ids;
    if (rawIds !== undefined && rawIds !== null && (!Array.isArray(rawIds) || rawIds.some((id) => typeof id !== 'number' || !Number.isInteger(id)))) {
      throw invalidData('task_ids: must be an array of task ids');
    }
    const ids = [...new Set((rawIds as number[] | null | undefined) ?? [])];
    if (ids.length === 0) throw apiError(4004);
    if (ids.length > MAX_BULK_TASKS) throw invalidData(`task_ids: at most ${MAX_BULK_TASKS} tasks per bulk edit`);
    const input = parseTaskBody(body);
    const result = await db.transaction().execute(async (trx) => {
      const rows: TaskRow[] = [];
      // One bound variable per id: chunks stay far below SQLite's limit of 32,766 variables per statement.
      for (let i = 0; i < ids.length; i += BULK_CHUNK) {
        rows.push(...(await trx.selectFrom('tasks').selectAll().where('id', 'in', ids.slice(i, i + BULK_CHUNK)).execute()));
      }
      rows.sort((a, b) => a.id - b.id);
      if (rows.length !== ids.length) throw apiError(4002);
      if (new Set(rows.map((r) => r.list_id)).size > 1) throw apiError(4003);
      const saved: TaskRow[] = [];
      const assigned: { taskId: number; users: Awaited<ReturnType<typeof updateTask>>['assigned'] }[] = [];
      // All tasks share one list (4003 above), so this is the right on that list.
      let right: RightLevel = Right.Read;
      for (const row of rows) {
        ({ right } = await checkTask(trx, auth, row.id, Right.ReadWrite));
        const out = await updateTask(trx, auth, row, inputFromRow(row, input), {
          reminders: true,
          assignees: !input.present.has('assignees'),
          favorite: true,
        });
        saved.push(out.task);
        assigned.push({ taskId: row.id, users: out.assigned });
      }
      return { saved, assigned, right };
    });
    for (const a of result.assigned) await notifyAssigned(db, auth, a.taskId, a.users);
    const json = await tasksJson(db, auth, result.saved);
    maxRight(reply, result.right);
    // The reference answers with the bulk body: the task fields plus task_ids; the updated tasks come along.
    return { ...json[0], task_ids: ids, tasks: json };
  });
}
