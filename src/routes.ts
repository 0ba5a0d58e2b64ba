// The route table of the spec by route name: paths and layouts, pathFor() and matchRoute(). The views live in
// src/app/routeViews.ts and appRouteViews.ts, so that a view can import this module without an import cycle through
// every other view.

/** Which shell wraps a route: the signed-out welcome wrapper, the signed-in/link-share app, or the link-share layout. */
export type RouteLayout = 'signedOut' | 'app' | 'linkShare';

export interface RouteDef {
  name: string;
  path: string;
  layout: RouteLayout;
  /** Reachable without a session (the route guard lets visitors through). */
  public?: boolean;
  /**
   * Not about a list: entering the route clears the current list (spec part 1 §2), so the top bar, `g l`/`g k`
   * and the palette's "new task" stop targeting the list seen before. Root applies it for every route.
   */
  clearsCurrentList?: true;
}

/** Every route. Adding a screen is one entry here and its view in src/app/(app)RouteViews.ts (the compiler asks for it). */
const table = [
  { name: 'home', path: '/', layout: 'app', clearsCurrentList: true },
  { name: 'user.login', path: '/login', layout: 'signedOut', public: true },
  { name: 'user.register', path: '/register', layout: 'signedOut', public: true },
  { name: 'user.password-reset.request', path: '/get-password-reset', layout: 'signedOut', public: true },
  { name: 'user.password-reset.reset', path: '/password-reset', layout: 'signedOut', public: true },
  { name: 'openid.auth', path: '/auth/openid/:provider', layout: 'signedOut', public: true },
  { name: 'link-share.auth', path: '/share/:share/auth', layout: 'linkShare', public: true },
  { name: 'about', path: '/about', layout: 'app' },
  { name: 'user.settings', path: '/user/settings', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.general', path: '/user/settings/general', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.password-update', path: '/user/settings/password-update', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.email-update', path: '/user/settings/email-update', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.avatar', path: '/user/settings/avatar', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.totp', path: '/user/settings/totp', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.caldav', path: '/user/settings/caldav', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.data-export', path: '/user/settings/data-export', layout: 'app', clearsCurrentList: true },
  { name: 'user.settings.deletion', path: '/user/settings/deletion', layout: 'app', clearsCurrentList: true },
  { name: 'user.export.download', path: '/user/export/download', layout: 'app' },
  { name: 'namespaces.index', path: '/namespaces', layout: 'app', clearsCurrentList: true },
  { name: 'namespace.create', path: '/namespaces/new', layout: 'app' },
  { name: 'namespace.settings.edit', path: '/namespaces/:id/settings/edit', layout: 'app', clearsCurrentList: true },
  { name: 'namespace.settings.share', path: '/namespaces/:namespaceId/settings/share', layout: 'app' },
  { name: 'namespace.settings.archive', path: '/namespaces/:id/settings/archive', layout: 'app' },
  { name: 'namespace.settings.delete', path: '/namespaces/:id/settings/delete', layout: 'app' },
  { name: 'tasks.range', path: '/tasks/by/upcoming', layout: 'app', clearsCurrentList: true },
  { name: 'task.detail', path: '/tasks/:id', layout: 'app' },
  { name: 'list.index', path: '/lists/:listId', layout: 'app' },
  { name: 'list.info', path: '/lists/:listId/info', layout: 'app' },
  { name: 'list.create', path: '/lists/new/:namespaceId', layout: 'app' },
  { name: 'list.settings.edit', path: '/lists/:listId/settings/edit', layout: 'app' },
  { name: 'list.settings.background', path: '/lists/:listId/settings/background', layout: 'app' },
  { name: 'list.settings.duplicate', path: '/lists/:listId/settings/duplicate', layout: 'app' },
  { name: 'list.settings.share', path: '/lists/:listId/settings/share', layout: 'app' },
  { name: 'list.settings.delete', path: '/lists/:listId/settings/delete', layout: 'app' },
  { name: 'list.settings.archive', path: '/lists/:listId/settings/archive', layout: 'app' },
  { name: 'list.list', path: '/lists/:listId/list', layout: 'app' },
  { name: 'list.gantt', path: '/lists/:listId/gantt', layout: 'app' },
  { name: 'list.table', path: '/lists/:listId/table', layout: 'app' },
  { name: 'list.kanban', path: '/lists/:listId/kanban', layout: 'app' },
  { name: 'teams.index', path: '/teams', layout: 'app', clearsCurrentList: true },
  { name: 'teams.create', path: '/teams/new', layout: 'app' },
  { name: 'teams.edit', path: '/teams/:id/edit', layout: 'app' },
  { name: 'labels.index', path: '/labels', layout: 'app', clearsCurrentList: true },
  { name: 'labels.create', path: '/labels/new', layout: 'app' },
  { name: 'migrate.start', path: '/migrate', layout: 'app', clearsCurrentList: true },
  { name: 'migrate.service', path: '/migrate/:service', layout: 'app', clearsCurrentList: true },
  { name: 'filters.create', path: '/filters/new', layout: 'app' },
  { name: 'not-found', path: '*', layout: 'app' },
] as const satisfies readonly RouteDef[];

/** A route's name: a typo in `pathFor('…')` or a route comparison does not compile. */
export type RouteName = (typeof table)[number]['name'];

/** The routes of the signed-in layout (their views are in src/app/appRouteViews.ts, the others' in routeViews.ts). */
export type AppRouteName = Extract<(typeof table)[number], { layout: 'app' }>['name'];

export const routeTable: readonly (RouteDef & { name: RouteName })[] = table;

/** Route name → path pattern. */
export const routes = Object.fromEntries(routeTable.map((r) => [r.name, r.path])) as Record<RouteName, string>;

export const publicRouteNames: ReadonlySet<string> = new Set(routeTable.filter((r) => r.public).map((r) => r.name));

export const listlessRouteNames: ReadonlySet<string> = new Set(routeTable.filter((r) => r.clearsCurrentList).map((r) => r.name));

export type RouteParams = Record<string, string | number>;
export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

/** The URL of a named route with its `:params` filled and an optional query string. */
export function pathFor(name: RouteName, params: RouteParams = {}, query: RouteQuery = {}): string {
  const pattern = routes[name];
  if (pattern === undefined) throw new Error(`Unknown route "${name}"`);
  const path = pattern.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route "${name}" needs the parameter "${key}"`);
    return encodeURIComponent(String(value));
  });
  const set = Object.entries(query).filter(([, v]) => v !== undefined && v !== null);
  if (set.length === 0) return path;
  const search = new URLSearchParams();
  for (const [k, v] of set) search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The route whose pattern matches a pathname (the 404 entry when none does), with its params. */
export function matchRoute(pathname: string): { name: RouteName; params: Record<string, string> } {
  const clean = pathname.replace(/\/+$/, '') || '/';
  for (const r of routeTable) {
    if (r.path === '*') continue;
    const keys: string[] = [];
    const pattern = r.path === '/' ? '/' : r.path.replace(/\/+$/, '');
    const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, k: string) => {
      keys.push(k);
      return '([^/]+)';
    });
    const m = new RegExp(`^${source}$`).exec(clean);
    if (m) return { name: r.name, params: Object.fromEntries(keys.map((k, i) => [k, decodeURIComponent(m[i + 1])])) };
  }
  return { name: 'not-found', params: {} };
}
