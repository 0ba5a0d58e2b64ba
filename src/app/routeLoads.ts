// What each route loads with its navigation, written through the store's own loaders: small functions per need, so a
// store that changes shape only has to re-point them. Loaded lazily (src/app/routeData.ts), signed-in only.
import { prefetch } from '../api/client';
import { savedListView } from '../state/listView';
import { loadListTasks, rememberedFilters } from '../views/lists/views/useListTasks';
import { preloadHomeTasks } from '../views/home/homeTasksData';
import { loadNamespaces, preloadNamespaces } from '../state/namespaces';
import { listTasksAtom, unconfirmedListIds } from '../state/tasks';
import { loadedBoardIds } from '../state/kanbanBoard';
import { refreshUser } from '../state/session';
import { appStore } from '../state/store';
import { outboxStateAtom } from '../outbox/current';
import * as actions from '../actions';

/** The list itself (title, right): the view's GET adopts the response. */
export function preloadList(listId: number): void {
  prefetch(`lists/${listId}`);
}

/**
 * The list's tasks with the filter the list view will show, into the list's atom (the view joins the load). Resolves
 * once the atom has rows to show (the first page, or what a visit with the same filter left), or the load ended.
 */
export function preloadTasks(listId: number): Promise<void> {
  const loading = loadListTasks(listId, rememberedFilters(listId));
  const a = listTasksAtom(listId);
  if (appStore.get(a).loaded) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = () => {
      unsubscribe();
      resolve();
    };
    const unsubscribe = appStore.sub(a, () => appStore.get(a).loaded && done());
    void loading.finally(done);
  });
}

/** The kanban buckets with their first cards, into the board's atom (the board joins this load rather than asking again). */
export function preloadBuckets(listId: number): Promise<void> {
  return actions.buckets.preload(listId);
}

export function preloadTask(taskId: number): void {
  prefetch(`tasks/${taskId}`);
}

/**
 * The upcoming tasks, and the namespaces: the page shows its tasks only once it knows the first namespace has lists,
 * and the navigation's tree, which loads them otherwise, is a lazy part of the shell whose effects run only after
 * React has revealed it (up to 300 ms after the shell's first paint).
 */
export function preloadHome(): void {
  preloadHomeTasks();
  void preloadNamespaces().catch(() => undefined);
}

/**
 * Starts the data of a route by name and params; routes without a preload load as their views always have. The list
 * view's promise resolves once its first rows are in the store (the others' at once).
 */
export function preloadRoute(name: string, params: Record<string, string | undefined>): Promise<void> | void {
  const id = Number(params.listId ?? params.id);
  if (name !== 'home' && !(Number.isInteger(id) && id > 0)) return;
  switch (name === 'list.index' ? savedListView(id) : name) {
    case 'home':
      return preloadHome();
    case 'list.list':
      preloadList(id);
      return preloadTasks(id);
    case 'list.kanban':
      preloadList(id);
      return preloadBuckets(id);
    case 'list.table':
    case 'list.gantt':
      return preloadList(id);
    case 'task.detail':
      return preloadTask(id);
  }
}

/**
 * The server answers after a start from the local copy without it: the user, the navigation, and every list and
 * board shown from the copy (or that failed to load meanwhile) are loaded again, replacing the copy's.
 */
export function refreshFromServer(): void {
  void refreshUser(true).catch(() => undefined);
  void loadNamespaces().catch(() => undefined);
  // The tasks once the changes made offline have reached the server: asked before, a list would come back without
  // them (a task completed offline listed again among the open ones).
  void outboxSent().then(() => {
    for (const listId of unconfirmedListIds()) void loadListTasks(listId, rememberedFilters(listId));
    for (const listId of loadedBoardIds()) void actions.buckets.load(listId);
  });
}

/** Resolves once no write waits in the outbox to be sent (refused ones wait for the person), or after `ms`. */
function outboxSent(ms = 10_000): Promise<void> {
  const sent = () => !appStore.get(outboxStateAtom).entries.some((e) => e.state === 'queued');
  return new Promise((resolve) => {
    if (sent()) return resolve();
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, ms);
    const unsubscribe = appStore.sub(outboxStateAtom, () => {
      if (sent()) finish();
    });
  });
}
