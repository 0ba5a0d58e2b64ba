// Indexes that keep collections flat as the task table grows (issue 37): a bucket's first page of cards in
// kanban order with the id tie-breaker, and due-date ranges across lists (upcoming, overview, date filters).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // SQLite ends every index with the rowid, PostgreSQL does not: the id makes the tie-breaker an index order too.
  await db.schema.createIndex('tasks_bucket_kanban_id').ifNotExists().on('tasks').columns(['bucket_id', 'kanban_position', 'id']).execute();
  await db.schema.dropIndex('tasks_bucket_kanban').ifExists().execute();
  await db.schema.createIndex('tasks_due_id').ifNotExists().on('tasks').columns(['due_date', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_due_id').ifExists().execute();
  await db.schema.createIndex('tasks_bucket_kanban').ifNotExists().on('tasks').columns(['bucket_id', 'kanban_position']).execute();
  await db.schema.dropIndex('tasks_bucket_kanban_id').ifExists().execute();
}
