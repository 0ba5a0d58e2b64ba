// The requests index.html starts with the navigation are the ones the routes then make: for the list view, kanban,
// task detail and home, the inline script built from the real route table starts its GETs, and the app's own loads
// for that route (the store's loaders, the API functions the views call) take every one of them without asking again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIEW_TABLES, parseRouteTable, pathPattern, preloadScript, requestsByGroup, type PreloadRoute } from '../../src/app/routePreload';
import { ROUTE_REQUESTS, SESSION_REQUESTS } from '../../src/app/routeRequests';
import { preloadRoute } from '../../src/app/routeLoads';
import { getList } from '../../src/api/lists';
import { getBuckets } from '../../src/api/buckets';
import { getTask } from '../../src/api/tasks';
import { currentUser } from '../../src/api/user';
import { loadNamespaces, namespacesLoadedAtom } from '../../src/state/namespaces';
import { appStore } from '../../src/state/store';
import { listTasksAtom } from '../../src/state/tasks';
import { loadListTasks, rememberedFilters } from '../../src/views/lists/views/useListTasks';
import { HOME_TASKS_QUERY, loadHomeTasks, takeHomeTasks } from '../../src/views/home/homeTasksData';
import { upcomingQuery } from '../../src/views/tasks/upcomingQuery';

const read = (file: string) => readFileSync(path.resolve(__dirname, '../../src', file), 'utf8');

/** index.html's table as the build writes it (src/app/routePreload.ts), without files. */
const table: PreloadRoute[] = parseRouteTable(read('routes.ts'), ...VIEW_TABLES.map(read))
  .filter((r) => r.path !== '*')
  .map((r) => [pathPattern(r.path), [], r.layout === 'app' ? requestsByGroup(r.path, [...SESSION_REQUESTS, ...(ROUTE_REQUESTS[r.name] ?? [])]) : []]);

function token(): string {
  const claims = btoa(JSON.stringify({ type: 1, id: 5, username: 'ann', exp: Date.now() / 1000 + 3600 })).replace(/=+$/, '');
  return `x.${claims}.sig`;
}

/** A body that suits any of the GETs (an object for one entity, an array for a collection). */
function respond(url: string): Response {
  const single = /\/(user|lists\/\d+|tasks\/\d+)$/.test(url);
  const body = single ? { id: Number(/(\d+)$/.exec(url)?.[1] ?? 5), title: 'x', username: 'ann', list_id: 1 } : [];
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', 'x-pagination-total-pages': '1' } });
}

const fetchMock = vi.fn((url: string) => Promise.resolve(respond(url)));
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', token());
  delete window.__kfEarly;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

/** Opens a path as a first page load: index.html's script runs; returns the GETs it started. */
function openPage(pathname: string): string[] {
  window.history.replaceState(null, '', pathname);
  new Function(preloadScript(table))();
  return Object.keys(window.__kfEarly ?? {});
}

/** The GETs the app itself sent (after index.html's). */
async function appRequests(earlyCount: number, load: () => Promise<unknown>): Promise<string[]> {
  await load();
  return fetchMock.mock.calls.slice(earlyCount).map((c) => String(c[0]));
}

/** The session's loads every signed-in route makes: the user check and the navigation's namespaces. */
const sessionLoads = () => Promise.all([currentUser(), loadNamespaces()]);

describe('early GETs and the routes’ own loads', () => {
  it('list view: the user, namespaces, the list and its first page of tasks (as the list view filters them) are all taken', async () => {
    const early = openPage('/lists/7/list');
    expect(early).toHaveLength(4);
    const sent = await appRequests(early.length, () => Promise.all([sessionLoads(), getList(7), loadListTasks(7, rememberedFilters(7))]));
    expect(sent).toEqual([]);
    expect(window.__kfEarly).toEqual({});
  });

  it('list view opened by the router: its loader’s loads take the early GETs too', async () => {
    const early = openPage('/lists/8/list');
    preloadRoute('list.list', { listId: '8' });
    const sent = await appRequests(early.length, () => Promise.all([sessionLoads(), getList(8), loadListTasks(8, rememberedFilters(8))]));
    expect(sent).toEqual([]);
  });

  it('list view opened by the router: its loader resolves once the first page of tasks is in the store', async () => {
    openPage('/lists/12/list');
    const ready = preloadRoute('list.list', { listId: '12' });
    expect(ready).toBeInstanceOf(Promise);
    await ready;
    expect(appStore.get(listTasksAtom(12))).toMatchObject({ loaded: true });
  });

  it('kanban: the list and its buckets with their first cards', async () => {
    const early = openPage('/lists/9/kanban');
    expect(early).toHaveLength(4);
    const sent = await appRequests(early.length, () => Promise.all([sessionLoads(), getList(9), getBuckets(9)]));
    expect(sent).toEqual([]);
    expect(window.__kfEarly).toEqual({});
  });

  it('task detail: the task', async () => {
    const early = openPage('/tasks/31');
    expect(early).toHaveLength(3);
    const sent = await appRequests(early.length, () => Promise.all([sessionLoads(), getTask(31)]));
    expect(sent).toEqual([]);
    expect(window.__kfEarly).toEqual({});
  });

  it('home opened by the router: its loader loads the namespaces (which the page waits for) from the early GET', async () => {
    appStore.set(namespacesLoadedAtom, false);
    const early = openPage('/');
    preloadRoute('home', {});
    await vi.waitFor(() => expect(appStore.get(namespacesLoadedAtom)).toBe(true));
    const sent = await appRequests(early.length, () => Promise.all([currentUser(), takeHomeTasks()]));
    expect(sent).toEqual([]);
    expect(window.__kfEarly).toEqual({});
  });

  it('home: the upcoming tasks, although they depend on the time', async () => {
    const early = openPage('/');
    expect(early).toHaveLength(3);
    const sent = await appRequests(early.length, () => Promise.all([sessionLoads(), takeHomeTasks()]));
    expect(sent).toEqual([]);
    expect(window.__kfEarly).toEqual({});
    // Asked again later (a refresh), the same query goes out: nothing in it changes with the time.
    await loadHomeTasks();
    expect(decodeURIComponent(String(fetchMock.mock.calls.at(-1)![0]))).toContain('filter_value=now+7d');
  });
});

describe('the home page’s upcoming tasks', () => {
  it('are the upcoming view’s query for now to a week on with overdue shown, the bound left to the server', () => {
    const now = new Date(2026, 0, 10, 12);
    const upcoming = upcomingQuery({ from: 'now', to: 'now+7d', showNulls: false, showOverdue: true }, now);
    expect(HOME_TASKS_QUERY).toEqual({
      ...upcoming,
      filters: upcoming.filters!.map((f) => (f.field === 'due_date' ? { ...f, value: 'now+7d' } : f)),
      perPage: 50,
    });
  });
});
