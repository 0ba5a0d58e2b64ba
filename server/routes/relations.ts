// Task relations: PUT /tasks/:task/relations creates the relation and its inverse; DELETE removes both.
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso, toWireDate } from '../clock.js';
import { Body, type Static } from '../validation.js';
import { Right, checkTask, maxRight } from '../rights.js';
import { usersById } from '../tasks/serialize.js';

/** Every kind with the kind the other task gets. */
export const INVERSE: Record<string, string> = {
  subtask: 'parenttask', parenttask: 'subtask',
  related: 'related',
  duplicateof: 'duplicates', duplicates: 'duplicateof',
  blocking: 'blocked', blocked: 'blocking',
  precedes: 'follows', follows: 'precedes',
  copiedfrom: 'copiedto', copiedto: 'copiedfrom',
};

function kindOf(value: unknown): string {
  if (typeof value !== 'string' || !Object.hasOwn(INVERSE, value)) throw apiError(4007);
  return value;
}

// relation_kind is checked against the kinds by kindOf (4007), the catalogue's own code for it.
const RelationBody = Body.object({ other_task_id: Body.int() });

export default async function relations(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.put<{ Params: { task: string }; Body: Static<typeof RelationBody> & Record<string, unknown> }>('/tasks/:task/relations', { schema: { body: RelationBody } }, async (req, reply) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const otherId = req.body.other_task_id;
    const kind = kindOf(req.body.relation_kind);
    if (!otherId) throw invalidData('other_task_id: non zero value required');
    if (otherId === taskId) throw apiError(4010);
    const { created, right } = await db.transaction().execute(async (trx) => {
      const { right } = await checkTask(trx, auth, taskId, Right.ReadWrite);
      await checkTask(trx, auth, otherId, Right.Read);
      const dup = await trx.selectFrom('task_relations').select('id')
        .where('task_id', '=', taskId).where('other_task_id', '=', otherId).where('relation_kind', '=', kind).executeTakeFirst();
      if (dup) throw apiError(4008);
      const now = nowIso();
      const inverse = INVERSE[kind];
      const inverseExists = await trx.selectFrom('task_relations').select('id')
        .where('task_id', '=', otherId).where('other_task_id', '=', taskId).where('relation_kind', '=', inverse).executeTakeFirst();
      await trx.insertInto('task_relations').values([
        { task_id: taskId, other_task_id: otherId, relation_kind: kind, created_by_id: auth.userId, created: now },
        ...(inverseExists ? [] : [{ task_id: otherId, other_task_id: taskId, relation_kind: inverse, created_by_id: auth.userId, created: now }]),
      ]).execute();
      await trx.updateTable('tasks').set({ updated: now }).where('id', 'in', [taskId, otherId]).execute();
      return { created: now, right };
    });
    const users = await usersById(db, [auth.userId]);
    // The right on the task in the path, whose relation this is.
    maxRight(reply, right);
    return reply.code(201).send({
      task_id: taskId,
      other_task_id: otherId,
      relation_kind: kind,
      created_by: users.get(auth.userId) ?? null,
      created: toWireDate(created),
    });
  });

  app.delete<{ Params: { task: string; kind: string; otherTask: string } }>('/tasks/:task/relations/:kind/:otherTask', async (req) => {
    const auth = authOf(req);
    const taskId = idParam(req.params.task, 'task');
    const otherId = idParam(req.params.otherTask, 'otherTask');
    const kind = kindOf(req.params.kind);
    await db.transaction().execute(async (trx) => {
      await checkTask(trx, auth, taskId, Right.ReadWrite);
      const row = await trx.selectFrom('task_relations').select('id')
        .where('task_id', '=', taskId).where('other_task_id', '=', otherId).where('relation_kind', '=', kind).executeTakeFirst();
      if (!row) throw apiError(4009);
      // Both directions go: the reference left the inverse row behind.
      await trx.deleteFrom('task_relations').where((eb) => eb.or([
        eb.and([eb('task_id', '=', taskId), eb('other_task_id', '=', otherId), eb('relation_kind', '=', kind)]),
        eb.and([eb('task_id', '=', otherId), eb('other_task_id', '=', taskId), eb('relation_kind', '=', INVERSE[kind])]),
      ])).execute();
      await trx.updateTable('tasks').set({ updated: nowIso() }).where('id', 'in', [taskId, otherId]).execute();
    });
    return { message: 'Successfully deleted.' };
  });
}
