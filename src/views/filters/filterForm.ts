// Saved-filter form state ⇄ the API's parallel filter arrays (pure, so both directions are testable).
import type { Comparator, FilterParams } from '../../api/filters';

export interface FilterUi {
  showDone: boolean;
  sortBy: string;
  orderBy: 'asc' | 'desc';
  dueFrom: string;
  dueTo: string;
  startFrom: string;
  startTo: string;
  endFrom: string;
  endTo: string;
  labels: number[];
  /** Comma-separated usernames. */
  assignees: string;
  /** 0 = any. */
  priority: number;
  priorityComparator: 'equals' | 'greater_equals';
  /** 0–100, null = any. */
  percentDone: number | null;
  includeNulls: boolean;
  /** All conditions must match (and) rather than any (or). */
  requireAll: boolean;
}

export const SORT_FIELDS = ['done', 'id', 'title', 'due_date', 'start_date', 'end_date', 'priority', 'percent_done', 'created', 'updated', 'position'] as const;

export const EMPTY_FILTER_UI: FilterUi = {
  showDone: false,
  sortBy: 'done',
  orderBy: 'asc',
  dueFrom: '',
  dueTo: '',
  startFrom: '',
  startTo: '',
  endFrom: '',
  endTo: '',
  labels: [],
  assignees: '',
  priority: 0,
  priorityComparator: 'greater_equals',
  percentDone: null,
  // The spec's default: a new filter with a date range still shows the tasks that have no such date.
  includeNulls: true,
  requireAll: true,
};

const RANGES: [keyof FilterUi, keyof FilterUi, string][] = [
  ['dueFrom', 'dueTo', 'due_date'],
  ['startFrom', 'startTo', 'start_date'],
  ['endFrom', 'endTo', 'end_date'],
];

export function toFilterParams(ui: FilterUi): FilterParams {
  const by: string[] = [];
  const value: string[] = [];
  const cmp: Comparator[] = [];
  const add = (field: string, comparator: Comparator, v: string) => {
    by.push(field);
    cmp.push(comparator);
    value.push(v);
  };
  if (!ui.showDone) add('done', 'equals', 'false');
  for (const [from, to, field] of RANGES) {
    const f = String(ui[from]).trim();
    const t = String(ui[to]).trim();
    if (f) add(field, 'greater_equals', f);
    if (t) add(field, 'less_equals', t);
  }
  if (ui.labels.length > 0) add('labels', 'in', ui.labels.join(','));
  const assignees = ui.assignees
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (assignees.length > 0) add('assignees', 'in', assignees.join(','));
  if (ui.priority > 0) add('priority', ui.priorityComparator, String(ui.priority));
  if (ui.percentDone !== null) add('percent_done', 'equals', String(ui.percentDone / 100));
  return {
    sortBy: ui.sortBy === 'id' ? ['id'] : [ui.sortBy, 'id'],
    orderBy: ui.sortBy === 'id' ? [ui.orderBy] : [ui.orderBy, 'desc'],
    filterBy: by,
    filterValue: value,
    filterComparator: cmp,
    filterConcat: ui.requireAll ? 'and' : 'or',
    filterIncludeNulls: ui.includeNulls,
  };
}

export function fromFilterParams(p: FilterParams): FilterUi {
  const ui: FilterUi = { ...EMPTY_FILTER_UI, labels: [], showDone: true };
  ui.sortBy = p.sortBy[0] ?? 'done';
  ui.orderBy = p.orderBy[0] === 'desc' ? 'desc' : 'asc';
  ui.requireAll = p.filterConcat !== 'or';
  ui.includeNulls = p.filterIncludeNulls;
  p.filterBy.forEach((field, i) => {
    const v = String(p.filterValue[i] ?? '');
    const c = p.filterComparator[i] ?? 'equals';
    const range = RANGES.find(([, , f]) => f === field);
    if (field === 'done' && c === 'equals' && v === 'false') ui.showDone = false;
    else if (range) {
      if (c === 'greater' || c === 'greater_equals') (ui as unknown as Record<string, string>)[range[0]] = v;
      else (ui as unknown as Record<string, string>)[range[1]] = v;
    } else if (field === 'labels' || field === 'label_id')
      ui.labels = v
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
    else if (field === 'assignees') ui.assignees = v;
    else if (field === 'priority') {
      ui.priority = Number(v) || 0;
      ui.priorityComparator = c === 'equals' ? 'equals' : 'greater_equals';
    } else if (field === 'percent_done') ui.percentDone = Math.round(Number(v) * 100);
  });
  return ui;
}
