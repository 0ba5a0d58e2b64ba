// The steps of an import, each creating one kind of thing from the export's shape inside the import's transaction.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Config } from '../config.js';
import { saveFile } from '../files.js';
import { attachmentMime } from '../fileType.js';
import { fromWireDate, nowIso } from '../clock.js';
import { filePath } from './format.js';

type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const int = (v: unknown, fallback = 0): number => Math.trunc(num(v, fallback));
const flag = (v: unknown): number => (v === true || v === 1 ? 1 : 0);
const color = (v: unknown): string => str(v).replace(/^#/, '').slice(0, 6);
/** A stored date from an exported one; bad dates become "not set" instead of failing the import. */
const date = (v: unknown): string | null => fromWireDate(v) ?? null;
const stamp = (v: unknown, fallback: string): string => date(v) ?? fallback;

/** What an import brings: namespaces in the export's shape (data.json), saved filters, and file bytes by `filePath`. */
export interface ImportContent {
  namespaces: unknown[];
  filters: unknown[];
  files: ImportFiles;
}

/** The stored files an import brings, by `filePath`, read one at a time so only one is in memory. */
export interface ImportFiles {
  read(name: string): Promise<Buffer | undefined>;
}

/** For imports that bring no files. */
export const NO_FILES: ImportFiles = { read: () => Promise.resolve(undefined) };

export interface ImportSummary {
  namespaces: number;
  lists: number;
  tasks: number;
  labels: number;
  attachments: number;
}

/** One import under way: where it writes, and the id maps from the archive's ids to the new ones. */
export interface ImportRun {
  trx: Db;
  config: Config;
  userId: number;
  files: ImportFiles;
  now: string;
  summary: ImportSummary;
  /** Files stored so far, for the caller to delete if the transaction fails (bytes are not rolled back). */
  savedFileIds: number[];
  /** The exporting account: tasks assigned to it become assigned to the importing account. */
  exporter: { ids: Set<number>; names: Set<string> };
  labelByTitle: Map<string, number>;
  labelMap: Map<number, number>;
  taskMap: Map<number, number>;
  attachmentMap: Map<number, number>;
  /** Relations and covers point at tasks and attachments that may come later in the archive. */
  pendingRelations: { task: number; other: number; kind: string; created: string }[];
  pendingCovers: { task: number; cover: number }[];
}

export async function startImport(trx: Db, config: Config, userId: number, content: ImportContent, savedFileIds: number[]): Promise<ImportRun> {
  const exporter = { ids: new Set<number>(), names: new Set<string>() };
  for (const ns of content.namespaces) {
    if (isObj(ns) && isObj(ns.owner)) {
      exporter.ids.add(int(ns.owner.id));
      exporter.names.add(str(ns.owner.username));
    }
  }
  // Labels are reused when the user already has one with the same title.
  const ownLabels = await trx.selectFrom('labels').select(['id', 'title']).where('created_by_id', '=', userId).orderBy('id').execute();
  const labelByTitle = new Map<string, number>();
  for (const l of ownLabels) if (!labelByTitle.has(l.title)) labelByTitle.set(l.title, l.id);
  return {
    trx,
    config,
    userId,
    files: content.files,
    now: nowIso(),
    summary: { namespaces: 0, lists: 0, tasks: 0, labels: 0, attachments: 0 },
    savedFileIds,
    exporter,
    labelByTitle,
    labelMap: new Map(),
    taskMap: new Map(),
    attachmentMap: new Map(),
    pendingRelations: [],
    pendingCovers: [],
  };
}

/** Stores the bytes the archive holds for a file's metadata; null when it holds none. */
async function storeFile(run: ImportRun, meta: unknown): Promise<number | null> {
  if (!isObj(meta)) return null;
  const bytes = await run.files.read(filePath(int(meta.id)));
  if (!bytes) return null;
  const f = await saveFile(run.trx, run.config, bytes, {
    name: str(meta.name, 'file'),
    mime: await attachmentMime(bytes, str(meta.mime)),
    createdById: run.userId,
  });
  run.savedFileIds.push(f.id);
  // Keep the original upload time; saveFile stamps "now".
  const created = date(meta.created);
  if (created) await run.trx.updateTable('files').set({ created }).where('id', '=', f.id).execute();
  return f.id;
}

/** The new id of an exported label: the user's own label of that title, else a new one. */
async function labelFor(run: ImportRun, l: Obj): Promise<number> {
  const oldId = int(l.id);
  const known = run.labelMap.get(oldId);
  if (known !== undefined && oldId !== 0) return known;
  const title = str(l.title).trim() || 'Label';
  let id = run.labelByTitle.get(title);
  if (id === undefined) {
    const row = await run.trx
      .insertInto('labels')
      .values({
        title,
        description: str(l.description),
        hex_color: color(l.hex_color),
        created_by_id: run.userId,
        created: stamp(l.created, run.now),
        updated: stamp(l.updated, run.now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
    run.labelByTitle.set(title, id);
    run.summary.labels += 1;
  }
  run.labelMap.set(oldId, id);
  return id;
}

export async function importNamespace(run: ImportRun, nsRaw: Obj): Promise<void> {
  const ns = await run.trx
    .insertInto('namespaces')
    .values({
      title: str(nsRaw.title).trim() || 'Imported',
      description: str(nsRaw.description),
      owner_id: run.userId,
      hex_color: color(nsRaw.hex_color),
      is_archived: flag(nsRaw.is_archived),
      created: stamp(nsRaw.created, run.now),
      updated: stamp(nsRaw.updated, run.now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  run.summary.namespaces += 1;
  for (const l of arr(nsRaw.lists)) if (isObj(l)) await importList(run, ns.id, l);
}

async function importList(run: ImportRun, namespaceId: number, lRaw: Obj): Promise<void> {
  const { trx, userId, now } = run;
  // Identifiers are unique server-wide: one already used elsewhere is dropped.
  let identifier = str(lRaw.identifier).slice(0, 10);
  if (identifier) {
    const taken = await trx.selectFrom('lists').select('id').where('identifier', '=', identifier).executeTakeFirst();
    if (taken) identifier = '';
  }
  // Archives of the reference server name only background_file_id; ours also carry the file's metadata.
  const backgroundMeta = isObj(lRaw.background_file)
    ? lRaw.background_file
    : int(lRaw.background_file_id) > 0
      ? { id: lRaw.background_file_id, name: 'background' }
      : null;
  const backgroundId = await storeFile(run, backgroundMeta);
  const list = await trx
    .insertInto('lists')
    .values({
      title: str(lRaw.title).trim() || 'Imported list',
      description: str(lRaw.description),
      identifier,
      hex_color: color(lRaw.hex_color),
      namespace_id: namespaceId,
      owner_id: userId,
      is_archived: flag(lRaw.is_archived),
      background_file_id: backgroundId,
      background_blur_hash: backgroundId ? str(lRaw.background_blur_hash) : '',
      position: num(lRaw.position),
      created: stamp(lRaw.created, now),
      updated: stamp(lRaw.updated, now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  run.summary.lists += 1;
  if (lRaw.is_favorite === true) await trx.insertInto('favorites').values({ entity_id: list.id, user_id: userId, kind: 2, created: now }).execute();
  const buckets = await importBuckets(run, list.id, arr(lRaw.buckets));
  for (const t of arr(lRaw.tasks)) if (isObj(t)) await importTask(run, list.id, buckets, t);
}

interface ListBuckets {
  /** Archive bucket id → new bucket id. */
  byOldId: Map<number, number>;
  /** Where tasks go whose bucket the archive does not name. */
  fallback: number;
}

async function importBuckets(run: ImportRun, listId: number, raw: unknown[]): Promise<ListBuckets> {
  const { trx, userId, now } = run;
  const byOldId = new Map<number, number>();
  let first: number | null = null;
  for (const bRaw of raw) {
    if (!isObj(bRaw)) continue;
    const b = await trx
      .insertInto('buckets')
      .values({
        title: str(bRaw.title).trim() || 'Bucket',
        list_id: listId,
        limit: Math.max(0, int(bRaw.limit)),
        is_done_bucket: flag(bRaw.is_done_bucket),
        position: num(bRaw.position),
        created_by_id: userId,
        created: stamp(bRaw.created, now),
        updated: stamp(bRaw.updated, now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    byOldId.set(int(bRaw.id), b.id);
    first ??= b.id;
  }
  if (first !== null) return { byOldId, fallback: first };
  // Every list needs a bucket, or creating tasks in it later fails (10002).
  const b = await trx
    .insertInto('buckets')
    .values({ title: 'Backlog', list_id: listId, limit: 0, is_done_bucket: 0, position: 0, created_by_id: userId, created: now, updated: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('buckets')
    .set({ position: b.id * 65536 })
    .where('id', '=', b.id)
    .execute();
  return { byOldId, fallback: b.id };
}

async function importTask(run: ImportRun, listId: number, buckets: ListBuckets, tRaw: Obj): Promise<void> {
  const { trx, userId, now } = run;
  // A uid names one task across calendars: a taken one gets a fresh uid rather than two tasks sharing it.
  let uid = str(tRaw.uid);
  if (uid) {
    const taken = await trx.selectFrom('tasks').select('id').where('uid', '=', uid).executeTakeFirst();
    if (taken) uid = randomUUID();
  }
  const task = await trx
    .insertInto('tasks')
    .values({
      title: str(tRaw.title).trim() || 'Untitled task',
      description: str(tRaw.description),
      done: flag(tRaw.done),
      done_at: date(tRaw.done_at),
      due_date: date(tRaw.due_date),
      list_id: listId,
      repeat_after: Math.max(0, int(tRaw.repeat_after)),
      repeat_mode: int(tRaw.repeat_mode),
      priority: int(tRaw.priority),
      start_date: date(tRaw.start_date),
      end_date: date(tRaw.end_date),
      hex_color: color(tRaw.hex_color),
      percent_done: num(tRaw.percent_done),
      index: int(tRaw.index),
      uid,
      cover_image_attachment_id: 0,
      created_by_id: userId,
      bucket_id: buckets.byOldId.get(int(tRaw.bucket_id)) ?? buckets.fallback,
      position: num(tRaw.position),
      kanban_position: num(tRaw.kanban_position),
      created: stamp(tRaw.created, now),
      updated: stamp(tRaw.updated, now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  run.taskMap.set(int(tRaw.id), task.id);
  run.summary.tasks += 1;
  if (tRaw.is_favorite === true) await trx.insertInto('favorites').values({ entity_id: task.id, user_id: userId, kind: 1, created: now }).execute();

  const reminders = [
    ...new Set(
      arr(tRaw.reminder_dates)
        .map(date)
        .filter((d): d is string => d !== null),
    ),
  ].sort();
  for (const reminder of reminders) await trx.insertInto('task_reminders').values({ task_id: task.id, reminder, created: now }).execute();

  // Other people's accounts are not part of the export; only the exporter's own assignments carry over.
  const assignedToExporter = arr(tRaw.assignees).some((a) => isObj(a) && (run.exporter.ids.has(int(a.id)) || run.exporter.names.has(str(a.username))));
  if (assignedToExporter) await trx.insertInto('task_assignees').values({ task_id: task.id, user_id: userId, created: now }).execute();

  await importTaskLabels(run, task.id, arr(tRaw.labels));
  await importAttachments(run, task.id, arr(tRaw.attachments));
  const cover = int(tRaw.cover_image_attachment_id);
  if (cover) run.pendingCovers.push({ task: task.id, cover });
  await importComments(run, task.id, arr(tRaw.comments));
  if (isObj(tRaw.related_tasks)) {
    for (const [kind, others] of Object.entries(tRaw.related_tasks)) {
      for (const o of arr(others)) if (isObj(o)) run.pendingRelations.push({ task: int(tRaw.id), other: int(o.id), kind, created: now });
    }
  }
}

async function importTaskLabels(run: ImportRun, taskId: number, labels: unknown[]): Promise<void> {
  const seen = new Set<number>();
  for (const l of labels) {
    if (!isObj(l)) continue;
    const labelId = await labelFor(run, l);
    if (seen.has(labelId)) continue;
    seen.add(labelId);
    await run.trx.insertInto('label_tasks').values({ task_id: taskId, label_id: labelId, created: run.now }).execute();
  }
}

async function importAttachments(run: ImportRun, taskId: number, attachments: unknown[]): Promise<void> {
  for (const a of attachments) {
    if (!isObj(a)) continue;
    const fileId = await storeFile(run, a.file);
    if (fileId === null) continue;
    const row = await run.trx
      .insertInto('task_attachments')
      .values({ task_id: taskId, file_id: fileId, created_by_id: run.userId, created: stamp(a.created, run.now) })
      .returning('id')
      .executeTakeFirstOrThrow();
    run.attachmentMap.set(int(a.id), row.id);
    run.summary.attachments += 1;
  }
}

async function importComments(run: ImportRun, taskId: number, comments: unknown[]): Promise<void> {
  for (const c of comments) {
    if (!isObj(c) || !str(c.comment)) continue;
    await run.trx
      .insertInto('task_comments')
      .values({ comment: str(c.comment), author_id: run.userId, task_id: taskId, created: stamp(c.created, run.now), updated: stamp(c.updated, run.now) })
      .execute();
  }
}

/** Relations once every task exists; ones pointing outside the archive have nothing to point to. */
export async function linkRelations(run: ImportRun): Promise<void> {
  const seen = new Set<string>();
  for (const r of run.pendingRelations) {
    const task = run.taskMap.get(r.task);
    const other = run.taskMap.get(r.other);
    if (task === undefined || other === undefined || task === other) continue;
    const key = `${task}:${r.kind}:${other}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await run.trx
      .insertInto('task_relations')
      .values({ task_id: task, other_task_id: other, relation_kind: r.kind, created_by_id: run.userId, created: r.created })
      .execute();
  }
}

/** Cover images once every attachment has its new id. */
export async function setCovers(run: ImportRun): Promise<void> {
  for (const c of run.pendingCovers) {
    const att = run.attachmentMap.get(c.cover);
    if (att !== undefined) await run.trx.updateTable('tasks').set({ cover_image_attachment_id: att }).where('id', '=', c.task).execute();
  }
}

export async function importFilter(run: ImportRun, f: Obj): Promise<void> {
  if (!str(f.title).trim()) return;
  const row = await run.trx
    .insertInto('saved_filters')
    .values({
      title: str(f.title).trim(),
      description: str(f.description),
      filters: JSON.stringify(isObj(f.filters) ? f.filters : {}),
      owner_id: run.userId,
      created: stamp(f.created, run.now),
      updated: stamp(f.updated, run.now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (f.is_favorite === true)
    await run.trx
      .insertInto('favorites')
      .values({ entity_id: -(row.id + 1), user_id: run.userId, kind: 2, created: run.now })
      .execute();
}
