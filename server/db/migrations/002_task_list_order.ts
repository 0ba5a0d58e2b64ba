// Index for task pages: a list's tasks in id order (the default sort) without sorting the whole list per page.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('tasks_list_id').ifNotExists().on('tasks').columns(['list_id', 'id']).execute();
  // The list view's default sort is done first, then id.
  await db.schema.createIndex('tasks_list_done_id').ifNotExists().on('tasks').columns(['list_id', 'done', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_list_done_id').ifExists().execute();
  await db.schema.dropIndex('tasks_list_id').ifExists().execute();
}
