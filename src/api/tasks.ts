// Task calls and the typed camelCase Task model (spec part 2 §3): create, get, update, delete and the task collection.
import { get, getPage, post, put, del, request, type Page, type Query } from './client';
import { ApiError } from './apiError';
import { fromApi, parseDate } from './convert';
import { repeatAfterToSeconds, secondsToRepeatAfter } from '../../parsers';

/**
 * The last version of each task the server sent, by id: after a conflict it tells which fields the person changed
 * (those that differ from it) and which they left alone.
 */
const serverCopies = new Map<number, Task>();

function remember<T extends Task | Task[]>(tasks: T): T {
  for (const t of Array.isArray(tasks) ? tasks : [tasks]) serverCopies.set(t.id, t);
  return tasks;
}

export { TASK_PRIORITIES } from '../model/tasks';
export { REPEAT_MODES, DEFAULT_TASK_COLOR, RELATION_KINDS } from '../model/tasks';
import { RELATION_KINDS, REPEAT_MODES } from '../model/tasks';
export type RelationKind = (typeof RELATION_KINDS)[number];

export type RepeatUnit = 'hours' | 'days' | 'weeks' | 'months' | 'years';
export interface RepeatAfter {
  amount: number;
  type: RepeatUnit;
}

export interface UserRef {
  id: number;
  username: string;
  name?: string;
  email?: string;
}

export interface TaskLabel {
  id: number;
  title: string;
  hexColor?: string;
  description?: string;
}

export interface FileInfo {
  id: number;
  name: string;
  mime: string;
  size: number;
  created: Date | null;
}

export interface Attachment {
  id: number;
  taskId: number;
  createdBy?: UserRef;
  file: FileInfo;
  created: Date | null;
}

export interface Task {
  id: number;
  title: string;
  description: string;
  done: boolean;
  doneAt: Date | null;
  priority: number;
  labels: TaskLabel[];
  assignees: UserRef[];
  dueDate: Date | null;
  startDate: Date | null;
  endDate: Date | null;
  repeatAfter: RepeatAfter;
  repeatFromCurrentDate: boolean;
  repeatMode: number;
  reminderDates: Date[];
  parentTaskId: number;
  hexColor: string;
  percentDone: number;
  relatedTasks: Partial<Record<string, Task[]>>;
  attachments: Attachment[];
  coverImageAttachmentId: number;
  identifier: string;
  index: number;
  isFavorite: boolean;
  subscription: unknown;
  position: number;
  kanbanPosition: number;
  createdBy: UserRef | null;
  created: Date | null;
  updated: Date | null;
  listId: number;
  bucketId: number;
}

/** A task as the API sends it: snake_case keys, dates as RFC 3339 strings (the `0001…` zero date for "unset"). */
export interface WireTask {
  id: number;
  title?: string | null;
  description?: string | null;
  done?: boolean | null;
  done_at?: string | null;
  due_date?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  reminder_dates?: string[] | null;
  list_id?: number | null;
  repeat_after?: number | null;
  repeat_mode?: number | null;
  priority?: number | null;
  labels?: unknown[] | null;
  assignees?: unknown[] | null;
  hex_color?: string | null;
  percent_done?: number | null;
  identifier?: string | null;
  index?: number | null;
  related_tasks?: Record<string, WireTask[] | null> | null;
  attachments?: unknown[] | null;
  cover_image_attachment_id?: number | null;
  is_favorite?: boolean | null;
  subscription?: unknown;
  parent_task_id?: number | null;
  created?: string | null;
  updated?: string | null;
  bucket_id?: number | null;
  position?: number | null;
  kanban_position?: number | null;
  created_by?: { id: number; username?: string; name?: string; email?: string; created?: string; updated?: string } | null;
}

/**
 * Converted creators of one response, by id: every task names its creator, and a list's tasks mostly share a
 * few, so each is converted once and shared (they are read-only data, like the tasks).
 */
type CreatorMemo = Map<number, { raw: NonNullable<WireTask['created_by']>; user: UserRef }>;

function creatorOf(raw: WireTask['created_by'], memo?: CreatorMemo): UserRef | null {
  if (!raw || typeof raw !== 'object') return null;
  const hit = memo?.get(raw.id);
  if (hit && hit.raw.username === raw.username && hit.raw.name === raw.name && hit.raw.email === raw.email && hit.raw.updated === raw.updated) return hit.user;
  const user = fromApi<UserRef>(raw);
  memo?.set(raw.id, { raw, user });
  return user;
}

const byTitle = (a: TaskLabel, b: TaskLabel) => a.title.localeCompare(b.title);

/**
 * Builds a full Task from the API's JSON in one pass: defaults filled, dates parsed, labels sorted, repeat split
 * into amount and unit. Task calls ask the client for the body unconverted (`wire`), since going through the
 * generic key conversion first built a second object per task and doubled the time a 10,000-task list took to show.
 */
export function taskFromApi(raw: WireTask, memo: CreatorMemo = new Map()): Task {
  const seconds = typeof raw.repeat_after === 'number' ? raw.repeat_after : 0;
  const repeatMode = raw.repeat_mode ?? 0;
  const related: Partial<Record<string, Task[]>> = {};
  if (raw.related_tasks) {
    for (const kind in raw.related_tasks) related[kind] = (raw.related_tasks[kind] ?? []).map((t) => taskFromApi(t, memo));
  }
  const identifier = raw.identifier ?? '';
  const labels = raw.labels ? fromApi<TaskLabel[]>(raw.labels) : [];
  if (labels.length > 1) labels.sort(byTitle);
  return {
    id: raw.id,
    title: (raw.title ?? '').trim(),
    description: raw.description ?? '',
    done: raw.done ?? false,
    doneAt: parseDate(raw.done_at),
    priority: raw.priority ?? 0,
    labels,
    assignees: raw.assignees ? fromApi<UserRef[]>(raw.assignees) : [],
    dueDate: parseDate(raw.due_date),
    startDate: parseDate(raw.start_date),
    endDate: parseDate(raw.end_date),
    repeatAfter: secondsToRepeatAfter(seconds) as RepeatAfter,
    repeatFromCurrentDate: repeatMode === REPEAT_MODES.FROM_CURRENT_DATE,
    repeatMode,
    reminderDates: raw.reminder_dates ? raw.reminder_dates.map(parseDate).filter((d): d is Date => d !== null) : [],
    parentTaskId: raw.parent_task_id ?? 0,
    hexColor: (raw.hex_color ?? '').replace(/^#/, ''),
    percentDone: raw.percent_done ?? 0,
    relatedTasks: related,
    attachments: raw.attachments ? fromApi<Attachment[]>(raw.attachments) : [],
    coverImageAttachmentId: raw.cover_image_attachment_id ?? 0,
    identifier: identifier.startsWith('-') || identifier === '' ? `#${raw.index ?? 0}` : identifier,
    index: raw.index ?? 0,
    isFavorite: raw.is_favorite ?? false,
    subscription: raw.subscription == null ? null : fromApi(raw.subscription),
    position: raw.position ?? 0,
    kanbanPosition: raw.kanban_position ?? 0,
    createdBy: creatorOf(raw.created_by, memo),
    created: parseDate(raw.created),
    updated: parseDate(raw.updated),
    listId: raw.list_id ?? 0,
    bucketId: raw.bucket_id ?? 0,
  };
}

/** Tasks of one response (a list, a bucket), sharing their converted creators; remembered as the server's copies. */
export function tasksFromApi(raws: WireTask[]): Task[] {
  const memo: CreatorMemo = new Map();
  return remember(raws.map((t) => taskFromApi(t, memo)));
}

/** The request body: repeat in seconds, colour without '#', the from-current-date flag folded into the mode. */
export function taskToApi(task: Partial<Task>): Record<string, unknown> {
  const { repeatAfter, repeatFromCurrentDate, relatedTasks: _related, attachments: _attachments, identifier: _identifier, ...rest } = task;
  const body: Record<string, unknown> = { ...rest };
  if (repeatAfter) body.repeatAfter = repeatAfterToSeconds(repeatAfter);
  if (repeatFromCurrentDate !== undefined && body.repeatMode !== REPEAT_MODES.MONTH) {
    body.repeatMode = repeatFromCurrentDate ? REPEAT_MODES.FROM_CURRENT_DATE : REPEAT_MODES.DEFAULT;
  }
  if (typeof body.hexColor === 'string') body.hexColor = (body.hexColor as string).replace(/^#/, '');
  // The server reads zero-or-absent dates as "clear"; null must go over the wire as absent.
  for (const key of ['dueDate', 'startDate', 'endDate', 'doneAt'] as const) if (body[key] === null) delete body[key];
  return body;
}

/** Keyflow's server answers an update whose If-Match is stale with this code (412) and the current task. */
export const TASK_CHANGED = 4090;

/** A task's ETag as Keyflow's server builds it, from the id and the last change; null for a task never saved. */
export function taskEtag(task: Pick<Task, 'id' | 'updated'>): string | null {
  return task.updated ? `"${task.id}-${task.updated.getTime()}"` : null;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The task to send after a conflict: every field the person changed (edited against base) over the server's current task. */
export function mergeTask(base: Task, edited: Task, current: Task): Task {
  const out: Task = { ...current };
  for (const key of Object.keys(edited) as (keyof Task)[]) {
    if (!same(edited[key], base[key])) (out as unknown as Record<string, unknown>)[key] = edited[key];
  }
  return out;
}

function conflictCurrent(err: unknown): Task | null {
  if (!(err instanceof ApiError) || err.status !== 412 || err.code !== TASK_CHANGED) return null;
  const current = (err.body as { current?: WireTask } | null)?.current;
  return current && typeof current === 'object' && typeof current.id === 'number' ? taskFromApi(current) : null;
}

export async function createTask(listId: number, task: Partial<Task>): Promise<Task> {
  return remember(taskFromApi(await put<WireTask>(`lists/${listId}`, taskToApi(task), { wire: true })));
}

export async function getTask(id: number): Promise<Task> {
  return remember(taskFromApi(await get<WireTask>(`tasks/${id}`, { wire: true })));
}

function postTask(task: Task): Promise<WireTask> {
  const etag = taskEtag(task);
  return post<WireTask>(`tasks/${task.id}`, taskToApi(task), { wire: true, headers: etag ? { 'If-Match': etag } : undefined });
}

/**
 * A full replace on the server, so always send the whole task, with If-Match so that an edit made meanwhile by
 * someone else is not overwritten. On that conflict (412/4090) the fields the person changed are kept, the others
 * taken from the server's current task, and the update is sent once more; `onMerged` then tells the caller.
 * Servers without ETags ignore If-Match, so against them this is the plain update. `base` is the copy the edit was
 * made on, when the caller knows it; else the last copy the server sent.
 */
export async function updateTask(task: Task, opts: { onMerged?: () => void; base?: Task } = {}): Promise<Task> {
  try {
    return remember(taskFromApi(await postTask(task)));
  } catch (err) {
    const current = conflictCurrent(err);
    // The outbox names the copy an edit was made on (it may have been made offline, before a reload).
    const base = opts.base ?? serverCopies.get(task.id);
    // Without the version the edit started from there is no telling what the person changed: report the conflict.
    if (!current || !base || base.updated?.getTime() !== task.updated?.getTime()) throw err;
    const saved = remember(taskFromApi(await postTask(mergeTask(base, task, current))));
    opts.onMerged?.();
    return saved;
  }
}

export async function deleteTask(id: number): Promise<void> {
  await del(`tasks/${id}`);
}

/** Collection parameters in the app's shape; turned into the parallel arrays of the API. */
export interface TaskQuery {
  sortBy?: string[];
  orderBy?: ('asc' | 'desc')[];
  filters?: { field: string; comparator: string; value: string }[];
  filterConcat?: 'and' | 'or';
  filterIncludeNulls?: boolean;
  s?: string;
  page?: number;
  perPage?: number;
}

export function taskQueryToApi(q: TaskQuery): Query {
  const out: Query = {};
  if (q.sortBy?.length) out.sort_by = q.sortBy;
  if (q.orderBy?.length) out.order_by = q.orderBy;
  if (q.filters?.length) {
    out.filter_by = q.filters.map((f) => f.field);
    out.filter_comparator = q.filters.map((f) => f.comparator);
    out.filter_value = q.filters.map((f) => f.value);
  }
  if (q.filterConcat) out.filter_concat = q.filterConcat;
  if (q.filterIncludeNulls !== undefined) out.filter_include_nulls = q.filterIncludeNulls;
  if (q.s) out.s = q.s;
  if (q.page) out.page = q.page;
  if (q.perPage) out.per_page = q.perPage;
  return out;
}

export async function getListTasks(listId: number, q: TaskQuery): Promise<Page<Task>> {
  const page = await getPage<WireTask>(`lists/${listId}/tasks`, { query: taskQueryToApi(q), wire: true });
  return { ...page, items: tasksFromApi(page.items) };
}

export async function getAllTasks(q: TaskQuery): Promise<Page<Task>> {
  const page = await getPage<WireTask>('tasks/all', { query: taskQueryToApi(q), wire: true });
  return { ...page, items: tasksFromApi(page.items) };
}

/** Follows every page of a collection (list views show the whole list, virtualised). */
export async function getAllPages(fetchPage: (page: number) => Promise<Page<Task>>): Promise<Task[]> {
  const first = await fetchPage(1);
  if (first.totalPages <= 1) return first.items;
  const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => fetchPage(i + 2)));
  return first.items.concat(...rest.map((p) => p.items));
}

export { request };
