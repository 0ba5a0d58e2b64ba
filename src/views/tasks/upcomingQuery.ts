// The upcoming view's query: from/to (dates or date math), showNulls and showOverdue read from and written to the URL, and the task query.
import { DATE_RANGES, parseDateMath, type DateRangeName } from '../../../parsers';
import type { TaskQuery } from '../../api/tasks';
import { DEFAULT_WEEK_START } from '../../constants';

export interface UpcomingParams {
  from: string;
  to: string;
  showNulls: boolean;
  showOverdue: boolean;
}

/** Defaults: from now to one week later; the flags only when the query says the string "true". */
export function readUpcomingParams(search: URLSearchParams): UpcomingParams {
  return {
    from: search.get('from') || 'now',
    to: search.get('to') || 'now+7d',
    showNulls: search.get('showNulls') === 'true',
    showOverdue: search.get('showOverdue') === 'true',
  };
}

export function writeUpcomingParams(p: UpcomingParams): Record<string, string> {
  return { from: p.from, to: p.to, showNulls: String(p.showNulls), showOverdue: String(p.showOverdue) };
}

/**
 * A date-math expression or a date string as a Date, or null. "/w" rounds to the user's week start (the
 * parser's own default is Monday, which the spec's default of Sunday would contradict).
 */
export function resolveDate(value: string, now = new Date(), weekStart = DEFAULT_WEEK_START): Date | null {
  const math = parseDateMath(value, now, { weekStart });
  if (math) return math;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The preset whose from/to are exactly these, if any. */
export function presetOf(from: string, to: string): DateRangeName | null {
  for (const [name, [f, t]] of Object.entries(DATE_RANGES)) if (f === from && t === to) return name as DateRangeName;
  return null;
}

/** "a to b" typed in one field is split into both values. */
export function splitRange(text: string): { from: string; to: string } | null {
  const m = /^\s*(.+?)\s+to\s+(.+?)\s*$/.exec(text);
  return m ? { from: m[1], to: m[2] } : null;
}

/** Undone tasks due in the range by due date; overdue drops the lower bound, showNulls adds tasks without dates. */
export function upcomingQuery(p: UpcomingParams, now = new Date(), weekStart = DEFAULT_WEEK_START): TaskQuery {
  const filters: NonNullable<TaskQuery['filters']> = [{ field: 'done', comparator: 'equals', value: 'false' }];
  const from = resolveDate(p.from, now, weekStart);
  const to = resolveDate(p.to, now, weekStart);
  if (from && !p.showOverdue) filters.push({ field: 'due_date', comparator: 'greater_equals', value: from.toISOString() });
  if (to) filters.push({ field: 'due_date', comparator: 'less_equals', value: to.toISOString() });
  return { sortBy: ['due_date', 'id'], orderBy: ['asc', 'desc'], filters, filterConcat: 'and', filterIncludeNulls: p.showNulls, perPage: 50 };
}
