// Saved filters: the model (with every filter attribute) and its calls; they appear as pseudo lists −(id+1). Edits are
// conflict-safe like those of lists and labels (If-Match, and the person's changes kept over a newer copy).
import { del, getWithRight, post, put } from './client';
import { converted, ifMatchHeaders, ServerCopies, updateSafely, type ConflictSafe } from './conflicts';

export type Comparator = 'equals' | 'not_equals' | 'greater' | 'greater_equals' | 'less' | 'less_equals' | 'like' | 'in';

export interface FilterParams {
  sortBy: string[];
  orderBy: ('asc' | 'desc')[];
  filterBy: string[];
  /** Values are sent as strings. */
  filterValue: string[];
  filterComparator: Comparator[];
  filterConcat: 'and' | 'or';
  filterIncludeNulls: boolean;
}

export interface SavedFilter {
  id: number;
  title: string;
  description: string;
  filters: FilterParams;
  isFavorite: boolean;
  created?: Date | null;
  updated?: Date | null;
  maxRight: number | null;
}

export const DEFAULT_FILTER_PARAMS: FilterParams = {
  sortBy: ['done', 'id'],
  orderBy: ['asc', 'desc'],
  filterBy: ['done'],
  filterValue: ['false'],
  filterComparator: ['equals'],
  filterConcat: 'and',
  filterIncludeNulls: true,
};

export function normalizeFilter(raw: Partial<SavedFilter> & { id: number }, maxRight: number | null = null): SavedFilter {
  const f = (raw.filters ?? {}) as Partial<FilterParams>;
  return {
    title: '',
    description: '',
    isFavorite: false,
    ...raw,
    filters: {
      sortBy: f.sortBy ?? [],
      orderBy: f.orderBy ?? [],
      filterBy: f.filterBy ?? [],
      filterValue: (f.filterValue ?? []).map(String),
      filterComparator: f.filterComparator ?? [],
      filterConcat: f.filterConcat ?? 'and',
      // Absent means the model default (spec: true), not false: an older filter would otherwise lose its undated tasks.
      filterIncludeNulls: f.filterIncludeNulls ?? DEFAULT_FILTER_PARAMS.filterIncludeNulls,
    },
    maxRight: raw.maxRight ?? maxRight,
  };
}

function body(f: Partial<SavedFilter>) {
  return {
    title: f.title,
    description: f.description,
    isFavorite: f.isFavorite,
    filters: f.filters ? { ...f.filters, filterValue: f.filters.filterValue.map(String) } : undefined,
  };
}

const copies = new ServerCopies<SavedFilter>();

export async function getFilter(id: number): Promise<SavedFilter> {
  const { data, maxRight } = await getWithRight<SavedFilter>(`filters/${id}`);
  return copies.remember(normalizeFilter(data, maxRight));
}

export async function createFilter(f: Partial<SavedFilter>): Promise<SavedFilter> {
  return copies.remember(normalizeFilter(await put<SavedFilter>('filters', body(f)), 2));
}

const safeFilters: ConflictSafe<SavedFilter> = {
  copies,
  send: async (f) => normalizeFilter(await post<SavedFilter>(`filters/${f.id}`, body(f), { headers: ifMatchHeaders(f) }), f.maxRight),
  fromCurrent: (current, edited) => normalizeFilter(converted<SavedFilter>(current), edited.maxRight),
};

/**
 * Sends the filter with If-Match; when it was changed meanwhile (in another tab or on another device: a filter is its
 * owner's alone), the person's changes are kept over the newer copy and `onMerged` is called.
 */
export function updateFilter(f: SavedFilter, opts: { onMerged?: () => void } = {}): Promise<SavedFilter> {
  return updateSafely(safeFilters, f, opts.onMerged);
}

export async function deleteFilter(id: number): Promise<void> {
  await del(`filters/${id}`);
}
