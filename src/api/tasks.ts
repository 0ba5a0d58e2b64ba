// Task calls and the typed camelCase Task model (spec part 2 §3): create, get, update, delete and the task collection.
import { get, getPage, post, put, del, request, type Page, type Query } from './client';
import { repeatAfterToSeconds, secondsToRepeatAfter } from '../../parsers';

export const TASK_PRIORITIES = { UNSET: 0, LOW: 1, MEDIUM: 2, HIGH: 3, URGENT: 4, DO_NOW: 5 } as const;
export const REPEAT_MODES = { DEFAULT: 0, MONTH: 1, FROM_CURRENT_DATE: 2 } as const;
export const DEFAULT_TASK_COLOR = '1973ff';
export const RELATION_KINDS = ['subtask', 'parenttask', 'related', 'duplicateof', 'duplicates', 'blocking', 'blocked', 'precedes', 'follows', 'copiedfrom', 'copiedto'] as const;
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

/** The raw shape after case conversion: missing values dropped, repeatAfter still in seconds. */
type RawTask = Partial<Omit<Task, 'repeatAfter'>> & { id: number; repeatAfter?: number };

/** Builds a full Task from a converted response: defaults filled, labels sorted, repeat split into amount and unit. */
export function taskFromApi(raw: RawTask): Task {
  const seconds = typeof raw.repeatAfter === 'number' ? raw.repeatAfter : 0;
  const repeatMode = raw.repeatMode ?? 0;
  const related: Partial<Record<string, Task[]>> = {};
  for (const [kind, list] of Object.entries(raw.relatedTasks ?? {})) {
    related[kind] = (list ?? []).map((t) => taskFromApi(t as unknown as RawTask));
  }
  const identifier = raw.identifier ?? '';
  return {
    id: raw.id,
    title: (raw.title ?? '').trim(),
    description: raw.description ?? '',
    done: raw.done ?? false,
    doneAt: raw.doneAt ?? null,
    priority: raw.priority ?? 0,
    labels: [...(raw.labels ?? [])].sort((a, b) => a.title.localeCompare(b.title)),
    assignees: raw.assignees ?? [],
    dueDate: raw.dueDate ?? null,
    startDate: raw.startDate ?? null,
    endDate: raw.endDate ?? null,
    repeatAfter: secondsToRepeatAfter(seconds) as RepeatAfter,
    repeatFromCurrentDate: repeatMode === REPEAT_MODES.FROM_CURRENT_DATE,
    repeatMode,
    reminderDates: raw.reminderDates ?? [],
    parentTaskId: raw.parentTaskId ?? 0,
    hexColor: (raw.hexColor ?? '').replace(/^#/, ''),
    percentDone: raw.percentDone ?? 0,
    relatedTasks: related,
    attachments: raw.attachments ?? [],
    coverImageAttachmentId: raw.coverImageAttachmentId ?? 0,
    identifier: identifier.startsWith('-') || identifier === '' ? `#${raw.index ?? 0}` : identifier,
    index: raw.index ?? 0,
    isFavorite: raw.isFavorite ?? false,
    subscription: raw.subscription ?? null,
    position: raw.position ?? 0,
    kanbanPosition: raw.kanbanPosition ?? 0,
    createdBy: raw.createdBy ?? null,
    created: raw.created ?? null,
    updated: raw.updated ?? null,
    listId: raw.listId ?? 0,
    bucketId: raw.bucketId ?? 0,
  };
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

export async function createTask(listId: number, task: Partial<Task>): Promise<Task> {
  return taskFromApi(await put<RawTask>(`lists/${listId}`, taskToApi(task)));
}

export async function getTask(id: number): Promise<Task> {
  return taskFromApi(await get<RawTask>(`tasks/${id}`));
}

/** A full replace on the server, so always send the whole task. */
export async function updateTask(task: Task): Promise<Task> {
  return taskFromApi(await post<RawTask>(`tasks/${task.id}`, taskToApi(task)));
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
  const page = await getPage<RawTask>(`lists/${listId}/tasks`, { query: taskQueryToApi(q) });
  return { ...page, items: page.items.map(taskFromApi) };
}

export async function getAllTasks(q: TaskQuery): Promise<Page<Task>> {
  const page = await getPage<RawTask>('tasks/all', { query: taskQueryToApi(q) });
  return { ...page, items: page.items.map(taskFromApi) };
}

/** Follows every page of a collection (list views show the whole list, virtualised). */
export async function getAllPages(fetchPage: (page: number) => Promise<Page<Task>>): Promise<Task[]> {
  const first = await fetchPage(1);
  if (first.totalPages <= 1) return first.items;
  const rest = await Promise.all(Array.from({ length: first.totalPages - 1 }, (_, i) => fetchPage(i + 2)));
  return first.items.concat(...rest.map((p) => p.items));
}

export { request };
