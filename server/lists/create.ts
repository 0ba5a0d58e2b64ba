// Creating and duplicating lists with what a new list always gets (position, a "Backlog" bucket, favourite flag).
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import type { ListRow } from '../rights.js';
import { nowIso } from '../clock.js';
import { openFile, saveFile } from '../files.js';
import { randomToken } from '../auth/password.js';
import { FAVORITE_KIND } from './serialize.js';

/** Positions are spaced by 2^16 so drag-and-drop can always insert in between. */
export const POSITION_STEP = 65536;

export interface NewList {
  title: string;
  description: string;
  identifier: string;
  hex_color: string;
  namespace_id: number;
  position: number;
  is_archived?: boolean;
  background_file_id?: number | null;
  background_blur_hash?: string;
}

/** Inserts a list owned by `ownerId` (call inside a transaction). `withBacklog` adds the first bucket. */
export async function insertList(trx: Db, values: NewList, ownerId: number, opts: { favorite?: boolean; withBacklog?: boolean } = {}): Promise<ListRow> {
  const now = nowIso();
  const row = await trx
    .insertInto('lists')
    .values({
      title: values.title,
      description: values.description,
      identifier: values.identifier,
      hex_color: values.hex_color,
      namespace_id: values.namespace_id,
      owner_id: ownerId,
      is_archived: values.is_archived ? 1 : 0,
      background_file_id: values.background_file_id ?? null,
      background_blur_hash: values.background_blur_hash ?? '',
      position: values.position,
      created: now,
      updated: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!values.position) {
    row.position = row.id * POSITION_STEP;
    await trx.updateTable('lists').set({ position: row.position }).where('id', '=', row.id).execute();
  }
  if (opts.withBacklog !== false) {
    const bucket = await trx
      .insertInto('buckets')
      .values({ title: 'Backlog', list_id: row.id, limit: 0, is_done_bucket: 0, position: 0, created_by_id: ownerId, created: now, updated: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('buckets')
      .set({ position: bucket.id * POSITION_STEP })
      .where('id', '=', bucket.id)
      .execute();
  }
  if (opts.favorite) {
    await trx.insertInto('favorites').values({ entity_id: row.id, user_id: ownerId, kind: FAVORITE_KIND.list, created: now }).execute();
  }
  return row;
}

/** Sets or clears the caller's favourite mark on a list (or a filter's pseudo list id). */
export async function setListFavorite(trx: Db, userId: number, listId: number, favorite: boolean): Promise<void> {
  const existing = await trx
    .selectFrom('favorites')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', FAVORITE_KIND.list)
    .where('entity_id', '=', listId)
    .executeTakeFirst();
  if (favorite && !existing) {
    await trx.insertInto('favorites').values({ entity_id: listId, user_id: userId, kind: FAVORITE_KIND.list, created: nowIso() }).execute();
  } else if (!favorite && existing) {
    await trx.deleteFrom('favorites').where('id', '=', existing.id).execute();
  }
}

async function copyFile(trx: Db, config: Config, fileId: number, actorId: number): Promise<number | null> {
  const meta = await trx.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (!meta) return null;
  const opened = await openFile(config, fileId);
  if (!opened) return null;
  return (await saveFile(trx, config, opened.stream, { name: meta.name, mime: meta.mime, createdById: actorId, size: opened.size })).id;
}

/**
 * Copies a list into a namespace: buckets, tasks with reminders, assignees, labels, comments, attachments,
 * relations between its own tasks, background, user and team shares, and link shares (with new hashes).
 * Unlike the reference, no extra empty "Backlog" is added when the source already has buckets.
 */
export async function duplicateList(trx: Db, config: Config, source: ListRow, namespaceId: number, actorId: number): Promise<ListRow> {
  const now = nowIso();
  const backgroundId = source.background_file_id ? await copyFile(trx, config, source.background_file_id, actorId) : null;
  const buckets = await trx.selectFrom('buckets').selectAll().where('list_id', '=', source.id).orderBy('position').execute();
  const copy = await insertList(
    trx,
    {
      title: source.title,
      description: source.description,
      identifier: '', // identifiers are unique across all lists
      hex_color: source.hex_color,
      namespace_id: namespaceId,
      position: 0,
      background_file_id: backgroundId,
      background_blur_hash: source.background_blur_hash,
    },
    actorId,
    { withBacklog: buckets.length === 0 },
  );

  const bucketMap = new Map<number, number>();
  for (const b of buckets) {
    const { id: _old, ...rest } = b;
    const nb = await trx
      .insertInto('buckets')
      .values({ ...rest, list_id: copy.id, created: now, updated: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    bucketMap.set(b.id, nb.id);
  }

  const tasks = await trx.selectFrom('tasks').selectAll().where('list_id', '=', source.id).orderBy('id').execute();
  const taskMap = new Map<number, number>();
  for (const t of tasks) {
    const { id: _old, ...rest } = t;
    const nt = await trx
      .insertInto('tasks')
      .values({ ...rest, list_id: copy.id, bucket_id: bucketMap.get(t.bucket_id) ?? 0, uid: randomToken(32), created: now, updated: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    taskMap.set(t.id, nt.id);
  }
  const oldIds = [...taskMap.keys()];
  if (oldIds.length > 0) {
    const mapTask = (id: number) => taskMap.get(id) as number;
    const reminders = await trx.selectFrom('task_reminders').selectAll().where('task_id', 'in', oldIds).execute();
    if (reminders.length)
      await trx
        .insertInto('task_reminders')
        .values(reminders.map(({ id: _i, ...r }) => ({ ...r, task_id: mapTask(r.task_id) })))
        .execute();
    const assignees = await trx.selectFrom('task_assignees').selectAll().where('task_id', 'in', oldIds).execute();
    if (assignees.length)
      await trx
        .insertInto('task_assignees')
        .values(assignees.map(({ id: _i, ...r }) => ({ ...r, task_id: mapTask(r.task_id) })))
        .execute();
    const labels = await trx.selectFrom('label_tasks').selectAll().where('task_id', 'in', oldIds).execute();
    if (labels.length)
      await trx
        .insertInto('label_tasks')
        .values(labels.map(({ id: _i, ...r }) => ({ ...r, task_id: mapTask(r.task_id) })))
        .execute();
    const comments = await trx.selectFrom('task_comments').selectAll().where('task_id', 'in', oldIds).execute();
    if (comments.length)
      await trx
        .insertInto('task_comments')
        .values(comments.map(({ id: _i, ...r }) => ({ ...r, task_id: mapTask(r.task_id) })))
        .execute();
    const relations = await trx.selectFrom('task_relations').selectAll().where('task_id', 'in', oldIds).where('other_task_id', 'in', oldIds).execute();
    if (relations.length) {
      await trx
        .insertInto('task_relations')
        .values(relations.map(({ id: _i, ...r }) => ({ ...r, task_id: mapTask(r.task_id), other_task_id: mapTask(r.other_task_id) })))
        .execute();
    }
    const attachments = await trx.selectFrom('task_attachments').selectAll().where('task_id', 'in', oldIds).execute();
    for (const a of attachments) {
      const fileId = await copyFile(trx, config, a.file_id, actorId);
      if (fileId === null) continue;
      const na = await trx
        .insertInto('task_attachments')
        .values({ task_id: mapTask(a.task_id), file_id: fileId, created_by_id: a.created_by_id, created: a.created })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Keep a cover image pointing at the copied attachment.
      await trx
        .updateTable('tasks')
        .set({ cover_image_attachment_id: na.id })
        .where('id', '=', mapTask(a.task_id))
        .where('cover_image_attachment_id', '=', a.id)
        .execute();
    }
  }

  const users = await trx.selectFrom('users_lists').selectAll().where('list_id', '=', source.id).execute();
  if (users.length)
    await trx
      .insertInto('users_lists')
      .values(users.map(({ id: _i, ...r }) => ({ ...r, list_id: copy.id, created: now, updated: now })))
      .execute();
  const teams = await trx.selectFrom('team_lists').selectAll().where('list_id', '=', source.id).execute();
  if (teams.length)
    await trx
      .insertInto('team_lists')
      .values(teams.map(({ id: _i, ...r }) => ({ ...r, list_id: copy.id, created: now, updated: now })))
      .execute();
  const shares = await trx.selectFrom('link_shares').selectAll().where('list_id', '=', source.id).execute();
  if (shares.length) {
    await trx
      .insertInto('link_shares')
      .values(shares.map(({ id: _i, ...r }) => ({ ...r, hash: randomToken(40), list_id: copy.id, created: now, updated: now })))
      .execute();
  }
  return await trx.selectFrom('lists').selectAll().where('id', '=', copy.id).executeTakeFirstOrThrow();
}
