// Saved filters: the model (with every filter attribute) and its calls; they appear as pseudo lists −(id+1).
import { del, getWithRight, post, put } from './client';

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

export async function getFilter(id: number): Promise<SavedFilter> {
  const { data, maxRight } = await getWithRight<SavedFilter>(`filters/${id}`);
  return normalizeFilter(data, maxRight);
}

export async function createFilter(f: Partial<SavedFilter>): Promise<SavedFilter> {
  return normalizeFilter(await put<SavedFilter>('filters', body(f)), 2);
}

export async function updateFilter(f: SavedFilter): Promise<SavedFilter> {
  return normalizeFilter(await post<SavedFilter>(`filters/${f.id}`, body(f)), f.maxRight);
}

export async function deleteFilter(id: number): Promise<void> {
  await del(`filters/${id}`);
}
