// Starts a route's code and data together, at the navigation (router loaders) or ahead of it (hover, focus, the
// palette's highlighted list): its files from index.html's route table, its data from routeLoads (its own chunk).
import { appStore } from '../state/store';
import { isTokenValid, parseToken, sessionAtom } from '../state/session';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import { localCopyRead } from '../state/readiness';
import { matchRoute } from '../routes';

declare global {
  interface Window {
    /** index.html's route table (src/app/routePreload.ts): pattern, files, API GETs. */
    __kfRoutes?: [string, string[], string[]][];
  }
}

const preloaded = new Set<string>();

/** The routes routeLoads has something for (the others need not fetch its chunk). */
const DATA_ROUTES: ReadonlySet<string> = new Set(['home', 'list.index', 'list.list', 'list.kanban', 'list.table', 'list.gantt', 'task.detail']);

/** Adds a modulepreload (or style preload) link for every file of the first route matching the path, once per file. */
export function preloadRouteFiles(pathname: string): void {
  const clean = pathname.replace(/\/+$/, '') || '/';
  const route = window.__kfRoutes?.find(([pattern]) => new RegExp(pattern).test(clean));
  for (const file of route?.[1] ?? []) {
    if (preloaded.has(file) || document.head.querySelector(`link[href="${file}"]`)) continue;
    preloaded.add(file);
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.setAttribute('as', 'style');
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.appendChild(link);
  }
}

/** A user's session, or before the session is set up (the first navigation), a stored user token that has not expired. */
export function signedInUser(): boolean {
  const session = appStore.get(sessionAtom);
  if (session.kind !== 'none') return session.kind === 'user';
  const token = readStorage(STORAGE_KEYS.token);
  const claims = token ? parseToken(token) : null;
  return isTokenValid(claims) && claims.type === 1 && claims.id > 0;
}

/**
 * A route's files, and for a signed-in person its data (user sessions only: link shares see other data). Resolves when
 * what the route's first render shows is in the store (the list view's first rows), at once for other routes; never
 * rejects.
 */
export function preloadRoute(name: string, params: Record<string, string | undefined>, pathname: string): Promise<void> {
  preloadRouteFiles(pathname);
  if (!DATA_ROUTES.has(name) || !signedInUser()) return Promise.resolve();
  return Promise.all([import('./routeLoads'), localCopyRead()])
    .then(([m]) => m.preloadRoute(name, params))
    .catch(() => undefined);
}

/** The same for a path (a link about to be followed). */
export function preloadPath(pathname: string): void {
  const { name, params } = matchRoute(pathname);
  void preloadRoute(name, params, pathname);
}

/** How long a pointer rests on (or the focus stays at) a link before its route starts loading: passing over costs nothing. */
const INTENT_MS = 80;
let intent: ReturnType<typeof setTimeout> | undefined;

/** Starts a path's route soon, unless another intent or cancelIntent() comes first (hover, focus, a highlighted row). */
export function intendPath(pathname: string): void {
  clearTimeout(intent);
  intent = setTimeout(() => preloadPath(pathname), INTENT_MS);
}

export function cancelIntent(): void {
  clearTimeout(intent);
}
