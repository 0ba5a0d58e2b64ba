// Labels: GET/PUT /labels and GET/POST/DELETE /labels/:label (creator edits; readers are creator or task readers).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import { authOf, idParam, type Auth } from '../context.js';
import { apiError, invalidData } from '../errors.js';
import { nowIso } from '../clock.js';
import { checkIfMatch, entityEtag, isConditional, nextUpdated, staleWrite } from '../etag.js';
import type { Db } from '../db/database.js';
import type { LabelsTable } from '../db/schema.js';
import { maxRight, reachableLists } from '../rights.js';
import { parsePaging, setPaginationHeaders, sqlWindow } from '../pagination.js';
import { queryValue } from '../query.js';
import { asBody, Fields } from '../tasks/input.js';
import { labelJson, usersById } from '../tasks/serialize.js';

type LabelRow = Selectable<LabelsTable>;

/** Link shares have no labels of their own and may not browse them. */
function userAuth(auth: Auth): Auth & { kind: 'user' } {
  if (auth.kind !== 'user') throw apiError(1);
  return auth;
}

/** Whether the caller may read a label: it created it, or the label sits on a task in a list it reaches. */
export async function canSeeLabel(db: Db, auth: Auth, label: LabelRow): Promise<boolean> {
  if (label.created_by_id === auth.userId) return true;
  const lists = [...(await reachableLists(db, auth)).keys()];
  if (lists.length === 0) return false;
  const hit = await db
    .selectFrom('label_tasks')
    .innerJoin('tasks', 'tasks.id', 'label_tasks.task_id')
    .select('label_tasks.id')
    .where('label_tasks.label_id', '=', label.id)
    .where('tasks.list_id', 'in', lists)
    .limit(1)
    .executeTakeFirst();
  return Boolean(hit);
}

/** A label the caller can see: 8002 when it does not exist, 8003 when it is not theirs to see. */
export async function visibleLabel(db: Db, auth: Auth, labelId: number): Promise<LabelRow> {
  const label = await db.selectFrom('labels').selectAll().where('id', '=', labelId).executeTakeFirst();
  if (!label) throw apiError(8002);
  if (!(await canSeeLabel(db, auth, label))) throw apiError(8003);
  return label;
}

export async function labelsJson(db: Db, rows: LabelRow[]) {
  const users = await usersById(db, rows.map((r) => r.created_by_id));
  return rows.map((r) => labelJson(r, users));
}

function parseLabel(raw: unknown, creating: boolean) {
  const f = new Fields(asBody(raw));
  const title = f.str('title', 250);
  const description = f.str('description');
  const hex_color = f.color('hex_color');
  f.done();
  if ((creating || title !== undefined) && (title ?? '').trim() === '') throw invalidData('title: non zero value required');
  return { title, description, hex_color };
}

/** `s` is a title fragment, or a comma list of ids. */
function searchTerms(s: string): { ids: number[] | null; text: string } {
  const parts = s.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length && parts.every((p) => /^\d+$/.test(p))) return { ids: parts.map(Number), text: '' };
  return { ids: null, text: s.trim() };
}

/** Marks the tasks carrying a label as changed, so CalDAV clients (ctag, sync-collection) fetch them again. */
async function touchTasksWithLabel(trx: Db, labelId: number, now: string): Promise<void> {
  await trx.updateTable('tasks').set({ updated: now }).where('id', 'in', (eb) => eb.selectFrom('label_tasks').select('task_id').where('label_id', '=', labelId)).execute();
}

export default async function labels(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;

  app.get<{ Querystring: Record<string, unknown> }>('/labels', async (req, reply) => {
    const auth = userAuth(authOf(req));
    const paging = parsePaging(req.query);
    const { limit, offset } = sqlWindow(paging);
    const lists = [...(await reachableLists(db, auth)).keys()];
    const { ids, text } = searchTerms(queryValue(req.query.s) ?? '');
    let q = db.selectFrom('labels').where((eb) =>
      eb.or([
        eb('labels.created_by_id', '=', auth.userId),
        ...(lists.length
          ? [eb('labels.id', 'in', eb.selectFrom('label_tasks').innerJoin('tasks', 'tasks.id', 'label_tasks.task_id').select('label_tasks.label_id').where('tasks.list_id', 'in', lists))]
          : []),
      ]),
    );
    if (ids) q = q.where('labels.id', 'in', ids);
    else if (text) q = q.where(sql<boolean>`lower(labels.title) like lower(${`%${text}%`})`);
    const total = Number((await q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    let page = q.selectAll('labels').orderBy('labels.id');
    if (limit !== null) page = page.limit(limit).offset(offset);
    const rows = await page.execute();
    setPaginationHeaders(reply, total, paging, rows.length);
    return rows.length ? labelsJson(db, rows) : null;
  });

  app.put('/labels', async (req, reply) => {
    const auth = userAuth(authOf(req));
    const body = parseLabel(req.body, true);
    const now = nowIso();
    const row = await db
      .insertInto('labels')
      .values({ title: body.title ?? '', description: body.description ?? '', hex_color: body.hex_color ?? '', created_by_id: auth.userId, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    maxRight(reply, 2);
    return reply.code(201).header('etag', entityEtag(row)).send((await labelsJson(db, [row]))[0]);
  });

  app.get<{ Params: { label: string } }>('/labels/:label', async (req, reply) => {
    const auth = authOf(req);
    const label = await visibleLabel(db, auth, idParam(req.params.label, 'label'));
    // The reference always sent 0; the creator, who may edit, now gets admin.
    maxRight(reply, label.created_by_id === auth.userId ? 2 : 0);
    reply.header('etag', entityEtag(label));
    return (await labelsJson(db, [label]))[0];
  });

  app.post<{ Params: { label: string } }>('/labels/:label', async (req, reply) => {
    const auth = authOf(req);
    const body = parseLabel(req.body, false);
    const label = await visibleLabel(db, auth, idParam(req.params.label, 'label'));
    if (label.created_by_id !== auth.userId) throw apiError(8003);
    maxRight(reply, 2);
    const json = async (row: typeof label) => (await labelsJson(db, [row]))[0];
    await checkIfMatch(req, reply, 'label', label, () => json(label));
    // Full replace like tasks: absent description/colour clear, absent title keeps.
    const now = nextUpdated(label.updated, nowIso());
    const title = body.title ?? label.title;
    const row = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('labels')
        .set({ title, description: body.description ?? '', hex_color: body.hex_color ?? '', updated: now })
        .where('id', '=', label.id)
        .$if(isConditional(req), (qb) => qb.where('updated', '=', label.updated))
        .returningAll()
        .executeTakeFirst();
      if (!updated) return null;
      // A task's CalDAV CATEGORIES carry label titles; a rename changes every task with the label.
      if (title !== label.title) await touchTasksWithLabel(trx, label.id, now);
      return updated;
    });
    if (!row) return staleWrite(reply, 'label', () => db.selectFrom('labels').selectAll().where('id', '=', label.id).executeTakeFirstOrThrow(), json);
    reply.header('etag', entityEtag(row));
    return json(row);
  });

  app.delete<{ Params: { label: string } }>('/labels/:label', async (req) => {
    const auth = authOf(req);
    const label = await visibleLabel(db, auth, idParam(req.params.label, 'label'));
    if (label.created_by_id !== auth.userId) throw apiError(8003);
    await db.transaction().execute(async (trx) => {
      await touchTasksWithLabel(trx, label.id, nowIso());
      await trx.deleteFrom('label_tasks').where('label_id', '=', label.id).execute();
      await trx.deleteFrom('labels').where('id', '=', label.id).execute();
    });
    return { message: 'Successfully deleted.' };
  });
}
