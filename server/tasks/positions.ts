// Renumbering task positions evenly when a saved position gets too small to insert before.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

const SPAN = 2 ** 32;
/** Below this a position leaves no room to sort another task in front of it. */
export const MIN_POSITION = 0.1;

/**
 * Spreads the positions of every task of a list (`position`) or a bucket (`kanban_position`) evenly up to
 * 2^32, keeping their current order. One UPDATE statement, whatever the number of tasks.
 */
export async function renumber(db: Db, column: 'position' | 'kanban_position', scope: { listId?: number; bucketId?: number }): Promise<void> {
  const where = scope.listId !== undefined ? sql`list_id = ${scope.listId}` : sql`bucket_id = ${scope.bucketId ?? 0}`;
  const col = sql.ref(column);
  const count = await sql<{ n: number }>`select count(*) as n from tasks where ${where}`.execute(db);
  const n = Number(count.rows[0]?.n ?? 0);
  if (n === 0) return;
  const step = SPAN / n;
  // The cast keeps PostgreSQL from typing the step like row_number()'s bigint, which rejects a fractional step.
  await sql`
    update tasks set ${col} = ranked.rn * cast(${step} as double precision)
    from (select id, row_number() over (order by ${col} asc, id asc) as rn from tasks where ${where}) ranked
    where tasks.id = ranked.id`.execute(db);
}
