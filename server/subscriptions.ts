// Subscriptions as objects carry them: an entity's own, or the one inherited from its list or namespace.
import type { Db } from './db/database.js';
import { toWireDate } from './clock.js';
import { readersAmong } from './rights.js';

export const SUBSCRIPTION_ENTITY = { namespace: 1, list: 2, task: 3 } as const;
export type SubscriptionEntityName = keyof typeof SUBSCRIPTION_ENTITY;
const NAMES: Record<number, SubscriptionEntityName> = { 1: 'namespace', 2: 'list', 3: 'task' };

export interface SubscriptionJson {
  id: number;
  entity: SubscriptionEntityName;
  entity_id: number;
  created: string;
}

type Row = { id: number; entity_type: number; entity_id: number; created: string };

function json(row: Row): SubscriptionJson {
  return { id: row.id, entity: NAMES[row.entity_type], entity_id: row.entity_id, created: toWireDate(row.created) };
}

async function rowsFor(db: Db, userId: number, entityType: number, ids: number[]): Promise<Map<number, Row>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscriptions')
    .select(['id', 'entity_type', 'entity_id', 'created'])
    .where('user_id', '=', userId)
    .where('entity_type', '=', entityType)
    .where('entity_id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.entity_id, r]));
}

/** The subscription seen on each namespace (own only). */
export async function namespaceSubscriptions(db: Db, userId: number, namespaceIds: number[]): Promise<Map<number, SubscriptionJson>> {
  const own = await rowsFor(db, userId, SUBSCRIPTION_ENTITY.namespace, namespaceIds);
  return new Map([...own].map(([id, r]) => [id, json(r)]));
}

/** The subscription seen on each list: its own, else its namespace's. */
export async function listSubscriptions(db: Db, userId: number, lists: { id: number; namespace_id: number }[]): Promise<Map<number, SubscriptionJson>> {
  const own = await rowsFor(
    db,
    userId,
    SUBSCRIPTION_ENTITY.list,
    lists.map((l) => l.id),
  );
  const ns = await rowsFor(
    db,
    userId,
    SUBSCRIPTION_ENTITY.namespace,
    lists.map((l) => l.namespace_id),
  );
  const out = new Map<number, SubscriptionJson>();
  for (const l of lists) {
    const r = own.get(l.id) ?? ns.get(l.namespace_id);
    if (r) out.set(l.id, json(r));
  }
  return out;
}

/** The subscription seen on each task: its own, else its list's, else its namespace's. Three queries in all. */
export async function taskSubscriptions(db: Db, userId: number, tasks: { id: number; list_id: number }[]): Promise<Map<number, SubscriptionJson>> {
  if (tasks.length === 0 || userId <= 0) return new Map();
  const lists = await db
    .selectFrom('lists')
    .select(['id', 'namespace_id'])
    .where('id', 'in', [...new Set(tasks.map((t) => t.list_id))])
    .execute();
  const listSubs = await listSubscriptions(db, userId, lists);
  const own = await rowsFor(
    db,
    userId,
    SUBSCRIPTION_ENTITY.task,
    tasks.map((t) => t.id),
  );
  const out = new Map<number, SubscriptionJson>();
  for (const t of tasks) {
    const r = own.get(t.id);
    const s = r ? json(r) : listSubs.get(t.list_id);
    if (s) out.set(t.id, s);
  }
  return out;
}

/**
 * Users subscribed to the task directly or through its list or namespace who can read it now: a subscription
 * outlives a lost share or a move to a private list, so the right is asked whenever a notification is made.
 */
export async function taskSubscriberIds(db: Db, taskId: number): Promise<number[]> {
  const task = await db
    .selectFrom('tasks')
    .innerJoin('lists', 'lists.id', 'tasks.list_id')
    .select(['tasks.id as task_id', 'lists.id as list_id', 'lists.namespace_id'])
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();
  if (!task) return [];
  const rows = await db
    .selectFrom('subscriptions')
    .select('user_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('entity_type', '=', SUBSCRIPTION_ENTITY.task), eb('entity_id', '=', task.task_id)]),
        eb.and([eb('entity_type', '=', SUBSCRIPTION_ENTITY.list), eb('entity_id', '=', task.list_id)]),
        eb.and([eb('entity_type', '=', SUBSCRIPTION_ENTITY.namespace), eb('entity_id', '=', task.namespace_id)]),
      ]),
    )
    .execute();
  return readersAmong(
    db,
    task.list_id,
    rows.map((r) => r.user_id),
  );
}
