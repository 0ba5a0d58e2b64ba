// Spec part 1 §2: the current list is cleared on the home, namespace edit, teams, upcoming, labels, migration,
// namespaces and user settings routes, so the top bar, `g l`/`g k` and the palette stop targeting the old list.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { appRoutes } from '../../src/app/router';
import { appStore } from '../../src/state/store';
import { readinessAtom } from '../../src/state/readiness';
import { configAtom } from '../../src/state/config';
import { sessionAtom, userAtom } from '../../src/state/session';
import { currentListAtom } from '../../src/state/ui';
import { matchRoute, routeTable } from '../../src/routes';
import { appRouteViews } from '../../src/app/appRouteViews';
import { resetSessionState } from './helpers';
import { renderAppRoutes } from './render';

const opened = new Set<string>();
const renderApp = (path: string) => {
  opened.add(matchRoute(path).name);
  return renderAppRoutes(appRoutes(), path);
};

// A test passes once the current list is cleared, which can be before its view's code has finished loading: the
// environment must not be torn down under those imports (a view's stylesheet import then fails the run).
afterAll(async () => {
  await Promise.all([...opened].map((name) => appRouteViews[name as keyof typeof appRouteViews]?.().catch(() => undefined)));
});

const OLD_LIST = { id: 4, title: 'Groceries', maxRight: 2 };

describe('current list on routes that are not about a list', () => {
  beforeEach(() => {
    localStorage.clear();
    resetSessionState();
    // Views stay in their loading state: this is about the shell, not their data.
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    appStore.set(configAtom, { version: 'v0.20.4', availableMigrators: ['todoist'], auth: { local: { enabled: true } } });
    appStore.set(readinessAtom, { state: 'ready' });
    appStore.set(sessionAtom, { kind: 'user', claims: { type: 1, id: 1, username: 'ada', exp: Date.now() / 1000 + 3600 } });
    appStore.set(userAtom, { id: 1, username: 'ada', settings: { language: 'en' } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['home', '/'],
    ['namespace edit', '/namespaces/3/settings/edit'],
    ['teams', '/teams'],
    ['upcoming', '/tasks/by/upcoming'],
    ['labels', '/labels'],
    ['migration', '/migrate'],
    ['migration service', '/migrate/todoist'],
    ['namespaces', '/namespaces'],
    ['user settings', '/user/settings/general'],
  ])('clears it on %s (%s)', async (_name, path) => {
    appStore.set(currentListAtom, OLD_LIST);
    renderApp(path);
    await waitFor(() => expect(appStore.get(currentListAtom)).toBeNull());
  });

  it('clears it when navigating from a list to upcoming', async () => {
    appStore.set(currentListAtom, null);
    const router = renderApp('/about');
    appStore.set(currentListAtom, OLD_LIST);
    opened.add(matchRoute('/tasks/by/upcoming').name);
    await router.navigate('/tasks/by/upcoming');
    await waitFor(() => expect(appStore.get(currentListAtom)).toBeNull());
  });

  it('keeps it on routes that are about a list or a task', async () => {
    appStore.set(currentListAtom, OLD_LIST);
    renderApp('/about');
    await new Promise((r) => setTimeout(r, 50));
    expect(appStore.get(currentListAtom)).toEqual(OLD_LIST);
  });

  it('is declared once, in the route table, for exactly the routes of the spec', () => {
    const clearing = routeTable.filter((r) => r.clearsCurrentList).map((r) => r.name);
    expect(clearing.filter((n) => !n.startsWith('user.settings')).sort()).toEqual(
      ['home', 'labels.index', 'migrate.service', 'migrate.start', 'namespace.settings.edit', 'namespaces.index', 'tasks.range', 'teams.index'].sort(),
    );
    expect(routeTable.filter((r) => r.name.startsWith('user.settings')).every((r) => r.clearsCurrentList)).toBe(true);
  });
});
