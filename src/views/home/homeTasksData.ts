// The home page's upcoming tasks (overdue and the next week): their query, and a load started with the navigation.
import { getAllTasks, type Task } from '../../api/tasks';
import type { Page } from '../../api/client';
import { upcomingQuery } from '../tasks/upcomingQuery';

const HOME_TASK_LIMIT = 50;
/** A preload is used this long after it started; later the page asks afresh. */
const PRELOAD_MAX_AGE_MS = 10_000;

export function loadHomeTasks(): Promise<Page<Task>> {
  return getAllTasks({ ...upcomingQuery({ from: 'now', to: 'now+7d', showNulls: false, showOverdue: true }), perPage: HOME_TASK_LIMIT });
}

let preloaded: { at: number; page: Promise<Page<Task>> } | null = null;

/** Starts the load before the page has mounted (its query holds the time, so the page could not adopt a prefetch by URL). */
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
