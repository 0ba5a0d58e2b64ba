// The home page's upcoming tasks (overdue and the next week): their query, and a load started with the navigation.
import type { Task, TaskQuery } from '../../api/tasks';
import type { Page } from '../../api/client';
import { fetchPage } from '../../actions/tasks';

const HOME_TASK_LIMIT = 50;
/** A preload is used this long after it started; later the page asks afresh. */
const PRELOAD_MAX_AGE_MS = 10_000;

/**
 * Undone tasks due up to a week from now, overdue ones included, by due date: the upcoming view's query for "now" to
 * "now+7d" with overdue shown. The bound is sent as date math for the server to resolve (filter values accept it,
 * API-NOTES), not as a time computed here, so the query is the same at every moment: index.html starts it with the
 * navigation (src/app/routeRequests.ts) and the page adopts that response.
 */
export const HOME_TASKS_QUERY: TaskQuery = {
  sortBy: ['due_date', 'id'],
  orderBy: ['asc', 'desc'],
  filters: [
    { field: 'done', comparator: 'equals', value: 'false' },
    { field: 'due_date', comparator: 'less_equals', value: 'now+7d' },
  ],
  filterConcat: 'and',
  filterIncludeNulls: false,
  perPage: HOME_TASK_LIMIT,
};

export function loadHomeTasks(): Promise<Page<Task>> {
  return fetchPage(HOME_TASKS_QUERY);
}

let preloaded: { at: number; page: Promise<Page<Task>> } | null = null;

/** Starts the load before the page has mounted (with the navigation, for in-app navigation: the router's loader). */
export function preloadHomeTasks(): void {
  if (preloaded && Date.now() - preloaded.at < PRELOAD_MAX_AGE_MS) return;
  const page = loadHomeTasks();
  page.catch(() => undefined);
  preloaded = { at: Date.now(), page };
}

/** The preloaded tasks if a load was started recently (taken once), else a new load. */
export function takeHomeTasks(): Promise<Page<Task>> {
  const p = preloaded;
  preloaded = null;
  return p && Date.now() - p.at < PRELOAD_MAX_AGE_MS ? p.page : loadHomeTasks();
}
