// Loads a list's tasks for a filter into its atom: the first page at once, the rest after it; kept while the app runs.
// The load belongs to the list, not to the view: a navigation starts it (src/app/routeData.ts) and the view joins it.
import { useEffect } from 'react';
import { useAtom } from 'jotai/react';
import type { TaskQuery } from '../../../api/tasks';
import type { ApiError } from '../../../api/apiError';
import * as actions from '../../../actions';
import { appStore } from '../../../state/store';
import { listTasksAtom } from '../../../state/tasks';
import { scheduleReminders } from '../../../state/reminders';
import { error } from '../../../app/toast';
import { defaultFilters, filtersToQuery, type TaskFilterParams } from './taskFilters';

const PAGE_SIZE = 50;
const PARALLEL_PAGES = 6;

/** Filters per list, kept while the app runs so a list comes back as it was left (and is preloaded as it will show). */
export const filterMemory = new Map<number, TaskFilterParams>();

export function rememberedFilters(listId: number): TaskFilterParams {
  return filterMemory.get(listId) ?? defaultFilters();
}

/** The query of a list's task pages for a filter (without the page number). */
export function listTasksQuery(filters: TaskFilterParams): TaskQuery {
  return { ...filtersToQuery(filters), perPage: PAGE_SIZE };
}

/** Resolves when the main thread is next idle (the render in progress has finished), or after half a second. */
function afterRender(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 0);
  });
}

const inFlight = new Map<number, { queryKey: string; done: Promise<void> }>();

/**
 * Loads every page of a list's tasks for a filter into the list's atom, unless they are there or on their way.
 * A load whose filter is no longer the atom's (the filter changed meanwhile) stops writing.
 */
export function loadListTasks(listId: number, filters: TaskFilterParams): Promise<void> {
  const query = listTasksQuery(filters);
  const queryKey = JSON.stringify(query);
  const running = inFlight.get(listId);
  if (running && running.queryKey === queryKey) return running.done;
  const a = listTasksAtom(listId);
  const state = appStore.get(a);
  // Back on a list with the same filter: show what is kept, no reload (unless it came from the local copy).
  if (state.loaded && !state.stale && state.queryKey === queryKey) return Promise.resolve();
  appStore.set(a, (s) => ({ ...s, loading: true, queryKey }));
  const current = () => appStore.get(a).queryKey === queryKey;
  const done = (async () => {
    const first = await actions.tasks.fetchListPage(listId, { ...query, page: 1 });
    if (!current()) return;
    appStore.set(a, { tasks: first.items, loading: first.totalPages > 1, loaded: true, queryKey });
    // Tasks created offline that the server does not have yet stay listed.
    actions.tasks.showCreatesWaiting();
    scheduleReminders(first.items);
    // The other pages once the first is on screen: their answers, parsed and stored while the first rows render,
    // made that render start again with more rows.
    if (first.totalPages > 1) await afterRender();
    for (let page = 2; page <= first.totalPages; page += PARALLEL_PAGES) {
      const batch = Array.from({ length: Math.min(PARALLEL_PAGES, first.totalPages - page + 1) }, (_, i) =>
        actions.tasks.fetchListPage(listId, { ...query, page: page + i }),
      );
      const pages = await Promise.all(batch);
      if (!current()) return;
      const more = pages.flatMap((p) => p.items);
      scheduleReminders(more);
      appStore.set(a, (s) => ({ ...s, tasks: [...s.tasks, ...more] }));
    }
    appStore.set(a, (s) => ({ ...s, loading: false }));
  })()
    .catch((err: unknown) => {
      if (!current()) return;
      // Offline (or the server away) with the local copy shown: the copy stays, still stale, and the next load asks again.
      if (appStore.get(a).stale && (err as Partial<ApiError> | null)?.status === 0) {
        appStore.set(a, (s) => ({ ...s, loading: false }));
        return;
      }
      // Not kept as loaded with this filter, so the next visit asks again.
      appStore.set(a, (s) => ({ ...s, loading: false, loaded: true, queryKey: '' }));
      void error(err);
    })
    .finally(() => {
      if (inFlight.get(listId)?.done === done) inFlight.delete(listId);
    });
  inFlight.set(listId, { queryKey, done });
  return done;
}

export function useListTasks(listId: number, filters: TaskFilterParams) {
  const [state, setState] = useAtom(listTasksAtom(listId));
  const queryKey = JSON.stringify(listTasksQuery(filters));

  useEffect(() => {
    void loadListTasks(listId, filters);
    // queryKey stands for filters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listId, queryKey]);

  return { state, setState };
}
