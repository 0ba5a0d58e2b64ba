// Task JSON as API-NOTES §8 describes it, built for a whole page of tasks with one query per kind of sub-object.
import type { Selectable } from 'kysely';
import { generationBatchCache, type Db } from '../db/database.js';
import type { TasksTable, LabelsTable } from '../db/schema.js';
import type { Auth } from '../context.js';
import { toWireDate } from '../clock.js';
import { usersById, type UserJson } from '../serialize.js';
import { taskSubscriptions } from '../subscriptions.js';
import { reachableLists } from '../rights.js';

export type TaskRow = Selectable<TasksTable>;
export { usersById, type UserJson };

const FAVORITE_TASK = 1;

/** Placeholder for a creator that no longer exists, so the shape stays the same. */
function ghost(id: number): UserJson {
  return { id, name: '', username: '', created: toWireDate(null), updated: toWireDate(null) };
}

export function labelJson(l: Selectable<LabelsTable>, users: Map<number, UserJson>) {
  return {
    id: l.id,
    title: l.title,
    description: l.description,
    hex_color: l.hex_color,
    created_by: users.get(l.created_by_id) ?? ghost(l.created_by_id),
    created: toWireDate(l.created),
    updated: toWireDate(l.updated),
  };
}

export function identifierOf(listIdentifier: string, index: number): string {
  return `${listIdentifier}-${index}`;
}

/** The fields every task JSON has, without sub-objects (what related tasks carry). */
function bareTask(t: TaskRow, listIdentifier: string) {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    done: Boolean(t.done),
    done_at: toWireDate(t.done_at),
    due_date: toWireDate(t.due_date),
    reminder_dates: null as string[] | null,
    list_id: t.list_id,
    repeat_after: t.repeat_after,
    repeat_mode: t.repeat_mode,
    priority: t.priority,
    start_date: toWireDate(t.start_date),
    end_date: toWireDate(t.end_date),
    assignees: null as UserJson[] | null,
    labels: null as ReturnType<typeof labelJson>[] | null,
    hex_color: t.hex_color,
    percent_done: t.percent_done,
    identifier: identifierOf(listIdentifier, t.index),
    index: t.index,
    related_tasks: null as Record<string, unknown[]> | null,
    attachments: null as unknown[] | null,
    cover_image_attachment_id: t.cover_image_attachment_id,
    is_favorite: false,
    created: toWireDate(t.created),
    updated: toWireDate(t.updated),
    bucket_id: t.bucket_id,
    position: t.position,
    kanban_position: t.kanban_position,
    created_by: null as UserJson | null,
  };
}

export type TaskJson = ReturnType<typeof bareTask> & { subscription?: unknown };

/**
 * A related task in a list the reader cannot open: only its id, every other field empty, so the relation still
 * shows (and keeps a task's shape for v0.20 clients) without disclosing anything of the task or its list.
 */
export function undisclosedTask(id: number): ReturnType<typeof bareTask> {
  const blank = {
    id,
    title: '',
    description: '',
    done: 0,
    done_at: null,
    due_date: null,
    list_id: 0,
    repeat_after: 0,
    repeat_mode: 0,
    priority: 0,
    start_date: null,
    end_date: null,
    hex_color: '',
    percent_done: 0,
    index: 0,
    cover_image_attachment_id: 0,
    bucket_id: 0,
    position: 0,
    kanban_position: 0,
    created: null,
    updated: null,
  };
  return { ...bareTask(blank as unknown as TaskRow, ''), identifier: '' };
}

/** List identifiers (for task identifiers) by list id until the next write. */
const identifierCache = generationBatchCache<{ identifier: string }>();

async function listIdentifiers(db: Db, listIds: number[]): Promise<Map<number, string>> {
  if (listIds.length === 0) return new Map();
  const found = await identifierCache(db, listIds, async (missing) => {
    const rows = await db.selectFrom('lists').select(['id', 'identifier']).where('id', 'in', missing).execute();
    return new Map(rows.map((r) => [r.id, { identifier: r.identifier }]));
  });
  return new Map([...found].map(([id, v]) => [id, v.identifier]));
}

function group<T>(rows: T[], key: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** Attachments with their files' fields, as every answer that lists attachments reads them. */
export function attachmentRows(db: Db) {
  return db
    .selectFrom('task_attachments')
    .innerJoin('files', 'files.id', 'task_attachments.file_id')
    .select([
      'task_attachments.id',
      'task_attachments.task_id',
      'task_attachments.created_by_id',
      'task_attachments.created',
      'files.id as file_id',
      'files.name',
      'files.mime',
      'files.size',
      'files.created as file_created',
    ]);
}

/**
 * Full task JSON for a page of tasks, in the order given. A fixed number of queries whatever the page size:
 * lists, labels, assignees, reminders, attachments, relations (+ related tasks), favourites, users, subscriptions.
 */
export async function tasksJson(db: Db, auth: Auth, tasks: TaskRow[], opts: { subscription?: boolean } = {}): Promise<TaskJson[]> {
  if (tasks.length === 0) return [];
  const ids = tasks.map((t) => t.id);
  const [labelRows, assigneeRows, reminderRows, attachedRows, relationRows, favRows] = await Promise.all([
    labelsOf(db, ids),
    db.selectFrom('task_assignees').select(['task_id', 'user_id']).where('task_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('task_reminders').select(['task_id', 'reminder']).where('task_id', 'in', ids).orderBy('reminder').execute(),
    attachmentRows(db).where('task_attachments.task_id', 'in', ids).orderBy('task_attachments.id').execute(),
    db.selectFrom('task_relations').select(['task_id', 'other_task_id', 'relation_kind']).where('task_id', 'in', ids).orderBy('id').execute(),
    auth.userId > 0
      ? db
          .selectFrom('favorites')
          .select('entity_id')
          .where('user_id', '=', auth.userId)
          .where('kind', '=', FAVORITE_TASK)
          .where('entity_id', 'in', ids)
          .execute()
      : Promise.resolve([] as { entity_id: number }[]),
  ]);
  const otherIds = [...new Set(relationRows.map((r) => r.other_task_id))];
  const others = otherIds.length ? await db.selectFrom('tasks').selectAll().where('id', 'in', otherIds).execute() : [];
  // The caller reads the page's lists; a related task elsewhere is shown whole only if the rights module says so.
  const pageLists = new Set(tasks.map((t) => t.list_id));
  const readable = others.some((o) => !pageLists.has(o.list_id)) ? await reachableLists(db, auth) : null;
  const mayOpen = (o: TaskRow) => pageLists.has(o.list_id) || Boolean(readable?.has(o.list_id));
  const identifiers = await listIdentifiers(db, [...tasks.map((t) => t.list_id), ...others.map((t) => t.list_id)]);
  const users = await usersById(db, [
    ...tasks.map((t) => t.created_by_id),
    ...labelRows.map((l) => l.created_by_id),
    ...assigneeRows.map((a) => a.user_id),
    ...attachedRows.map((a) => a.created_by_id),
  ]);
  // The contract returns `subscription` only when one task is read; collections skip the lookups.
  const subs = opts.subscription ? await taskSubscriptions(db, auth.userId, tasks) : new Map();

  const labelsBy = group(labelRows, (r) => r.task_id);
  const assigneesBy = group(assigneeRows, (r) => r.task_id);
  const remindersBy = group(reminderRows, (r) => r.task_id);
  const attachmentsBy = group(attachedRows, (r) => r.task_id);
  const relationsBy = group(relationRows, (r) => r.task_id);
  const otherById = new Map(others.map((o) => [o.id, o]));
  const favs = new Set(favRows.map((f) => f.entity_id));

  return tasks.map((t) => {
    const json: TaskJson = bareTask(t, identifiers.get(t.list_id) ?? '');
    const labels = labelsBy.get(t.id);
    if (labels) json.labels = labels.map((l) => labelJson(l, users));
    const assignees = assigneesBy.get(t.id);
    if (assignees) json.assignees = assignees.map((a) => users.get(a.user_id)).filter((u): u is UserJson => Boolean(u));
    const reminders = remindersBy.get(t.id);
    if (reminders) json.reminder_dates = reminders.map((r) => toWireDate(r.reminder));
    const attachments = attachmentsBy.get(t.id);
    if (attachments) json.attachments = attachments.map((a) => attachmentJson(a, users));
    const related: Record<string, unknown[]> = {};
    for (const r of relationsBy.get(t.id) ?? []) {
      const other = otherById.get(r.other_task_id);
      if (!other) continue;
      (related[r.relation_kind] ??= []).push(mayOpen(other) ? bareTask(other, identifiers.get(other.list_id) ?? '') : undisclosedTask(other.id));
    }
    json.related_tasks = related;
    json.is_favorite = favs.has(t.id);
    json.created_by = users.get(t.created_by_id) ?? ghost(t.created_by_id);
    const sub = subs.get(t.id);
    if (sub) json.subscription = sub;
    return json;
  });
}

/**
 * Label rows of some tasks, each with its task_id, in label order. A cross join keeps SQLite walking from the
 * page's task ids to their labels (with a plain join it may start from the small labels table and walk every
 * task carrying each label); PostgreSQL plans it as the join it is.
 */
async function labelsOf(db: Db, taskIds: number[]): Promise<(Selectable<LabelsTable> & { task_id: number })[]> {
  return db
    .selectFrom('label_tasks')
    .crossJoin('labels')
    .selectAll('labels')
    .select('label_tasks.task_id')
    .whereRef('labels.id', '=', 'label_tasks.label_id')
    .where('label_tasks.task_id', 'in', taskIds)
    .orderBy('labels.id')
    .execute();
}

export interface AttachmentRow {
  id: number;
  task_id: number;
  created_by_id: number;
  created: string;
  file_id: number;
  name: string;
  mime: string;
  size: number;
  file_created: string;
}

export function attachmentJson(a: AttachmentRow, users: Map<number, UserJson>) {
  return {
    id: a.id,
    task_id: a.task_id,
    created_by: users.get(a.created_by_id) ?? ghost(a.created_by_id),
    file: { id: a.file_id, name: a.name, mime: a.mime, size: a.size, created: toWireDate(a.file_created) },
    created: toWireDate(a.created),
  };
}

/** A task without sub-objects, as notification payloads carry it. */
export async function plainTaskJson(db: Db, t: TaskRow) {
  const ids = await listIdentifiers(db, [t.list_id]);
  const json = bareTask(t, ids.get(t.list_id) ?? '');
  json.related_tasks = {};
  return json;
}
