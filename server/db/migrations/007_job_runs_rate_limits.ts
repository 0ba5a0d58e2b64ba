// State that several server processes on one database must share: how far each background job has run (so a
// reminder is mailed by one process, once) and the sign-in rate limit's counters (so N processes do not allow N
// times the attempts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // `done_until`: the job has handled everything due up to this instant (ISO-8601 UTC). A process claims the next
  // window by moving it forward with a compare-and-set, so two processes never claim the same window.
  await db.schema
    .createTable('job_runs')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('done_until', 'text', (c) => c.notNull())
    .execute();
  // One fixed window per key (a client address): start in unix milliseconds and the hits counted in it.
  await db.schema
    .createTable('rate_limits')
    .ifNotExists()
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
  await db.schema.dropTable('job_runs').ifExists().execute();
}
