// PATCH /test/:table: end-to-end suites seed tables directly (rows keyed by column), behind the testing token.
//
// Only registered when KEYFLOW_TESTING_TOKEN is set. The token comes as the whole Authorization header (no
// "Bearer"), as the contract says. `truncate` (absent or true) empties the table first; the rows are written
// in one transaction, so a failing row leaves the table as it was.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { isPostgresUrl, type Db } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { fromWireDate } from '../clock.js';

/** The tables a suite may seed: the domain's, not sessions, tokens or bookkeeping. */
const SEEDABLE = new Set<keyof DB>([
  'users', 'namespaces', 'lists', 'tasks', 'task_reminders', 'task_assignees', 'labels', 'label_tasks', 'task_relations',
  'files', 'task_attachments', 'task_comments', 'buckets', 'teams', 'team_members', 'team_lists', 'team_namespaces',
  'users_lists', 'users_namespaces', 'link_shares', 'saved_filters', 'favorites', 'subscriptions', 'notifications',
]);
/** Columns holding a date: "" and the zero date mean "not set". */
const DATE_COLUMN = /^(created|updated|reminder|done_at|.*_date)$/;

class SeedError extends Error {}

function sameToken(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Column {
  name: string;
  dataType: string;
  isNullable: boolean;
  hasDefaultValue: boolean;
  isAutoIncrementing: boolean;
}

/** A row as the table stores it: known columns only, booleans as 0/1, dates normalised, required columns filled. */
function toStored(table: string, columns: Map<string, Column>, raw: unknown, now: string): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new SeedError(`Each row of ${table} must be an object.`);
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const column = columns.get(key);
    if (!column) throw new SeedError(`${table} has no column "${key}".`);
    if (typeof value === 'boolean') row[key] = value ? 1 : 0;
    else if (DATE_COLUMN.test(key) && (value === '' || value === null || (typeof value === 'string' && value.startsWith('0001-01-01')))) {
      row[key] = column.isNullable ? null : now;
    } else if (DATE_COLUMN.test(key) && typeof value === 'string') {
      const stored = fromWireDate(value);
      if (stored === undefined) throw new SeedError(`${table}.${key}: "${value}" is not a date.`);
      row[key] = stored;
    } else if (value !== null && typeof value === 'object') row[key] = JSON.stringify(value);
    else row[key] = value;
  }
  for (const column of columns.values()) {
    if (column.name in row || column.isNullable || column.hasDefaultValue || column.isAutoIncrementing) continue;
    if (column.name === 'id') continue;
    row[column.name] = DATE_COLUMN.test(column.name) ? now : /int|real|num|double|float|bool/i.test(column.dataType) ? 0 : '';
  }
  // CalDAV names tasks by uid; rows seeded without one get their own.
  if (table === 'tasks' && !row.uid) row.uid = randomUUID();
  return row;
}

export default async function testData(app: FastifyInstance): Promise<void> {
  const { db, config } = app.ctx;
  if (!config.testingToken) return;
  const postgres = isPostgresUrl(config.databaseUrl);

  app.patch<{ Params: { table: string }; Querystring: { truncate?: string } }>('/test/:table', async (req, reply) => {
    if (!sameToken(req.headers.authorization, config.testingToken)) return reply.code(403).send({ message: 'Forbidden' });
    const table = req.params.table;
    const rows = req.body;
    try {
      if (!SEEDABLE.has(table as keyof DB)) throw new SeedError(`"${table}" is not a table that can be seeded.`);
      if (!Array.isArray(rows)) throw new SeedError('The body must be a JSON array of rows.');
      const meta = (await db.introspection.getTables()).find((t) => t.name === table);
      if (!meta) throw new SeedError(`"${table}" does not exist.`);
      const columns = new Map(meta.columns.map((c) => [c.name, c as Column]));
      const now = new Date().toISOString();
      const stored = rows.map((r) => toStored(table, columns, r, now));
      const truncate = req.query.truncate === undefined || req.query.truncate === 'true';
      await db.transaction().execute(async (trx: Db) => {
        if (truncate) await sql`delete from ${sql.table(table)}`.execute(trx);
        for (const row of stored) await trx.insertInto(table as keyof DB).values(row as never).execute();
        // Rows with explicit ids leave PostgreSQL's sequence behind; the next ordinary insert would collide.
        if (postgres && columns.has('id')) {
          await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
        }
      });
      return reply.code(201).type('application/json').send('null');
    } catch (err) {
      const message = err instanceof SeedError ? err.message : `Could not seed ${table}: ${(err as Error).message}`;
      return reply.code(500).send({ error: true, message });
    }
  });
}
