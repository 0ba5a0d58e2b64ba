// Data starting with the navigation: index.html's early GETs, their adoption by the client, the route loads that fill
// the store, and a session that does not wait for GET /user.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get, getPage, prefetch, requestKey } from '../../src/api/client';
import { taskQueryToApi } from '../../src/api/tasks';
import { LIST_FIRST_PAGE_QUERY } from '../../src/app/routeRequests';
import { pathPattern, preloadScript, requestsByGroup, routeViewDependencies } from '../../src/app/routePreload';
import { defaultFilters } from '../../src/views/lists/views/taskFilters';
import { listTasksQuery, loadListTasks } from '../../src/views/lists/views/useListTasks';
import { appStore } from '../../src/state/store';
import { listTasksAtom } from '../../src/state/tasks';
import { boardAtom } from '../../src/state/kanbanBoard';
import { namespacesLoadedAtom } from '../../src/state/namespaces';
import { preloadRoute } from '../../src/app/routeLoads';
import * as actions from '../../src/actions';
import * as namespaceActions from '../../src/actions/namespaces';
import { checkAuth, sessionAtom, userAtom } from '../../src/state/session';

function jsonResponse(body: unknown, headers: Record<string, string> = {}, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** A user token (the claims are all the client reads). */
function token(claims: Record<string, unknown>): string {
  const part = btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `x.${part}.sig`;
}

const fetchMock = vi.fn();
beforeEach(() => {
  localStorage.clear();
  delete window.__kfEarly;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('request keys', () => {
  it('sort the query keys and repeat a key per array value', () => {
    expect(requestKey('/lists/3/tasks', { per_page: 50, sort_by: ['position', 'id'], page: 1, s: undefined })).toBe('lists/3/tasks?page=1&per_page=50&sort_by=position&sort_by=id');
    expect(requestKey('user')).toBe('user');
  });

  it('name the list view’s first page exactly as the view asks for it', () => {
    expect(requestKey('lists/1/tasks', taskQueryToApi({ ...listTasksQuery(defaultFilters()), page: 1 }))).toBe(`lists/1/tasks?${LIST_FIRST_PAGE_QUERY}`);
  });
});

describe('the inline script of index.html', () => {
  const table: [string, string[], string[]][] = [
    [pathPattern('/lists/:listId/list'), ['/assets/ListView.js', '/assets/ListView.css'], requestsByGroup('/lists/:listId/list', ['user', 'lists/{listId}', 'teams/{id}'])],
  ];
  const run = () => new Function(preloadScript(table, ['/assets/SignedInLayout.js']))();
  beforeEach(() => {
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    window.history.replaceState(null, '', '/lists/7/list');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({})));
  });

  it('drops a template naming a param the route does not have', () => {
    expect(table[0][2]).toEqual(['user', 'lists/{1}']);
  });

  it('starts the route’s GETs with a stored user token, before the files, and preloads scripts and stylesheets', () => {
    localStorage.setItem('token', token({ type: 1, id: 5, exp: Date.now() / 1000 + 3600 }));
    run();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/user', '/api/v1/lists/7']);
    expect((fetchMock.mock.calls[0][1] as RequestInit).headers).toEqual({ Authorization: `Bearer ${localStorage.getItem('token')}` });
    expect(Object.keys(window.__kfEarly!)).toEqual(['user', 'lists/7']);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link')].map((l) => [l.rel, l.getAttribute('as'), new URL(l.href).pathname]);
    expect(links).toEqual([
      ['modulepreload', null, '/assets/ListView.js'],
      ['preload', 'style', '/assets/ListView.css'],
      ['modulepreload', null, '/assets/SignedInLayout.js'],
    ]);
  });

  it('asks nothing without a token, with an expired one, or for a link share', () => {
    run();
    localStorage.setItem('token', token({ type: 1, id: 5, exp: Date.now() / 1000 - 10 }));
    run();
    localStorage.setItem('token', token({ type: 2, id: -3, exp: Date.now() / 1000 + 3600 }));
    run();
    expect(fetchMock).not.toHaveBeenCalled();
    // The route's own files are still preloaded; the session's are not.
    expect(document.head.querySelectorAll('link[href="/assets/SignedInLayout.js"]')).toHaveLength(0);
    expect(document.head.querySelectorAll('link[href="/assets/ListView.js"]').length).toBeGreaterThan(0);
  });

  it('guesses nothing for a param that is not a plain id', () => {
    localStorage.setItem('token', token({ type: 1, id: 5, exp: Date.now() / 1000 + 3600 }));
    window.history.replaceState(null, '', '/lists/7x/list');
    run();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/v1/user']);
  });
});

describe('adopting early GETs', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('API_URL', 'http://api.test/api/v1');
  });

  it('answers the first identical GET from the early response, once, headers included', async () => {
    window.__kfEarly = { 'namespaces?page=1': { at: Date.now(), res: Promise.resolve(jsonResponse([{ id: 1, title: 'A' }], { 'x-pagination-total-pages': '1' })) } };
    const page = await getPage<{ id: number }>('namespaces', { query: { page: 1 } });
    expect(page.items).toEqual([{ id: 1, title: 'A' }]);
    expect(page.totalPages).toBe(1);
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(jsonResponse([]));
    await getPage('namespaces', { query: { page: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early GET failed, or is too old to trust', async () => {
    window.__kfEarly = {
      user: { at: Date.now(), res: Promise.resolve(jsonResponse({ message: 'no' }, {}, 401)) },
      'lists/2': { at: Date.now() - 60_000, res: Promise.resolve(jsonResponse({ id: 2, title: 'old' })) },
    };
    fetchMock.mockImplementation((url: string) => Promise.resolve(jsonResponse(url.endsWith('/user') ? { username: 'fresh' } : { id: 2, title: 'new' })));
    expect(await get('user')).toEqual({ username: 'fresh' });
    expect(await get('lists/2')).toEqual({ id: 2, title: 'new' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('prefetch() starts a GET with the token that the next identical GET adopts', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 9 }));
    prefetch('tasks/9');
    prefetch('tasks/9');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('http://api.test/api/v1/tasks/9');
    expect(await get('tasks/9')).toEqual({ id: 9 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('list tasks loaded by the navigation', () => {
  it('fills the list’s atom with every page, and a view asking meanwhile joins the same load', async () => {
    localStorage.setItem('token', 'tok');
    const pages = [1, 2].map((p) => jsonResponse([{ id: p, title: `t${p}`, list_id: 41 }], { 'x-pagination-total-pages': '2' }));
    fetchMock.mockImplementation(() => Promise.resolve(pages.shift()!));
    const first = loadListTasks(41, defaultFilters());
    const second = loadListTasks(41, defaultFilters());
    expect(second).toBe(first);
    await first;
    const state = appStore.get(listTasksAtom(41));
    expect(state.tasks.map((t) => t.id)).toEqual([1, 2]);
    expect(state).toMatchObject({ loaded: true, loading: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Back on the list with the same filter: nothing is asked again.
    await loadListTasks(41, defaultFilters());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks for the other pages only once the main thread is idle after the first page (its rows rendered)', async () => {
    localStorage.setItem('token', 'tok');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    const pages = [1, 2, 3].map((p) => jsonResponse([{ id: p, title: `t${p}`, list_id: 42 }], { 'x-pagination-total-pages': '3' }));
    fetchMock.mockImplementation(() => Promise.resolve(pages.shift()!));
    const done = loadListTasks(42, defaultFilters());
    await vi.waitFor(() => expect(appStore.get(listTasksAtom(42)).tasks.map((t) => t.id)).toEqual([1]));
    expect(appStore.get(listTasksAtom(42)).loading).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(idle).toHaveLength(1);
    idle[0]!();
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(appStore.get(listTasksAtom(42)).tasks.map((t) => t.id)).toEqual([1, 2, 3]);
  });
});

describe('a kanban board loaded by the navigation', () => {
  it('is in the store before its view opens, which shows that load rather than asking again; a later opening loads afresh', async () => {
    localStorage.setItem('token', 'tok');
    const bucketsOf = (title: string) => jsonResponse([{ id: 1, title, list_id: 42, tasks: [{ id: 5, title: 'Card', list_id: 42, bucket_id: 1 }] }], { 'x-pagination-total-pages': '1' });
    const titles = ['Backlog', 'Later'];
    fetchMock.mockImplementation((url: string) => Promise.resolve(String(url).includes('/buckets') ? bucketsOf(titles.shift()!) : jsonResponse({ id: 42, title: 'Board' })));
    await preloadRoute('list.kanban', { listId: '42' });
    expect(appStore.get(boardAtom(42))?.map((b) => [b.title, b.tasks.map((t) => t.id)])).toEqual([['Backlog', [5]]]);
    const boardRequests = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/lists/42/buckets')).length;
    expect(boardRequests()).toBe(1);

    await actions.buckets.open(42);
    expect(boardRequests()).toBe(1);
    // The board opened again (another visit) is asked for again.
    await actions.buckets.open(42);
    expect(boardRequests()).toBe(2);
    expect(appStore.get(boardAtom(42))?.[0].title).toBe('Later');
  });
});

describe('the namespaces loaded by the home route', () => {
  it('are taken by the navigation tree when it shows, not asked for again; a later showing reloads them', async () => {
    localStorage.setItem('token', 'tok');
    const namespaceRequests = () => fetchMock.mock.calls.filter(([url]) => /\/namespaces\?/.test(String(url))).length;
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse([{ id: 1, title: 'Home', lists: [] }], { 'x-pagination-total-pages': '1' })));
    preloadRoute('home', {});
    await vi.waitFor(() => expect(appStore.get(namespacesLoadedAtom)).toBe(true));
    expect(namespaceRequests()).toBe(1);
    await namespaceActions.loadTree();
    expect(namespaceRequests()).toBe(1);
    await namespaceActions.loadTree();
    expect(namespaceRequests()).toBe(2);
  });
});

describe('the route views’ script lists', () => {
  it('keep only stylesheets for route views, everything for other chunks', () => {
    const resolve = routeViewDependencies();
    expect(resolve('assets/ListView-C-i5FaB5.js', ['assets/a.js', 'assets/ListView.css'])).toEqual(['assets/ListView.css']);
    expect(resolve('assets/SignedInLayout-abc.js', ['assets/a.js', 'assets/b.css'])).toEqual(['assets/a.js', 'assets/b.css']);
  });
});

describe('start-up session', () => {
  it('is set from the token without waiting for GET /user, which still fills in the user', async () => {
    const stored = token({ type: 1, id: 5, username: 'ann', exp: Date.now() / 1000 + 3600 });
    localStorage.setItem('token', stored);
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    expect(await checkAuth({ userInBackground: true })).toBe(true);
    expect(appStore.get(sessionAtom).kind).toBe('user');
    answer(jsonResponse({ id: 5, username: 'ann', name: 'Ann' }));
    await vi.waitFor(() => expect(appStore.get(userAtom)?.name).toBe('Ann'));
  });
});

describe('hover and focus intent', () => {
  it('preloads the route’s files from index.html’s table once the pointer rests, not when it passes', async () => {
    vi.useFakeTimers();
    try {
      const { intendPath, cancelIntent } = await import('../../src/app/routeData');
      document.head.querySelectorAll('link').forEach((l) => l.remove());
      window.__kfRoutes = [[pathPattern('/lists/:listId/kanban'), ['/assets/KanbanView.js', '/assets/KanbanView.css'], []]];
      intendPath('/lists/3/kanban');
      cancelIntent();
      vi.advanceTimersByTime(500);
      expect(document.head.querySelectorAll('link')).toHaveLength(0);
      intendPath('/lists/3/kanban');
      vi.advanceTimersByTime(500);
      expect([...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')])).toEqual([
        ['modulepreload', '/assets/KanbanView.js'],
        ['preload', '/assets/KanbanView.css'],
      ]);
    } finally {
      vi.useRealTimers();
      delete window.__kfRoutes;
    }
  });
});
