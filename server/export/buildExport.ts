// Builds the data export archive of one user: every namespace they own with all its content, their filters, and the files.
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import { readFileBytes } from '../files.js';
import { toWireDate } from '../clock.js';
import { userListRights } from '../rights.js';
import { SERVER_VERSION } from '../routes/info.js';
import { writeZip, type ZipEntry } from './zip.js';
import {
  DATA_FILE,
  FILTERS_FILE,
  VERSION_FILE,
  filePath,
  type ExportAttachment,
  type ExportComment,
  type ExportFileMeta,
  type ExportFilter,
  type ExportLabel,
  type ExportList,
  type ExportNamespace,
  type ExportRelatedTask,
  type ExportTask,
  type ExportUserRef,
} from './format.js';

const CHUNK = 500;

async function inChunks<T>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await load(ids.slice(i, i + CHUNK))));
  return out;
}

function groupBy<T, K>(items: T[], key: (t: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const it of items) {
    const k = key(it);
    const arr = m.get(k);
    if (arr) arr.push(it);
    else m.set(k, [it]);
  }
  return m;
}

export interface ExportContent {
  namespaces: ExportNamespace[];
  filters: ExportFilter[];
  /** File ids whose bytes go into files/<id>. */
  fileIds: number[];
}

/** The export content as plain data (no zip yet). */
export async function collectExport(db: Db, userId: number): Promise<ExportContent> {
  const namespaces = await db.selectFrom('namespaces').selectAll().where('owner_id', '=', userId).orderBy('id').execute();
  const nsIds = namespaces.map((n) => n.id);
  const lists = await inChunks(nsIds, (ids) => db.selectFrom('lists').selectAll().where('namespace_id', 'in', ids).orderBy('position').orderBy('id').execute());
  const listIds = lists.map((l) => l.id);
  const buckets = await inChunks(listIds, (ids) =>
    db.selectFrom('buckets').selectAll().where('list_id', 'in', ids).orderBy('position').orderBy('id').execute(),
  );
  const tasks = await inChunks(listIds, (ids) => db.selectFrom('tasks').selectAll().where('list_id', 'in', ids).orderBy('id').execute());
  const taskIds = tasks.map((t) => t.id);

  const reminders = await inChunks(taskIds, (ids) =>
    db.selectFrom('task_reminders').select(['task_id', 'reminder']).where('task_id', 'in', ids).orderBy('reminder').execute(),
  );
  const assignees = await inChunks(taskIds, (ids) =>
    db.selectFrom('task_assignees').select(['task_id', 'user_id']).where('task_id', 'in', ids).orderBy('id').execute(),
  );
  const labelLinks = await inChunks(taskIds, (ids) =>
    db
      .selectFrom('label_tasks')
      .innerJoin('labels', 'labels.id', 'label_tasks.label_id')
      .selectAll('labels')
      .select('label_tasks.task_id')
      .where('label_tasks.task_id', 'in', ids)
      .orderBy('label_tasks.id')
      .execute(),
  );
  const attachments = await inChunks(taskIds, (ids) =>
    db
      .selectFrom('task_attachments')
      .innerJoin('files', 'files.id', 'task_attachments.file_id')
      .select([
        'task_attachments.id',
        'task_attachments.task_id',
        'task_attachments.created_by_id',
        'task_attachments.created',
        'files.id as file_id',
        'files.name as file_name',
        'files.mime as file_mime',
        'files.size as file_size',
        'files.created as file_created',
      ])
      .where('task_attachments.task_id', 'in', ids)
      .orderBy('task_attachments.id')
      .execute(),
  );
  const comments = await inChunks(taskIds, (ids) => db.selectFrom('task_comments').selectAll().where('task_id', 'in', ids).orderBy('id').execute());
  const relations = await inChunks(taskIds, (ids) => db.selectFrom('task_relations').selectAll().where('task_id', 'in', ids).orderBy('id').execute());
  const related = await inChunks([...new Set(relations.map((r) => r.other_task_id))], (ids) =>
    db.selectFrom('tasks').select(['id', 'title', 'list_id']).where('id', 'in', ids).execute(),
  );
  const favorites = await db.selectFrom('favorites').select(['kind', 'entity_id']).where('user_id', '=', userId).execute();
  const backgroundIds = lists.map((l) => l.background_file_id).filter((f): f is number => f !== null);
  const backgrounds = await inChunks(backgroundIds, (ids) => db.selectFrom('files').selectAll().where('id', 'in', ids).execute());

  const userIds = new Set<number>([userId]);
  for (const t of tasks) userIds.add(t.created_by_id);
  for (const a of assignees) userIds.add(a.user_id);
  for (const l of labelLinks) userIds.add(l.created_by_id);
  for (const a of attachments) userIds.add(a.created_by_id);
  for (const c of comments) userIds.add(c.author_id);
  const users = await inChunks([...userIds], (ids) => db.selectFrom('users').select(['id', 'username', 'name']).where('id', 'in', ids).execute());
  const userById = new Map(users.map((u) => [u.id, u]));
  const ref = (id: number): ExportUserRef | null => {
    const u = userById.get(id);
    return u ? { id: u.id, username: u.username, name: u.name } : null;
  };

  const favTasks = new Set(favorites.filter((f) => f.kind === 1).map((f) => f.entity_id));
  const favLists = new Set(favorites.filter((f) => f.kind === 2).map((f) => f.entity_id));
  const remindersByTask = groupBy(reminders, (r) => r.task_id);
  const assigneesByTask = groupBy(assignees, (a) => a.task_id);
  const labelsByTask = groupBy(labelLinks, (l) => l.task_id);
  const attachmentsByTask = groupBy(attachments, (a) => a.task_id);
  const commentsByTask = groupBy(comments, (c) => c.task_id);
  const relationsByTask = groupBy(relations, (r) => r.task_id);
  const relatedById = new Map(related.map((t) => [t.id, t]));
  // The user owns the exported lists; a related task elsewhere is named only if the rights module says they read it.
  const own = new Set(listIds);
  const elsewhere = related.some((t) => !own.has(t.list_id)) ? await userListRights(db, userId) : null;
  const mayRead = (listId: number) => own.has(listId) || Boolean(elsewhere?.has(listId));
  const tasksByList = groupBy(tasks, (t) => t.list_id);
  const bucketsByList = groupBy(buckets, (b) => b.list_id);
  const listsByNs = groupBy(lists, (l) => l.namespace_id);
  const backgroundById = new Map(backgrounds.map((f) => [f.id, f]));
  const identifierByList = new Map(lists.map((l) => [l.id, l.identifier]));
  const fileIds: number[] = [];

  const taskJson = (t: (typeof tasks)[number]): ExportTask => {
    const rel: Record<string, ExportRelatedTask[]> = {};
    for (const r of relationsByTask.get(t.id) ?? []) {
      const other = relatedById.get(r.other_task_id);
      if (!other) continue;
      // A related task in a list the user cannot read keeps its id only, as the API shows it them.
      const shown = mayRead(other.list_id) ? { id: other.id, title: other.title, list_id: other.list_id } : { id: other.id, title: '', list_id: 0 };
      (rel[r.relation_kind] ??= []).push(shown);
    }
    const atts: ExportAttachment[] = (attachmentsByTask.get(t.id) ?? []).map((a) => {
      fileIds.push(a.file_id);
      return {
        id: a.id,
        task_id: a.task_id,
        created_by: ref(a.created_by_id),
        file: { id: a.file_id, name: a.file_name, mime: a.file_mime, size: a.file_size, created: toWireDate(a.file_created) },
        created: toWireDate(a.created),
      };
    });
    const labels: ExportLabel[] = (labelsByTask.get(t.id) ?? []).map((l) => ({
      id: l.id,
      title: l.title,
      description: l.description,
      hex_color: l.hex_color,
      created_by: ref(l.created_by_id),
      created: toWireDate(l.created),
      updated: toWireDate(l.updated),
    }));
    const comm: ExportComment[] = (commentsByTask.get(t.id) ?? []).map((c) => ({
      id: c.id,
      comment: c.comment,
      author: ref(c.author_id),
      created: toWireDate(c.created),
      updated: toWireDate(c.updated),
    }));
    const rem = (remindersByTask.get(t.id) ?? []).map((r) => toWireDate(r.reminder));
    const asg = (assigneesByTask.get(t.id) ?? []).map((a) => ref(a.user_id)).filter((u): u is ExportUserRef => u !== null);
    return {
      id: t.id,
      title: t.title,
      description: t.description,
      done: Boolean(t.done),
      done_at: toWireDate(t.done_at),
      due_date: toWireDate(t.due_date),
      start_date: toWireDate(t.start_date),
      end_date: toWireDate(t.end_date),
      reminder_dates: rem.length ? rem : null,
      list_id: t.list_id,
      repeat_after: t.repeat_after,
      repeat_mode: t.repeat_mode,
      priority: t.priority,
      hex_color: t.hex_color,
      percent_done: t.percent_done,
      identifier: `${identifierByList.get(t.list_id) ?? ''}-${t.index}`,
      index: t.index,
      uid: t.uid,
      cover_image_attachment_id: t.cover_image_attachment_id,
      is_favorite: favTasks.has(t.id),
      bucket_id: t.bucket_id,
      position: t.position,
      kanban_position: t.kanban_position,
      created_by: ref(t.created_by_id),
      assignees: asg.length ? asg : null,
      labels: labels.length ? labels : null,
      attachments: atts.length ? atts : null,
      comments: comm.length ? comm : null,
      related_tasks: rel,
      created: toWireDate(t.created),
      updated: toWireDate(t.updated),
    };
  };

  const listJson = (l: (typeof lists)[number]): ExportList => {
    const bg = l.background_file_id !== null ? backgroundById.get(l.background_file_id) : undefined;
    if (bg) fileIds.push(bg.id);
    const bgMeta: ExportFileMeta | null = bg ? { id: bg.id, name: bg.name, mime: bg.mime, size: bg.size, created: toWireDate(bg.created) } : null;
    return {
      id: l.id,
      title: l.title,
      description: l.description,
      identifier: l.identifier,
      hex_color: l.hex_color,
      namespace_id: l.namespace_id,
      owner: ref(l.owner_id),
      is_archived: Boolean(l.is_archived),
      is_favorite: favLists.has(l.id),
      position: l.position,
      background_file_id: bg ? bg.id : 0,
      background_information: bg ? { Type: 'upload' } : null,
      background_blur_hash: l.background_blur_hash,
      background_file: bgMeta,
      buckets: (bucketsByList.get(l.id) ?? []).map((b) => ({
        id: b.id,
        title: b.title,
        list_id: b.list_id,
        limit: b.limit,
        is_done_bucket: Boolean(b.is_done_bucket),
        position: b.position,
        created: toWireDate(b.created),
        updated: toWireDate(b.updated),
      })),
      tasks: (tasksByList.get(l.id) ?? []).map(taskJson),
      created: toWireDate(l.created),
      updated: toWireDate(l.updated),
    };
  };

  const nsJson: ExportNamespace[] = namespaces.map((n) => ({
    id: n.id,
    title: n.title,
    description: n.description,
    hex_color: n.hex_color,
    is_archived: Boolean(n.is_archived),
    owner: ref(n.owner_id),
    lists: (listsByNs.get(n.id) ?? []).map(listJson),
    created: toWireDate(n.created),
    updated: toWireDate(n.updated),
  }));

  const filterRows = await db.selectFrom('saved_filters').selectAll().where('owner_id', '=', userId).orderBy('id').execute();
  const filters: ExportFilter[] = filterRows.map((f) => {
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(f.filters) as Record<string, unknown>;
    } catch {
      // A filter that never parsed is exported empty rather than failing the whole export.
    }
    return {
      id: f.id,
      title: f.title,
      description: f.description,
      filters: parsed,
      // Saved filters are favourited as their pseudo list −(id + 1).
      is_favorite: favLists.has(-(f.id + 1)),
      created: toWireDate(f.created),
      updated: toWireDate(f.updated),
    };
  });

  return { namespaces: nsJson, filters, fileIds: [...new Set(fileIds)] };
}

/** The zip archive of a user's data. */
export async function buildExportZip(db: Db, config: Config, userId: number): Promise<Buffer> {
  const content = await collectExport(db, userId);
  const entries: ZipEntry[] = [
    { name: VERSION_FILE, data: `${SERVER_VERSION}\n` },
    { name: DATA_FILE, data: JSON.stringify(content.namespaces, null, 2) },
    { name: FILTERS_FILE, data: JSON.stringify(content.filters, null, 2) },
  ];
  for (const id of content.fileIds) {
    const bytes = await readFileBytes(config, id);
    // A file whose bytes are gone is left out; the import then skips that attachment.
    if (bytes) entries.push({ name: filePath(id), data: bytes });
  }
  return writeZip(entries);
}
