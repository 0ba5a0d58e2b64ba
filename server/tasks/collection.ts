// The task collection query: sort, filter, concat, include-nulls, search and paging of §8, compiled to one SQL query.
import { sql, SqliteAdapter, type CompiledQuery, type RawBuilder, type SqlBool } from 'kysely';
import { generationCache, writeGeneration, type Db } from '../db/database.js';
import { apiError } from '../errors.js';
import { parseFilterDate } from './dateMath.js';
import type { TaskRow } from './serialize.js';
import { queryValues, queryValue } from '../query.js';

type Kind = 'int' | 'float' | 'bool' | 'date' | 'string';

/** The most values one `in` filter may list. */
export const MAX_IN_VALUES = 1000;

/** Task columns that can be filtered, with the type their values are parsed as. */
const COLUMNS: Record<string, Kind> = {
  id: 'int',
  title: 'string',
  description: 'string',
  done: 'bool',
  done_at: 'date',
  due_date: 'date',
  created_by_id: 'int',
  list_id: 'int',
  repeat_after: 'int',
  repeat_mode: 'int',
  priority: 'int',
  start_date: 'date',
  end_date: 'date',
  hex_color: 'string',
  percent_done: 'float',
  uid: 'string',
  created: 'date',
  updated: 'date',
  position: 'float',
  kanban_position: 'float',
  bucket_id: 'int',
  index: 'int',
  cover_image_attachment_id: 'int',
};

export const SORT_FIELDS = [
  'id',
  'title',
  'description',
  'done',
  'done_at',
  'due_date',
  'created_by_id',
  'list_id',
  'repeat_after',
  'priority',
  'start_date',
  'end_date',
  'hex_color',
  'percent_done',
  'uid',
  'created',
  'updated',
  'position',
  'kanban_position',
  'bucket_id',
  'index',
] as const;

const NULLABLE = new Set(['done_at', 'due_date', 'start_date', 'end_date']);
const COMPARATORS = ['equals', 'not_equals', 'greater', 'greater_equals', 'less', 'less_equals', 'like', 'in'] as const;
type Comparator = (typeof COMPARATORS)[number];
const OPS: Record<Exclude<Comparator, 'like' | 'in'>, string> = {
  equals: '=',
  not_equals: '!=',
  greater: '>',
  greater_equals: '>=',
  less: '<',
  less_equals: '<=',
};

/** A collection request as the wire (or a saved filter) states it. */
export interface TaskQuery {
  sortBy: string[];
  orderBy: string[];
  filterBy: string[];
  filterValue: string[];
  filterComparator: string[];
  filterConcat: string;
  includeNulls: boolean;
  search: string;
}

function truthy(v: unknown): boolean {
  return v === true || v === 1 || (typeof v === 'string' && ['true', '1'].includes(v.toLowerCase()));
}

/** Reads the collection parameters from a query string (multi-value keys as `x=` or `x[]=`). */
export function queryFromRequest(query: Record<string, unknown>): TaskQuery {
  return {
    sortBy: queryValues(query, 'sort_by'),
    orderBy: queryValues(query, 'order_by'),
    filterBy: queryValues(query, 'filter_by'),
    filterValue: queryValues(query, 'filter_value'),
    filterComparator: queryValues(query, 'filter_comparator'),
    filterConcat: queryValue(query.filter_concat) ?? '',
    includeNulls: truthy(queryValue(query.filter_include_nulls)),
    search: queryValue(query.s) ?? '',
  };
}

const asArray = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === undefined || v === null || v === '' ? [] : [String(v)]);

/**
 * Throws the catalogue's error (4014, 4016–4019) for a query that could not run: saved filters are checked when
 * they are saved, so a broken one is refused then instead of failing every time it is opened.
 */
export function validateTaskQuery(q: TaskQuery, now: Date = new Date()): void {
  filterSql(q, now);
  orderSql(q);
}

/** Reads a saved filter's stored `filters` object (snake_case keys as on the wire). */
export function queryFromSavedFilter(filters: Record<string, unknown>): TaskQuery {
  return {
    sortBy: asArray(filters.sort_by),
    orderBy: asArray(filters.order_by),
    filterBy: asArray(filters.filter_by),
    filterValue: asArray(filters.filter_value),
    filterComparator: asArray(filters.filter_comparator),
    filterConcat: typeof filters.filter_concat === 'string' ? filters.filter_concat : '',
    includeNulls: truthy(filters.filter_include_nulls),
    search: typeof filters.s === 'string' ? filters.s : '',
  };
}

function typed(kind: Kind, raw: string, now: Date): string | number {
  const v = raw.trim();
  switch (kind) {
    case 'int':
      // Integer columns are 32-bit in PostgreSQL: a longer number is a bad value, not a database error.
      if (!/^-?\d+$/.test(v) || Math.abs(Number(v)) > 2_147_483_647) throw apiError(4019);
      return Number(v);
    case 'float': {
      const n = Number(v);
      if (v === '' || !Number.isFinite(n)) throw apiError(4019);
      return n;
    }
    case 'bool':
      if (['true', '1'].includes(v.toLowerCase())) return 1;
      if (['false', '0'].includes(v.toLowerCase())) return 0;
      throw apiError(4019);
    case 'date': {
      const d = parseFilterDate(v, now);
      if (!d) throw apiError(4019);
      return d.toISOString();
    }
    default:
      return raw;
  }
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `target <comparator> value(s)` for a column-like SQL expression. */
function compare(target: RawBuilder<unknown>, kind: Kind, comparator: Comparator, raw: string, now: Date): RawBuilder<SqlBool> {
  if (comparator === 'like') {
    if (kind !== 'string') throw apiError(4017);
    return sql<SqlBool>`lower(${target}) like lower(${likePattern(raw)}) escape '\\'`;
  }
  if (comparator === 'in') {
    const parts = raw.split(',');
    // Each value is one SQL variable; SQLite allows 32,766 in a statement.
    if (parts.length > MAX_IN_VALUES) throw apiError(4019);
    const values = parts.map((p) => typed(kind, p, now));
    return sql<SqlBool>`${target} in (${sql.join(values)})`;
  }
  return sql<SqlBool>`${target} ${sql.raw(OPS[comparator])} ${typed(kind, raw, now)}`;
}

/** One filter condition as SQL. Sub-object fields (assignees, labels, reminders) become EXISTS subqueries. */
function condition(field: string, comparator: Comparator, raw: string, includeNulls: boolean, now: Date): RawBuilder<SqlBool> {
  // "Not equals" on a to-many field means "has none that equals", not "has one that differs".
  const exists = (from: RawBuilder<unknown>, col: RawBuilder<unknown>, kind: Kind): RawBuilder<SqlBool> => {
    const negate = comparator === 'not_equals';
    const c = compare(col, kind, negate ? 'equals' : comparator, raw, now);
    const base = sql<SqlBool>`${sql.raw(negate ? 'not exists' : 'exists')} (select 1 from ${from} and ${c})`;
    if (!includeNulls) return base;
    return sql<SqlBool>`(${base} or not exists (select 1 from ${from}))`;
  };
  switch (field) {
    case 'assignees': {
      if (!['equals', 'not_equals', 'in'].includes(comparator)) throw apiError(4017);
      return exists(
        sql`task_assignees fa join users fu on fu.id = fa.user_id where fa.task_id = tasks.id`,
        sql`lower(fu.username)`,
        'string',
      ).$castTo<SqlBool>();
    }
    case 'labels':
    case 'label_id':
      if (comparator === 'like') throw apiError(4017);
      return exists(sql`label_tasks fl where fl.task_id = tasks.id`, sql`fl.label_id`, 'int');
    case 'reminders':
    case 'reminder_dates':
      if (comparator === 'like') throw apiError(4017);
      return exists(sql`task_reminders fr where fr.task_id = tasks.id`, sql`fr.reminder`, 'date');
    case 'namespace':
    case 'namespace_id':
      return compare(sql`(select fn.namespace_id from lists fn where fn.id = tasks.list_id)`, 'int', comparator, raw, now);
  }
  const kind = COLUMNS[field];
  if (!kind) throw apiError(4016);
  const col = sql.ref(`tasks.${field}`);
  const c = compare(col, kind, comparator, raw, now);
  if (!includeNulls) return c;
  if (kind === 'int' || kind === 'float') return sql<SqlBool>`(${c} or ${col} is null or ${col} = 0)`;
  return sql<SqlBool>`(${c} or ${col} is null)`;
}

/** Assignee filters compare lower-cased usernames; the comparison value is lowered here. */
function normaliseValue(field: string, raw: string): string {
  return field === 'assignees' ? raw.toLowerCase() : raw;
}

/** The WHERE part for filters and search, or null when the request has neither. */
export function filterSql(q: TaskQuery, now: Date = new Date(), titleIndex = false): RawBuilder<SqlBool> | null {
  const concat = q.filterConcat === '' ? 'or' : q.filterConcat.toLowerCase();
  if (concat !== 'and' && concat !== 'or') throw apiError(4018);
  const parts: RawBuilder<SqlBool>[] = [];
  q.filterBy.forEach((rawField, i) => {
    const field = rawField.trim();
    const comparator = (q.filterComparator[i] ?? 'equals').trim() || 'equals';
    if (!(COMPARATORS as readonly string[]).includes(comparator)) throw apiError(4017);
    const value = q.filterValue[i];
    if (value === undefined) throw apiError(4019);
    parts.push(condition(field, comparator as Comparator, normaliseValue(field, value), q.includeNulls, now));
  });
  // A comparator or value without a field is as invalid as a field without a value.
  for (const c of q.filterComparator) if (!(COMPARATORS as readonly string[]).includes(c.trim() || 'equals')) throw apiError(4017);
  const filters = parts.length ? sql<SqlBool>`(${sql.join(parts, sql.raw(` ${concat} `))})` : null;
  const search = searchSql(q.search, titleIndex);
  if (filters && search) return sql<SqlBool>`${filters} and ${search}`;
  return filters ?? search;
}

function searchSql(s: string, titleIndex: boolean): RawBuilder<SqlBool> | null {
  const text = s.trim();
  if (text === '') return null;
  let byTitle = sql<SqlBool>`lower(tasks.title) like lower(${likePattern(text)}) escape '\\'`;
  // SQLite: the trigram table narrows to titles holding the text (it folds case at least as widely as lower()),
  // and the LIKE keeps the answer exactly as before. Trigrams need three characters; shorter text scans.
  if (titleIndex && [...text].length >= 3) {
    const phrase = `"${text.replace(/"/g, '""')}"`;
    byTitle = sql<SqlBool>`(tasks.id in (select rowid from tasks_title_fts where tasks_title_fts match ${phrase}) and ${byTitle})`;
  }
  const m = /#(\d{1,9})(?!\d)/.exec(text);
  if (!m) return byTitle;
  return sql<SqlBool>`(${byTitle} or ${sql.ref('tasks.index')} = ${Number(m[1])})`;
}

/** Whether the database is SQLite, whose title search goes through the tasks_title_fts table (migration 013). */
const hasTitleFts = (db: Db): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Nullable date fields no matching task can leave empty: a comparison with NULL is never true, so a filter on the
 * field that must hold (the only one, or AND-ed) without filter_include_nulls rules the nulls out.
 */
function nonNullFields(q: TaskQuery): Set<string> {
  const concat = q.filterConcat === '' ? 'or' : q.filterConcat.toLowerCase();
  if (q.includeNulls || (concat !== 'and' && q.filterBy.length !== 1)) return new Set();
  return new Set(q.filterBy.map((f) => f.trim()).filter((f) => NULLABLE.has(f)));
}

/** ORDER BY terms: the requested ones (NULL dates last), then `id asc` as the tie-breaker. */
export function orderSql(q: TaskQuery, fallback: { field: string; order: 'asc' | 'desc' }[] = []): RawBuilder<unknown>[] {
  const terms: RawBuilder<unknown>[] = [];
  const requested = q.sortBy.length ? q.sortBy.map((f, i) => ({ field: f.trim(), order: (q.orderBy[i] ?? 'asc').trim().toLowerCase() })) : fallback;
  let hasId = false;
  const noNulls = nonNullFields(q);
  for (const { field, order } of requested) {
    if (!(SORT_FIELDS as readonly string[]).includes(field)) throw apiError(4016);
    if (order !== 'asc' && order !== 'desc') throw apiError(4014);
    const col = sql.ref(`tasks.${field}`);
    // The nulls-last term stops an index from giving the order (upcoming sorted 35,000 rows per page at 100k
    // tasks); where a filter already leaves out nulls it is the same for every row, so it goes.
    if (NULLABLE.has(field) && !noNulls.has(field)) terms.push(sql`(${col} is null) asc`);
    terms.push(sql`${col} ${sql.raw(order)}`);
    if (field === 'id') hasId = true;
  }
  for (const o of q.orderBy) if (!['asc', 'desc'].includes(o.trim().toLowerCase())) throw apiError(4014);
  if (!hasId) terms.push(sql`tasks.id asc`);
  return terms;
}

export interface TaskPageRequest {
  /** Lists the tasks may come from; an empty array matches nothing. */
  listIds: number[];
  query: TaskQuery;
  /** Extra conditions the route adds (favourites, a bucket), always AND-ed. */
  extra?: RawBuilder<SqlBool>[];
  limit: number | null;
  offset: number;
  fallbackSort?: { field: string; order: 'asc' | 'desc' }[];
}

function whereAll(req: TaskPageRequest, titleIndex: boolean): RawBuilder<SqlBool> {
  const conds: RawBuilder<SqlBool>[] = [];
  // One list is an index equality; many become IN.
  conds.push(req.listIds.length === 1 ? sql<SqlBool>`tasks.list_id = ${req.listIds[0]}` : sql<SqlBool>`tasks.list_id in (${sql.join(req.listIds)})`);
  const f = filterSql(req.query, new Date(), titleIndex);
  if (f) conds.push(f);
  for (const e of req.extra ?? []) conds.push(e);
  return sql<SqlBool>`${sql.join(conds, sql` and `)}`;
}

/**
 * Totals by query, reused while the database has not been written to: paging through a list asks for the same
 * total on every page, and counting a 10,000-task list costs more than the page itself.
 */
const totals = generationCache<number>(500);

/** The cache key of a compiled query: its SQL and its parameters. */
const queryKey = (compiled: CompiledQuery): string => `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;

async function countTasks(db: Db, where: RawBuilder<SqlBool>): Promise<number> {
  const compiled = db
    .selectFrom('tasks')
    .select(sql<number>`count(*)`.as('n'))
    .where(where)
    .compile();
  return totals(db, queryKey(compiled), async () => Number((await db.executeQuery(compiled)).rows[0]?.n ?? 0));
}

/** The ids of the matching tasks, in the requested order. */
function idsQuery(db: Db, where: RawBuilder<SqlBool>, order: RawBuilder<unknown>[]) {
  let ids = db.selectFrom('tasks').select('tasks.id').where(where);
  for (const o of order) ids = ids.orderBy(o);
  return ids;
}

/**
 * Every matching id, in order, by query; reused while the database has not been written to. Paging through a
 * list then costs a slice instead of an OFFSET that walks the index past every earlier page (page 200 of a
 * 10,000-task list read 9,950 index entries to skip them), and the length is the total.
 */
const orderedIds = generationCache<number[]>(100);
/** By query: the generation its last later page was read under (see taskPage). */
const idsWanted = new Map<string, string>();

/** The rows of these ids, in the order of the ids. */
async function rowsInOrder(db: Db, ids: number[]): Promise<TaskRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('tasks').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TaskRow => r !== undefined);
}

/**
 * One page of tasks plus the total. Past the first page, where results can be reused (SQLite, outside a
 * transaction), the page is a slice of the query's cached ordered ids. Otherwise the page's ids come from a
 * subquery that can skip the offset inside an index (tasks_list_id covers the default sort), so only the rows
 * shown are read.
 */
export async function taskPage(db: Db, req: TaskPageRequest): Promise<{ rows: TaskRow[]; total: number }> {
  const order = orderSql(req.query, req.fallbackSort);
  if (req.listIds.length === 0) return { rows: [], total: 0 };
  const where = whereAll(req, hasTitleFts(db));
  // The first page is a cheap top-N query; later pages use the ids (and queries with "now" in a date filter,
  // whose key changes every millisecond, rarely get past page one).
  const generation = writeGeneration(db);
  if (req.limit !== null && req.offset > 0 && generation !== null) {
    const compiled = idsQuery(db, where, order).compile();
    const key = queryKey(compiled);
    // Listing every id pays off once a second page is read under one generation. While writes keep coming (a busy
    // list), each page would pay a full scan for one slice: the OFFSET query below reads only up to its page.
    if (idsWanted.get(key) === generation) {
      const all = await orderedIds(db, key, async () => (await db.executeQuery<{ id: number }>(compiled)).rows.map((r) => r.id));
      return { rows: await rowsInOrder(db, all.slice(req.offset, req.offset + req.limit)), total: all.length };
    }
    if (idsWanted.size >= 500) idsWanted.clear();
    idsWanted.set(key, generation);
  }
  let q = db.selectFrom('tasks').selectAll();
  if (req.limit === null) {
    q = q.where(where);
  } else {
    q = q.where('tasks.id', 'in', idsQuery(db, where, order).limit(req.limit).offset(req.offset));
  }
  for (const o of order) q = q.orderBy(o);
  const rows = await q.execute();
  // The count is only needed when the page is full or starts past the beginning.
  const total = req.limit === null || (req.offset === 0 && rows.length < req.limit) ? req.offset + rows.length : await countTasks(db, where);
  return { rows, total };
}

/**
 * The first page of tasks of every bucket of a list, ordered by kanban_position unless the request sorts otherwise.
 * One top-N query per bucket: with the default order each walks tasks_bucket_kanban and stops after its page,
 * where one window over the list read and ranked every task of the list (1.2 s at a million tasks).
 */
export async function bucketPages(db: Db, listId: number, bucketIds: number[], query: TaskQuery, limit: number | null, offset: number): Promise<TaskRow[]> {
  if (bucketIds.length === 0) return [];
  const order = orderSql(query, [{ field: 'kanban_position', order: 'asc' }]);
  const pages: TaskRow[][] = [];
  for (const bucketId of bucketIds) {
    const where = whereAll({ listIds: [listId], query, extra: [sql<SqlBool>`tasks.bucket_id = ${bucketId}`], limit, offset }, hasTitleFts(db));
    let q = db.selectFrom('tasks').selectAll().where(where);
    for (const o of order) q = q.orderBy(o);
    // Without a limit the whole bucket is asked for, and sqlWindow gives no offset then.
    if (limit !== null) q = q.limit(limit).offset(offset);
    pages.push(await q.execute());
  }
  return pages.flat();
}
