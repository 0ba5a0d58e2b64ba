// Deleting tasks, lists and namespaces with everything that hangs off them (call inside a transaction).
import type { Db } from './db/database.js';
import type { Config } from './config.js';
import { deleteFiles } from './files.js';
import { SUBSCRIPTION_ENTITY } from './subscriptions.js';

const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function deleteTasks(db: Db, config: Config, taskIds: number[]): Promise<void> {
  for (const ids of chunks(taskIds)) {
    const files = await db.selectFrom('task_attachments').select('file_id').where('task_id', 'in', ids).execute();
    await deleteFiles(db, config, files.map((f) => f.file_id));
    await db.deleteFrom('task_attachments').where('task_id', 'in', ids).execute();
    await db.deleteFrom('task_assignees').where('task_id', 'in', ids).execute();
    await db.deleteFrom('label_tasks').where('task_id', 'in', ids).execute();
    await db.deleteFrom('task_comments').where('task_id', 'in', ids).execute();
    await db.deleteFrom('task_reminders').where('task_id', 'in', ids).execute();
    await db.deleteFrom('task_relations').where((eb) => eb.or([eb('task_id', 'in', ids), eb('other_task_id', 'in', ids)])).execute();
    await db.deleteFrom('favorites').where('kind', '=', 1).where('entity_id', 'in', ids).execute();
    await db.deleteFrom('subscriptions').where('entity_type', '=', SUBSCRIPTION_ENTITY.task).where('entity_id', 'in', ids).execute();
    await db.deleteFrom('tasks').where('id', 'in', ids).execute();
  }
}

export async function deleteLists(db: Db, config: Config, listIds: number[]): Promise<void> {
  for (const ids of chunks(listIds)) {
    const tasks = await db.selectFrom('tasks').select('id').where('list_id', 'in', ids).execute();
    await deleteTasks(db, config, tasks.map((t) => t.id));
    const backgrounds = await db.selectFrom('lists').select('background_file_id').where('id', 'in', ids).execute();
    await deleteFiles(db, config, backgrounds.map((b) => b.background_file_id).filter((f): f is number => f !== null));
    await db.deleteFrom('buckets').where('list_id', 'in', ids).execute();
    await db.deleteFrom('users_lists').where('list_id', 'in', ids).execute();
    await db.deleteFrom('team_lists').where('list_id', 'in', ids).execute();
    await db.deleteFrom('link_shares').where('list_id', 'in', ids).execute();
    await db.deleteFrom('favorites').where('kind', '=', 2).where('entity_id', 'in', ids).execute();
    await db.deleteFrom('subscriptions').where('entity_type', '=', SUBSCRIPTION_ENTITY.list).where('entity_id', 'in', ids).execute();
    await db.deleteFrom('lists').where('id', 'in', ids).execute();
    // A deleted calendar has nothing left to sync: its removal records go with it (written by the task deletes above).
    await db.deleteFrom('task_tombstones').where('list_id', 'in', ids).execute();
  }
}

export async function deleteNamespaces(db: Db, config: Config, namespaceIds: number[]): Promise<void> {
  for (const ids of chunks(namespaceIds)) {
    const lists = await db.selectFrom('lists').select('id').where('namespace_id', 'in', ids).execute();
    await deleteLists(db, config, lists.map((l) => l.id));
    await db.deleteFrom('users_namespaces').where('namespace_id', 'in', ids).execute();
    await db.deleteFrom('team_namespaces').where('namespace_id', 'in', ids).execute();
    await db.deleteFrom('subscriptions').where('entity_type', '=', SUBSCRIPTION_ENTITY.namespace).where('entity_id', 'in', ids).execute();
    await db.deleteFrom('namespaces').where('id', 'in', ids).execute();
  }
}
