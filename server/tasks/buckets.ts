// Kanban bucket rules shared by task and bucket routes: the default bucket, the done bucket, limits, JSON.
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { BucketsTable } from '../db/schema.js';
import { apiError } from '../errors.js';
import { nowIso, toWireDate } from '../clock.js';
import type { TaskJson, UserJson } from './serialize.js';

export type BucketRow = Selectable<BucketsTable>;
export const POSITION_STEP = 65536;

/**
 * The bucket new tasks go to: the list's lowest-position bucket. A list without any bucket gets a
 * "Backlog" one here (the reference server failed task creation with 10002 instead).
 */
export async function defaultBucket(db: Db, listId: number, actorId: number): Promise<BucketRow> {
  const existing = await db.selectFrom('buckets').selectAll().where('list_id', '=', listId).orderBy('position').orderBy('id').limit(1).executeTakeFirst();
  if (existing) return existing;
  const now = nowIso();
  const created = await db
    .insertInto('buckets')
    .values({ title: 'Backlog', list_id: listId, limit: 0, is_done_bucket: 0, position: 0, created_by_id: actorId, created: now, updated: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return (await db.updateTable('buckets').set({ position: created.id * POSITION_STEP }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow());
}

export async function doneBucket(db: Db, listId: number): Promise<BucketRow | undefined> {
  return db.selectFrom('buckets').selectAll().where('list_id', '=', listId).where('is_done_bucket', '=', 1).orderBy('id').executeTakeFirst();
}

/** A bucket given by id for a list: 10001 when it does not exist, 10002 when it belongs to another list. */
export async function bucketOfList(db: Db, bucketId: number, listId: number): Promise<BucketRow> {
  const b = await db.selectFrom('buckets').selectAll().where('id', '=', bucketId).executeTakeFirst();
  if (!b) throw apiError(10001);
  if (b.list_id !== listId) throw apiError(10002);
  return b;
}

/** 10004 when the bucket already holds as many tasks as its limit allows (0 = unlimited). */
export async function checkBucketLimit(db: Db, bucket: BucketRow): Promise<void> {
  if (bucket.limit <= 0) return;
  const row = await db.selectFrom('tasks').select(sql<number>`count(*)`.as('n')).where('bucket_id', '=', bucket.id).executeTakeFirstOrThrow();
  if (Number(row.n) >= bucket.limit) throw apiError(10004);
}

export function bucketJson(b: BucketRow, creator: UserJson | undefined, tasks: TaskJson[] | null) {
  return {
    id: b.id,
    title: b.title,
    list_id: b.list_id,
    tasks,
    limit: b.limit,
    is_done_bucket: Boolean(b.is_done_bucket),
    position: b.position,
    created: toWireDate(b.created),
    updated: toWireDate(b.updated),
    created_by: creator ?? null,
  };
}
