// The gantt chart's model: the date range from the query, task bars in day units, date shifts by drag or key, the task query.
import { addDays, differenceInCalendarDays, endOfDay, format, isValid, parse, startOfDay } from 'date-fns';
import type { Task, TaskQuery } from '../../../api/tasks';

/** Width of one day column in pixels. */
export const DAY_WIDTH = 32;
/** Height of one task row in pixels. */
export const ROW_HEIGHT = 36;
/** The default range: this many days before today … after today (as the reference chart opens). */
export const DEFAULT_DAYS_BEFORE = 15;
export const DEFAULT_DAYS_AFTER = 55;
/** A task created from the chart, or given dates by dragging its placeholder, spans this many days. */
export const NEW_TASK_DAYS = 7;
/** The longest range the chart draws (a day column each). */
export const MAX_RANGE_DAYS = 366 * 3;

export type DragMode = 'move' | 'start' | 'end';

export interface GanttRange {
  from: Date;
  to: Date;
  showUndated: boolean;
  showDone: boolean;
}

export type RangeProblem = 'invalidDate' | 'endBeforeStart' | 'tooLong' | null;

const QUERY_DATE = 'yyyy-MM-dd';

export function formatQueryDate(d: Date): string {
  return format(d, QUERY_DATE);
}

function parseQueryDate(value: string | null): Date | null {
  if (!value) return null;
  const d = parse(value, QUERY_DATE, new Date());
  return isValid(d) ? startOfDay(d) : null;
}

export function defaultRange(now: Date): { from: Date; to: Date } {
  return { from: startOfDay(addDays(now, -DEFAULT_DAYS_BEFORE)), to: startOfDay(addDays(now, DEFAULT_DAYS_AFTER)) };
}

/** The chart settings kept in the URL (dateFrom, dateTo, showTasksWithoutDates, showDoneTasks); bad values fall back with a problem named. */
export function rangeFromQuery(search: URLSearchParams, now: Date): { range: GanttRange; problem: RangeProblem } {
  const fallback = defaultRange(now);
  const rawFrom = search.get('dateFrom');
  const rawTo = search.get('dateTo');
  const from = parseQueryDate(rawFrom);
  const to = parseQueryDate(rawTo);
  const flags = { showUndated: search.get('showTasksWithoutDates') === 'true', showDone: search.get('showDoneTasks') === 'true' };
  if ((rawFrom && !from) || (rawTo && !to)) return { range: { ...fallback, ...flags }, problem: 'invalidDate' };
  const range = { from: from ?? fallback.from, to: to ?? fallback.to, ...flags };
  const days = differenceInCalendarDays(range.to, range.from);
  if (days < 0) return { range: { ...fallback, ...flags }, problem: 'endBeforeStart' };
  if (days > MAX_RANGE_DAYS) return { range: { ...fallback, ...flags }, problem: 'tooLong' };
  return { range, problem: null };
}

/** Number of day columns of a range (both ends included). */
export function rangeDays(range: Pick<GanttRange, 'from' | 'to'>): number {
  return differenceInCalendarDays(range.to, range.from) + 1;
}

/**
 * The tasks the chart asks for: those whose dates overlap the range (start ≤ range end and end ≥ range start),
 * plus, when undated tasks are shown, those missing either date (the include-nulls flag).
 */
export function ganttQuery(range: GanttRange): TaskQuery {
  const filters = [
    { field: 'start_date', comparator: 'less_equals', value: endOfDay(range.to).toISOString() },
    { field: 'end_date', comparator: 'greater_equals', value: startOfDay(range.from).toISOString() },
  ];
  if (!range.showDone) filters.push({ field: 'done', comparator: 'equals', value: 'false' });
  return { sortBy: ['start_date', 'id'], orderBy: ['asc', 'asc'], filters, filterConcat: 'and', filterIncludeNulls: range.showUndated };
}

/**
 * The tasks with a due date in the range, whatever their start and end: shown as a bar on the due day (or from the
 * start to it) without asking for tasks without dates, as the range query alone would miss them.
 */
export function ganttDueQuery(range: GanttRange): TaskQuery {
  const filters = [
    { field: 'due_date', comparator: 'greater_equals', value: startOfDay(range.from).toISOString() },
    { field: 'due_date', comparator: 'less_equals', value: endOfDay(range.to).toISOString() },
  ];
  if (!range.showDone) filters.push({ field: 'done', comparator: 'equals', value: 'false' });
  return { sortBy: ['due_date', 'id'], orderBy: ['asc', 'asc'], filters, filterConcat: 'and', filterIncludeNulls: false };
}

/**
 * The days a task spans on the chart: its start to its end; a missing one is taken from the due date (a task with only
 * a due date is a one-day bar on it, one with a start and a due date runs from the start to the due date), else from
 * the other. Null when the task has none of the three.
 */
export function taskSpan(task: Pick<Task, 'startDate' | 'endDate' | 'dueDate'>): { start: Date; end: Date } | null {
  const start = task.startDate ?? task.dueDate ?? task.endDate;
  const end = task.endDate ?? task.dueDate ?? task.startDate;
  return start && end ? { start, end } : null;
}

export interface Bar {
  /** First and last day, as day offsets from the range start (may lie outside the range). */
  startDay: number;
  endDay: number;
  /** The task has no start or no end date: the bar is a placeholder, starting today. */
  undated: boolean;
}

/**
 * A task's bar over its span (taskSpan: a missing start or end taken from the due date, else from the other); one
 * without any date gets a placeholder from today. `undated` marks a bar whose start or end is not stored yet.
 */
export function barOf(task: Pick<Task, 'startDate' | 'endDate'> & Partial<Pick<Task, 'dueDate'>>, from: Date, now: Date): Bar {
  const span = taskSpan({ dueDate: null, ...task });
  if (!span) {
    const today = differenceInCalendarDays(now, from);
    return { startDay: today, endDay: today + NEW_TASK_DAYS - 1, undated: true };
  }
  const s = differenceInCalendarDays(span.start, from);
  const e = differenceInCalendarDays(span.end, from);
  return { startDay: Math.min(s, e), endDay: Math.max(s, e), undated: !task.startDate || !task.endDate };
}

/** A bar after a drag or key press by `days` in a mode; the start never passes the end. */
export function shiftBar(bar: Bar, mode: DragMode, days: number): Bar {
  if (mode === 'move') return { ...bar, startDay: bar.startDay + days, endDay: bar.endDay + days };
  if (mode === 'start') return { ...bar, startDay: Math.min(bar.startDay + days, bar.endDay) };
  return { ...bar, endDay: Math.max(bar.endDay + days, bar.startDay) };
}

/**
 * The dates a task gets for a bar: existing times of day are kept (only the day moves);
 * a task that had no date starts at the beginning of its first day and ends at the end of its last.
 */
export function datesForBar(task: Pick<Task, 'startDate' | 'endDate'>, bar: Bar, from: Date): { startDate: Date; endDate: Date } {
  const onDay = (day: number, kept: Date | null, fresh: (d: Date) => Date) => {
    const target = addDays(startOfDay(from), day);
    if (!kept) return fresh(target);
    const d = new Date(target);
    d.setHours(kept.getHours(), kept.getMinutes(), kept.getSeconds(), 0);
    return d;
  };
  return { startDate: onDay(bar.startDay, task.startDate, startOfDay), endDate: onDay(bar.endDay, task.endDate, (d) => endOfDay(d)) };
}

/** Dates for a task created from the chart when quick-add gave it none: today for NEW_TASK_DAYS days. */
export function newTaskDates(now: Date): { startDate: Date; endDate: Date } {
  return { startDate: startOfDay(now), endDate: endOfDay(addDays(now, NEW_TASK_DAYS - 1)) };
}

/** Chart order: dated tasks by start then id, undated ones after them by id. */
export function sortForGantt(tasks: Task[]): Task[] {
  const key = (t: Task) => taskSpan(t)?.start.getTime() ?? Number.POSITIVE_INFINITY;
  return [...tasks].sort((a, b) => {
    const ua = !taskSpan(a);
    const ub = !taskSpan(b);
    if (ua !== ub) return ua ? 1 : -1;
    return key(a) - key(b) || a.id - b.id;
  });
}

/** Whether a task belongs on the chart for a range (the server filter, re-checked after local edits). */
export function inRange(task: Task, range: GanttRange): boolean {
  if (task.done && !range.showDone) return false;
  // A task with a due date shows by it (ganttDueQuery); one missing a start or end and a due date only on request.
  if ((!task.startDate || !task.endDate) && !task.dueDate) return range.showUndated;
  const span = taskSpan(task);
  if (!span) return range.showUndated;
  const inside = span.start <= endOfDay(range.to) && span.end >= startOfDay(range.from);
  return inside || (range.showUndated && (!task.startDate || !task.endDate));
}
