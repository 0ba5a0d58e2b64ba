// Kanban buckets: GET/PUT /lists/:list/buckets (each bucket with its first page of tasks), POST/DELETE …/buckets/:bucket.
import type { FastifyInstance } from 'fastify';
import { authOf, idParam } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso } from '../clock.js';
import { changedMeanwhile, entityEtag, ifMatchAllows, isConditional, nextUpdated } from '../etag.js';
import type { Db } from '../db/database.js';
import { asBody, Fields } from '../tasks/input.js';
import { Right, checkList, maxRight } from '../rights.js';
import { parsePaging, sqlWindow } from '../pagination.js';
import { queryFromRequest, bucketPages } from '../tasks/collection.js';
import { tasksJson, usersById, type TaskJson } from '../tasks/serialize.js';
import { bucketJson, bucketOfList, POSITION_STEP, type BucketRow } from '../tasks/buckets.js';

/** Tasks per bucket page when the client does not say (the v0.20 client asks for 25). */
const BUCKET_PAGE = 25;

async function bucketsJson(db: Db, buckets: BucketRow[], tasks: Map<number, TaskJson[]> | null) {
  const users = await usersById(db, buckets.map((b) => b.created_by_id));
  return buckets.map((b) => bucketJson(b, users.get(b.created_by_id), tasks ? (tasks.get(b.id) ?? null) : null));
}

function parseBucket(raw: unknown) {
  const f = new Fields(asBody(raw));
  const out = {
    title: f.str('title', 250),
    limit: f.int('limit', 0),
    is_done_bucket: f.bool('is_done_bucket'),
    position: f.num('position'),
  };
  f.done();
  if (out.title !== undefined && out.title.trim() === '') throw invalidData('title: non zero value required');
  return out;
}

/** 10005 when another bucket of the list already is the done bucket. */
async function checkSingleDoneBucket(db: Db, listId: number, exceptId: number): Promise<void> {
  const other = await db.selectFrom('buckets').select('id').where('list_id', '=', listId).where('is_done_bucket', '=', 1).where('id', '!=', exceptId).executeTakeFirst();
  if (other) throw apiError(10005);
}

export default async function buckets(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get<{ Params: { list: string }; Querystring: Record<string, unknown> }>('/lists/:list/buckets', async (req, reply) => {
    const auth = authOf(req);
    const listId = idParam(req.params.list, 'list');
    const { right } = await checkList(db, auth, listId, Right.Read, { scope: 'content' });
    const { limit, offset } = sqlWindow(parsePaging(req.query, BUCKET_PAGE));
    const query = queryFromRequest(req.query);
    // Filters narrow the bucket's tasks; they are always AND-ed.
    query.filterConcat = 'and';
    const rows = await db.selectFrom('buckets').selectAll().where('list_id', '=', listId).orderBy('position').orderBy('id').execute();
    const taskRows = await bucketPages(db, listId, rows.map((b) => b.id), query, limit, offset);
    const json = await tasksJson(db, auth, taskRows);
    const byBucket = new Map<number, TaskJson[]>();
    for (const t of json) {
      const list = byBucket.get(t.bucket_id);
      if (list) list.push(t);
      else byBucket.set(t.bucket_id, [t]);
    }
    reply.header('x-pagination-total-pages', rows.length ? '1' : '0');
    reply.header('x-pagination-result-count', String(rows.length));
    maxRight(reply, right);
    return bucketsJson(db, rows, byBucket);
  });

  app.put<{ Params: { list: string } }>('/lists/:list/buckets', async (req, reply) => {
    const auth = authOf(req);
    const listId = idParam(req.params.list, 'list');
    const body = parseBucket(req.body);
    if (body.title === undefined) throw invalidData('title: non zero value required');
    const { row, right } = await db.transaction().execute(async (trx) => {
      const { right } = await checkList(trx, auth, listId, Right.ReadWrite, { scope: 'content' });
      // The reference skipped this check on create, which allowed two done buckets.
      if (body.is_done_bucket) await checkSingleDoneBucket(trx, listId, 0);
      const now = nowIso();
      const created = await trx.insertInto('buckets').values({
        title: body.title ?? '', list_id: listId, limit: body.limit ?? 0, is_done_bucket: body.is_done_bucket ? 1 : 0,
        position: body.position ?? 0, created_by_id: auth.userId, created: now, updated: now,
      }).returningAll().executeTakeFirstOrThrow();
      if (created.position) return { row: created, right };
      const row = await trx.updateTable('buckets').set({ position: created.id * POSITION_STEP }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
      return { row, right };
    });
    maxRight(reply, right);
    return reply.code(201).header('etag', entityEtag(row)).send((await bucketsJson(db, [row], null))[0]);
  });

  app.post<{ Params: { list: string; bucket: string } }>('/lists/:list/buckets/:bucket', async (req, reply) => {
    const auth = authOf(req);
    const listId = idParam(req.params.list, 'list');
    const bucketId = idParam(req.params.bucket, 'bucket');
    const body = parseBucket(req.body);
    const { row, right, stale } = await db.transaction().execute(async (trx) => {
      const { right } = await checkList(trx, auth, listId, Right.ReadWrite, { scope: 'content' });
      const bucket = await bucketOfList(trx, bucketId, listId).catch((err) => {
        // A bucket id from another list is, from this list's point of view, a bucket that does not exist.
        if ((err as { code?: number }).code === 10002) throw apiError(10001);
        throw err;
      });
      // A stale If-Match is answered outside the transaction: the bucket's body is built on the main connection.
      if (!ifMatchAllows(req.headers['if-match'], entityEtag(bucket))) return { row: bucket, right, stale: true };
      if (body.is_done_bucket && !bucket.is_done_bucket) await checkSingleDoneBucket(trx, listId, bucket.id);
      // Absent keys keep their value, so partial bodies cannot reset a limit or a position by accident.
      const row = await trx.updateTable('buckets').set({
        title: body.title ?? bucket.title,
        limit: body.limit ?? bucket.limit,
        is_done_bucket: body.is_done_bucket === undefined ? bucket.is_done_bucket : body.is_done_bucket ? 1 : 0,
        position: body.position ?? bucket.position,
        updated: nextUpdated(bucket.updated, nowIso()),
      }).where('id', '=', bucket.id)
        .$if(isConditional(req), (qb) => qb.where('updated', '=', bucket.updated))
        .returningAll().executeTakeFirst();
      if (!row) return { row: await bucketOfList(trx, bucketId, listId), right, stale: true };
      return { row, right, stale: false };
    });
    maxRight(reply, right);
    const json = (await bucketsJson(db, [row], null))[0];
    if (stale) throw changedMeanwhile(reply, 'bucket', entityEtag(row), json);
    reply.header('etag', entityEtag(row));
    return json;
  });

  app.delete<{ Params: { list: string; bucket: string } }>('/lists/:list/buckets/:bucket', async (req) => {
    const auth = authOf(req);
    const listId = idParam(req.params.list, 'list');
    const bucketId = idParam(req.params.bucket, 'bucket');
    await db.transaction().execute(async (trx) => {
      await checkList(trx, auth, listId, Right.ReadWrite, { scope: 'content' });
      const bucket = await bucketOfList(trx, bucketId, listId).catch((err) => {
        if ((err as { code?: number }).code === 10002) throw apiError(10001);
        throw err;
      });
      const rest = await trx.selectFrom('buckets').selectAll().where('list_id', '=', listId).where('id', '!=', bucket.id).orderBy('position').orderBy('id').execute();
      if (rest.length === 0) throw apiError(10003);
      // Its tasks go to the default bucket (the first remaining one), whatever that bucket's limit.
      await trx.updateTable('tasks').set({ bucket_id: rest[0].id }).where('bucket_id', '=', bucket.id).execute();
      await trx.deleteFrom('buckets').where('id', '=', bucket.id).execute();
    });
    return { message: 'Successfully deleted.' };
  });
}
