// The filter model of the list and table views and its translation into the task collection query.
import type { TaskQuery } from '../../../api/tasks';

export type Comparator = 'equals' | 'greater_equals' | 'less_equals';

export interface TaskFilterParams {
  showDone: boolean;
  sortBy: string;
  orderBy: 'asc' | 'desc';
  /** Date ranges; values are dates (YYYY-MM-DD) or date math (now, now+7d). Empty means unset. */
  dueFrom: string;
  dueTo: string;
  startFrom: string;
  startTo: string;
  endFrom: string;
  endTo: string;
  reminderFrom: string;
  reminderTo: string;
  labelIds: number[];
  /** Usernames. */
  assignees: string[];
  /** 0 = any. */
  priority: number;
  priorityComparator: Comparator;
  /** Percent (0–100), null = any. */
  percentDone: number | null;
  percentComparator: Comparator;
  search: string;
}

export const SORT_FIELDS = ['position', 'due_date', 'priority', 'title', 'created', 'updated', 'id', 'percent_done', 'start_date', 'end_date', 'done'] as const;

export function defaultFilters(): TaskFilterParams {
  return {
    showDone: false,
    sortBy: 'position',
    orderBy: 'asc',
    dueFrom: '',
    dueTo: '',
    startFrom: '',
    startTo: '',
    endFrom: '',
    endTo: '',
    reminderFrom: '',
    reminderTo: '',
    labelIds: [],
    assignees: [],
    priority: 0,
    priorityComparator: 'greater_equals',
    percentDone: null,
    percentComparator: 'greater_equals',
    search: '',
  };
}

/** How many filters differ from the defaults (shown on the filter button). */
export function activeFilterCount(p: TaskFilterParams): number {
  const d = defaultFilters();
  let n = 0;
  if (p.showDone !== d.showDone) n += 1;
  for (const k of ['dueFrom', 'dueTo', 'startFrom', 'startTo', 'endFrom', 'endTo', 'reminderFrom', 'reminderTo', 'search'] as const) if (p[k].trim() !== '') n += 1;
  if (p.labelIds.length) n += 1;
  if (p.assignees.length) n += 1;
  if (p.priority > 0) n += 1;
  if (p.percentDone !== null) n += 1;
  return n;
}

/** The collection query: the filters AND-ed, the chosen sort then id descending. */
export function filtersToQuery(p: TaskFilterParams): TaskQuery {
  const filters: NonNullable<TaskQuery['filters']> = [];
  if (!p.showDone) filters.push({ field: 'done', comparator: 'equals', value: 'false' });
  const range = (field: string, from: string, to: string) => {
    if (from.trim()) filters.push({ field, comparator: 'greater_equals', value: from.trim() });
    if (to.trim()) filters.push({ field, comparator: 'less_equals', value: to.trim() });
  };
  range('due_date', p.dueFrom, p.dueTo);
  range('start_date', p.startFrom, p.startTo);
  range('end_date', p.endFrom, p.endTo);
  range('reminders', p.reminderFrom, p.reminderTo);
  if (p.labelIds.length) filters.push({ field: 'labels', comparator: 'in', value: p.labelIds.join(',') });
  if (p.assignees.length) filters.push({ field: 'assignees', comparator: 'in', value: p.assignees.join(',') });
  if (p.priority > 0) filters.push({ field: 'priority', comparator: p.priorityComparator, value: String(p.priority) });
  if (p.percentDone !== null) filters.push({ field: 'percent_done', comparator: p.percentComparator, value: String(p.percentDone / 100) });
  const sortBy = p.sortBy === 'id' ? ['id'] : [p.sortBy, 'id'];
  const orderBy: ('asc' | 'desc')[] = p.sortBy === 'id' ? [p.orderBy] : [p.orderBy, 'desc'];
  return { sortBy, orderBy, filters, filterConcat: 'and', filterIncludeNulls: false, s: p.search.trim() || undefined, perPage: 250 };
}
