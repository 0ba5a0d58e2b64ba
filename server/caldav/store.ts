// Reading and writing tasks for the CalDAV endpoint, on top of the task logic the API uses.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Auth } from '../context.js';
import { nowIso } from '../clock.js';
import { createTask, updateTask } from '../tasks/save.js';
import type { TaskInput } from '../tasks/input.js';
import type { TaskRow } from '../tasks/serialize.js';
import type { ListRow } from '../rights.js';
import { taskToIcal, taskUid, derivedUidTaskId, type VtodoFields } from './vtodo.js';

export interface DavObject {
  task: TaskRow;
  uid: string;
  ics: string;
  etag: string;
}

const CHUNK = 500;

function etagOf(ics: string): string {
  return `"${createHash('sha256').update(ics).digest('base64url').slice(0, 27)}"`;
}

/** Builds the calendar objects of stored tasks, loading reminders and labels in bulk. */
export async function objectsOf(db: Db, tasks: TaskRow[]): Promise<DavObject[]> {
  const reminders = new Map<number, string[]>();
  const labels = new Map<number, string[]>();
  for (let i = 0; i < tasks.length; i += CHUNK) {
    const ids = tasks.slice(i, i + CHUNK).map((t) => t.id);
    const rs = await db.selectFrom('task_reminders').select(['task_id', 'reminder']).where('task_id', 'in', ids).orderBy('reminder').execute();
    for (const r of rs) reminders.set(r.task_id, [...(reminders.get(r.task_id) ?? []), r.reminder]);
    const ls = await db
      .selectFrom('label_tasks')
      .innerJoin('labels', 'labels.id', 'label_tasks.label_id')
      .select(['label_tasks.task_id', 'labels.title'])
      .where('label_tasks.task_id', 'in', ids)
      .orderBy('labels.title')
      .execute();
    for (const l of ls) labels.set(l.task_id, [...(labels.get(l.task_id) ?? []), l.title]);
  }
  return tasks.map((task) => {
    const ics = taskToIcal({ task, reminders: reminders.get(task.id) ?? [], labels: labels.get(task.id) ?? [] });
    return { task, uid: taskUid(task), ics, etag: etagOf(ics) };
  });
}

export async function listObjects(db: Db, listId: number): Promise<DavObject[]> {
  const tasks = await db.selectFrom('tasks').selectAll().where('list_id', '=', listId).orderBy('id').execute();
  return objectsOf(db, tasks);
}

/** The task a resource name (uid without ".ics") addresses within a list. */
export async function findTask(db: Db, listId: number, uid: string): Promise<TaskRow | undefined> {
  const byUid = await db.selectFrom('tasks').selectAll().where('list_id', '=', listId).where('uid', '=', uid).orderBy('id').executeTakeFirst();
  if (byUid) return byUid;
  const id = derivedUidTaskId(uid);
  if (id === null) return undefined;
  return db.selectFrom('tasks').selectAll().where('id', '=', id).where('list_id', '=', listId).where('uid', '=', '').executeTakeFirst();
}

/**
 * A collection tag per list that changes whenever a task is added, changed or removed: the task count and id sum
 * catch deletions, the latest `updated` catches edits; the list's own `updated` catches renames.
 */
export async function listTags(db: Db, lists: ListRow[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (lists.length === 0) return out;
  const ids = lists.map((l) => l.id);
  const rows = await db
    .selectFrom('tasks')
    .select(['list_id', sql<number>`count(*)`.as('n'), sql<number>`sum(id)`.as('s'), sql<string | null>`max(updated)`.as('u')])
    .where('list_id', 'in', ids)
    .groupBy('list_id')
    .execute();
  const byList = new Map(rows.map((r) => [Number(r.list_id), r]));
  for (const l of lists) {
    const r = byList.get(l.id);
    const basis = `${l.id}|${l.updated}|${r ? `${r.n}|${r.s}|${r.u}` : '0'}`;
    out.set(l.id, createHash('sha256').update(basis).digest('hex').slice(0, 24));
  }
  return out;
}

/** Makes the task's labels exactly the given titles: labels already on it are matched first, then the user's own, else new. */
async function setLabels(db: Db, userId: number, taskId: number, titles: string[]): Promise<void> {
  const current = await db
    .selectFrom('label_tasks')
    .innerJoin('labels', 'labels.id', 'label_tasks.label_id')
    .select(['label_tasks.id as link_id', 'labels.title'])
    .where('label_tasks.task_id', '=', taskId)
    .execute();
  const wanted = new Map(titles.map((t) => [t.toLowerCase(), t]));
  const stale = current.filter((c) => !wanted.has(c.title.toLowerCase())).map((c) => c.link_id);
  if (stale.length) await db.deleteFrom('label_tasks').where('id', 'in', stale).execute();
  const have = new Set(current.map((c) => c.title.toLowerCase()));
  const now = nowIso();
  for (const [key, title] of wanted) {
    if (have.has(key)) continue;
    let label = await db
      .selectFrom('labels')
      .select('id')
      .where('created_by_id', '=', userId)
      .where(sql<boolean>`lower(title) = ${key}`)
      .orderBy('id')
      .executeTakeFirst();
    if (!label) {
      label = await db
        .insertInto('labels')
        .values({ title, description: '', hex_color: '', created_by_id: userId, created: now, updated: now })
        .returning('id')
        .executeTakeFirstOrThrow();
    }
    await db.insertInto('label_tasks').values({ task_id: taskId, label_id: label.id, created: now }).execute();
  }
}

/** The API caps titles at 250 characters; a longer SUMMARY is cut rather than refused, so the client's save succeeds. */
function clipTitle(title: string): string {
  const chars = [...title];
  return chars.length > 250 ? chars.slice(0, 250).join('') : title;
}

/** Mode 2 has no iCalendar form (it is written as the plain interval), so an unchanged interval keeps it. */
function repeatModeFor(f: VtodoFields, stored?: TaskRow): number {
  if (stored && stored.repeat_mode === 2 && f.repeatMode === 0 && f.repeatAfter === stored.repeat_after) return 2;
  return f.repeatMode;
}

/** Creates a task from a VTODO (write right on a writable list checked by the caller); `uid` names the resource. */
export async function createFromVtodo(db: Db, auth: Auth, list: ListRow, uid: string, f: VtodoFields): Promise<TaskRow> {
  const input: TaskInput = {
    title: clipTitle(f.title),
    description: f.description,
    done: f.done,
    due_date: f.due,
    start_date: f.start,
    end_date: f.end,
    repeat_after: f.repeatAfter,
    repeat_mode: repeatModeFor(f),
    priority: f.priority,
    hex_color: '',
    percent_done: f.percentDone ?? 0,
    position: 0,
    kanban_position: 0,
    cover_image_attachment_id: 0,
    is_favorite: false,
    reminders: f.reminders,
    assignees: [],
    bucket_id: 0,
    list_id: 0,
    present: new Set(),
  };
  const { task } = await createTask(db, auth, list, input);
  const extra: { uid: string; created?: string } = { uid };
  if (f.created) extra.created = f.created;
  await db.updateTable('tasks').set(extra).where('id', '=', task.id).execute();
  await setLabels(db, auth.userId, task.id, f.labels);
  return db.selectFrom('tasks').selectAll().where('id', '=', task.id).executeTakeFirstOrThrow();
}

/**
 * Writes a VTODO over a stored task. Fields iCalendar has no place for (colour, positions, bucket, cover,
 * assignees, favourite) keep their stored values; everything the VTODO carries replaces what was stored.
 */
export async function updateFromVtodo(db: Db, auth: Auth, task: TaskRow, f: VtodoFields): Promise<TaskRow> {
  const input: TaskInput = {
    // An empty SUMMARY keeps the title rather than failing: the task model requires one.
    title: f.title === '' ? undefined : clipTitle(f.title),
    description: f.description,
    done: f.done,
    due_date: f.due,
    start_date: f.start,
    end_date: f.end,
    repeat_after: f.repeatAfter,
    repeat_mode: repeatModeFor(f, task),
    priority: f.priority,
    hex_color: task.hex_color,
    percent_done: f.percentDone ?? task.percent_done,
    position: task.position,
    kanban_position: task.kanban_position,
    cover_image_attachment_id: task.cover_image_attachment_id,
    is_favorite: false,
    reminders: f.reminders,
    assignees: [],
    bucket_id: 0,
    list_id: 0,
    present: new Set(),
  };
  const { task: saved } = await updateTask(db, auth, task, input, { assignees: true, favorite: true });
  await setLabels(db, auth.userId, saved.id, f.labels);
  return saved;
}

/**
 * Moves a task to another list (WebDAV MOVE between calendars), keeping everything else, as the API's list change
 * does: new index, the target's default bucket, rights checked on the target by updateTask.
 */
export async function moveTask(db: Db, auth: Auth, task: TaskRow, listId: number, uid: string): Promise<TaskRow> {
  const input: TaskInput = {
    title: undefined,
    description: task.description,
    done: Boolean(task.done),
    due_date: task.due_date,
    start_date: task.start_date,
    end_date: task.end_date,
    repeat_after: task.repeat_after,
    repeat_mode: task.repeat_mode,
    priority: task.priority,
    hex_color: task.hex_color,
    percent_done: task.percent_done,
    position: task.position,
    kanban_position: task.kanban_position,
    cover_image_attachment_id: task.cover_image_attachment_id,
    is_favorite: false,
    reminders: [],
    assignees: [],
    bucket_id: 0,
    list_id: listId,
    present: new Set(),
  };
  const { task: moved } = await updateTask(db, auth, task, input, { reminders: true, assignees: true, favorite: true });
  if (moved.uid !== uid) await db.updateTable('tasks').set({ uid }).where('id', '=', moved.id).execute();
  return db.selectFrom('tasks').selectAll().where('id', '=', moved.id).executeTakeFirstOrThrow();
}
