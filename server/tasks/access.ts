// Rights checks for tasks and lists as task routes need them: not found, cannot see, archived, read-only.
import type { FastifyReply } from 'fastify';
import type { Selectable } from 'kysely';
import { generationCache, type Db } from '../db/database.js';
import type { ListsTable } from '../db/schema.js';
import type { Auth } from '../context.js';
import { apiError } from '../errors.js';
import { rightOnList, Right, type RightLevel } from '../rights.js';
import { MAX_PAGE } from '../pagination.js';
import type { TaskRow } from './serialize.js';

export type Need = 'read' | 'write' | 'admin';

const listRows = generationCache<(ListRow & { ns_archived: number | null }) | undefined>();
export type ListRow = Selectable<ListsTable>;

/**
 * The caller's right on a list after the archive rule: an archived list (or namespace) is read only,
 * so writes fail with 3008/5012 and the right reported in x-max-right is capped at read.
 */
export async function checkList(db: Db, auth: Auth, listId: number, need: Need, noAccess: 3004 | 4005 = 3004): Promise<{ list: ListRow; right: RightLevel }> {
  // The list and its namespace's archive flag in one query (or none, until the next write).
  const row = await listRows(db, String(listId), () =>
    db
      .selectFrom('lists')
      .leftJoin('namespaces', 'namespaces.id', 'lists.namespace_id')
      .selectAll('lists')
      .select('namespaces.is_archived as ns_archived')
      .where('lists.id', '=', listId)
      .executeTakeFirst(),
  );
  if (!row) throw apiError(noAccess === 4005 ? 4002 : 3001);
  const { ns_archived, ...list } = row;
  const right = await rightOnList(db, auth, listId);
  if (right === null) throw apiError(noAccess);
  const archived = ns_archived ? 'namespace' : list.is_archived ? 'list' : null;
  if (need !== 'read') {
    if (archived === 'namespace') throw apiError(5012);
    if (archived === 'list') throw apiError(3008);
    if (right < (need === 'admin' ? Right.Admin : Right.ReadWrite)) throw apiError(1);
  }
  return { list, right: archived ? Right.Read : right };
}

/** Loads a task (4002) and checks the caller's right on its list (4005 when it cannot see it). */
export async function checkTask(db: Db, auth: Auth, taskId: number, need: Need): Promise<{ task: TaskRow; list: ListRow; right: RightLevel }> {
  const task = await db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw apiError(4002);
  const { list, right } = await checkList(db, auth, task.list_id, need, 4005);
  return { task, list, right };
}


/** Pagination of the generic handler: page 1 default, 0 = everything, per_page default and cap 50, page at most MAX_PAGE. */
export function pageParams(query: Record<string, unknown>, defaultPerPage = 50): { limit: number | null; offset: number; perPage: number } {
  const pageRaw = first(query.page);
  const perRaw = first(query.per_page);
  const page = pageRaw === undefined || pageRaw === '' ? 1 : Number(pageRaw);
  if (!/^\d*$/.test(pageRaw ?? '') || page > MAX_PAGE) throw apiError(2002, 'Invalid page number.');
  // per_page above the cap is capped (as the reference caps at its max items per page); only non-numbers fail.
  let perPage = perRaw === undefined || perRaw === '' ? defaultPerPage : Number(perRaw);
  if (!/^\d*$/.test(perRaw ?? '')) throw apiError(2002, 'Invalid per_page.');
  if (perPage === 0 || perPage > 50) perPage = Math.min(50, perPage || defaultPerPage);
  if (page === 0) return { limit: null, offset: 0, perPage };
  return { limit: perPage, offset: (page - 1) * perPage, perPage };
}

/** The pagination headers for a page of `count` items out of `total`. */
export function paginate(reply: FastifyReply, total: number, count: number, perPage: number, unlimited: boolean): void {
  const pages = count === 0 ? 0 : unlimited ? 1 : Math.ceil(total / perPage);
  reply.header('x-pagination-total-pages', String(pages));
  reply.header('x-pagination-result-count', String(count));
}

/** A single query value (the last one when a key came more than once). */
export function first(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  return v === undefined || v === null ? undefined : String(v);
}

/** All values of a multi-value query key, accepting both `x=` and `x[]=`, and comma-free single strings. */
export function many(query: Record<string, unknown>, key: string): string[] {
  const out: string[] = [];
  for (const k of [key, `${key}[]`]) {
    const v = query[k];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) out.push(...v.map(String));
    else out.push(String(v));
  }
  return out;
}
