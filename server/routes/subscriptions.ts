// Subscriptions: PUT/DELETE /subscriptions/:entity/:entityId for namespaces, lists and tasks (API-NOTES §12).
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { apiError, forbidden } from '../errors.js';
import { Right, checkList, checkNamespace, maxRight, rightOnList, cannotSee } from '../rights.js';
import { SUBSCRIPTION_ENTITY, type SubscriptionEntityName } from '../subscriptions.js';
import { nowIso, toWireDate } from '../clock.js';
import { userJson } from '../serialize.js';
import type { Db } from '../db/database.js';
import type { Auth } from '../context.js';

function entityType(name: string): number {
  if (!Object.hasOwn(SUBSCRIPTION_ENTITY, name)) throw apiError(12001);
  return SUBSCRIPTION_ENTITY[name as SubscriptionEntityName];
}

/** Checks the caller may read the entity and returns the (type, id) pairs of its parents, nearest first. */
async function readableWithParents(db: Db, auth: Auth, type: number, id: number): Promise<[number, number][]> {
  if (type === SUBSCRIPTION_ENTITY.namespace) {
    await checkNamespace(db, auth, id, Right.Read);
    return [];
  }
  if (type === SUBSCRIPTION_ENTITY.list) {
    const { list } = await checkList(db, auth, id, Right.Read);
    return [[SUBSCRIPTION_ENTITY.namespace, list.namespace_id]];
  }
  const task = await db
    .selectFrom('tasks')
    .innerJoin('lists', 'lists.id', 'tasks.list_id')
    .select(['tasks.list_id', 'lists.namespace_id'])
    .where('tasks.id', '=', id)
    .executeTakeFirst();
  if (!task) throw apiError(4002);
  if ((await rightOnList(db, auth, task.list_id)) === null) throw cannotSee();
  return [
    [SUBSCRIPTION_ENTITY.list, task.list_id],
    [SUBSCRIPTION_ENTITY.namespace, task.namespace_id],
  ];
}

export default async function subscriptions(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.put('/subscriptions/:entity/:entityId', async (req, reply) => {
    const auth = authOf(req);
    const params = req.params as { entity: string; entityId: string };
    const type = entityType(params.entity);
    const id = idParam(params.entityId, 'entity id');
    if (auth.kind !== 'user') throw forbidden();
    const parents = await readableWithParents(db, auth, type, id);
    // Already subscribed to this entity, or to a parent whose subscription covers it.
    for (const [t, eid] of [[type, id] as [number, number], ...parents]) {
      const existing = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', auth.userId)
        .where('entity_type', '=', t)
        .where('entity_id', '=', eid)
        .executeTakeFirst();
      if (existing) throw apiError(12002);
    }
    const row = await db
      .insertInto('subscriptions')
      .values({ entity_type: type, entity_id: id, user_id: auth.userId, created: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
    reply.code(201);
    // A subscription is the caller's own: only they can remove it.
    maxRight(reply, Right.Admin);
    return { id: row.id, entity: params.entity, entity_id: id, user: userJson(auth.user), created: toWireDate(row.created) };
  });

  app.delete('/subscriptions/:entity/:entityId', async (req) => {
    const auth = authOf(req);
    const params = req.params as { entity: string; entityId: string };
    const type = entityType(params.entity);
    const id = idParam(params.entityId, 'entity id');
    if (auth.kind !== 'user') throw forbidden();
    // Only an exact subscription of the caller can be removed; an inherited one is not theirs to remove here.
    const res = await db
      .deleteFrom('subscriptions')
      .where('user_id', '=', auth.userId)
      .where('entity_type', '=', type)
      .where('entity_id', '=', id)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw forbidden();
    return { message: 'Successfully deleted.' };
  });
}
