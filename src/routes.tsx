// The route table of the spec by route name: paths, layouts and lazily loaded views, plus pathFor().
import type { ComponentType } from 'react';

/** Which shell wraps a route: the signed-out welcome wrapper, the signed-in/link-share app, or the link-share layout. */
export type RouteLayout = 'signedOut' | 'app' | 'linkShare';

export interface RouteDef {
  name: string;
  path: string;
  layout: RouteLayout;
  /** Reachable without a session (the route guard lets visitors through). */
  public?: boolean;
  /** The view, split into its own chunk. Routes without one are known by name but render the 404 page until built. */
  load?: () => Promise<{ default: ComponentType }>;
  /**
   * Not about a list: entering the route clears the current list (spec part 1 §2), so the top bar, `g l`/`g k`
   * and the palette's "new task" stop targeting the list seen before. Root applies it for every route.
   */
  clearsCurrentList?: true;
}

/** Every route. Adding a screen is one entry here (or giving an existing entry its `load`). */
export const routeTable: RouteDef[] = [
  { name: 'home', path: '/', layout: 'app', clearsCurrentList: true, load: () => import('./views/home/Home') },
  { name: 'user.login', path: '/login', layout: 'signedOut', public: true, load: () => import('./views/auth/Login') },
  { name: 'user.register', path: '/register', layout: 'signedOut', public: true, load: () => import('./views/auth/Register') },
  { name: 'user.password-reset.request', path: '/get-password-reset', layout: 'signedOut', public: true, load: () => import('./views/auth/PasswordResetRequest') },
  { name: 'user.password-reset.reset', path: '/password-reset', layout: 'signedOut', public: true, load: () => import('./views/auth/PasswordReset') },
  { name: 'openid.auth', path: '/auth/openid/:provider', layout: 'signedOut', public: true, load: () => import('./views/auth/OpenIdAuth') },
  { name: 'link-share.auth', path: '/share/:share/auth', layout: 'linkShare', public: true, load: () => import('./views/auth/LinkShareAuth') },
  { name: 'about', path: '/about', layout: 'app', load: () => import('./views/about/About') },
  { name: 'user.settings', path: '/user/settings', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/SettingsIndex') },
  { name: 'user.settings.general', path: '/user/settings/general', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/General') },
  { name: 'user.settings.password-update', path: '/user/settings/password-update', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/PasswordUpdate') },
  { name: 'user.settings.email-update', path: '/user/settings/email-update', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/EmailUpdate') },
  { name: 'user.settings.avatar', path: '/user/settings/avatar', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/Avatar') },
  { name: 'user.settings.totp', path: '/user/settings/totp', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/Totp') },
  { name: 'user.settings.caldav', path: '/user/settings/caldav', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/Caldav') },
  { name: 'user.settings.data-export', path: '/user/settings/data-export', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/DataExport') },
  { name: 'user.settings.deletion', path: '/user/settings/deletion', layout: 'app', clearsCurrentList: true, load: () => import('./views/settings/Deletion') },
  { name: 'user.export.download', path: '/user/export/download', layout: 'app', load: () => import('./views/export/ExportDownload') },
  { name: 'namespaces.index', path: '/namespaces', layout: 'app', clearsCurrentList: true, load: () => import('./views/namespaces/NamespacesIndex') },
  { name: 'namespace.create', path: '/namespaces/new', layout: 'app', load: () => import('./views/namespaces/NamespaceCreate') },
  { name: 'namespace.settings.edit', path: '/namespaces/:id/settings/edit', layout: 'app', clearsCurrentList: true, load: () => import('./views/namespaces/NamespaceEdit') },
  { name: 'namespace.settings.share', path: '/namespaces/:namespaceId/settings/share', layout: 'app', load: () => import('./views/namespaces/NamespaceShare') },
  { name: 'namespace.settings.archive', path: '/namespaces/:id/settings/archive', layout: 'app', load: () => import('./views/namespaces/NamespaceArchive') },
  { name: 'namespace.settings.delete', path: '/namespaces/:id/settings/delete', layout: 'app', load: () => import('./views/namespaces/NamespaceDelete') },
  { name: 'tasks.range', path: '/tasks/by/upcoming', layout: 'app', clearsCurrentList: true, load: () => import('./views/tasks/Upcoming') },
  { name: 'task.detail', path: '/tasks/:id', layout: 'app', load: () => import('./views/tasks/TaskDetailRoute') },
  { name: 'list.index', path: '/lists/:listId', layout: 'app', load: () => import('./views/lists/ListIndexRedirect') },
  { name: 'list.info', path: '/lists/:listId/info', layout: 'app', load: () => import('./views/lists/ListInfo') },
  { name: 'list.create', path: '/lists/new/:namespaceId', layout: 'app', load: () => import('./views/lists/ListCreate') },
  { name: 'list.settings.edit', path: '/lists/:listId/settings/edit', layout: 'app', load: () => import('./views/lists/ListEdit') },
  { name: 'list.settings.background', path: '/lists/:listId/settings/background', layout: 'app', load: () => import('./views/lists/ListBackground') },
  { name: 'list.settings.duplicate', path: '/lists/:listId/settings/duplicate', layout: 'app', load: () => import('./views/lists/ListDuplicate') },
  { name: 'list.settings.share', path: '/lists/:listId/settings/share', layout: 'app', load: () => import('./views/lists/ListShare') },
  { name: 'list.settings.delete', path: '/lists/:listId/settings/delete', layout: 'app', load: () => import('./views/lists/ListDelete') },
  { name: 'list.settings.archive', path: '/lists/:listId/settings/archive', layout: 'app', load: () => import('./views/lists/ListArchive') },
  { name: 'list.list', path: '/lists/:listId/list', layout: 'app', load: () => import('./views/lists/ListView') },
  { name: 'list.gantt', path: '/lists/:listId/gantt', layout: 'app', load: () => import('./views/lists/GanttView') },
  { name: 'list.table', path: '/lists/:listId/table', layout: 'app', load: () => import('./views/lists/TableView') },
  { name: 'list.kanban', path: '/lists/:listId/kanban', layout: 'app', load: () => import('./views/lists/KanbanView') },
  { name: 'teams.index', path: '/teams', layout: 'app', clearsCurrentList: true, load: () => import('./views/teams/TeamsIndex') },
  { name: 'teams.create', path: '/teams/new', layout: 'app', load: () => import('./views/teams/TeamCreate') },
  { name: 'teams.edit', path: '/teams/:id/edit', layout: 'app', load: () => import('./views/teams/TeamEdit') },
  { name: 'labels.index', path: '/labels', layout: 'app', clearsCurrentList: true, load: () => import('./views/labels/LabelsIndex') },
  { name: 'labels.create', path: '/labels/new', layout: 'app', load: () => import('./views/labels/LabelCreate') },
  { name: 'migrate.start', path: '/migrate', layout: 'app', clearsCurrentList: true, load: () => import('./views/migrate/MigrateStart') },
  { name: 'migrate.service', path: '/migrate/:service', layout: 'app', clearsCurrentList: true, load: () => import('./views/migrate/MigrateService') },
  { name: 'filters.create', path: '/filters/new', layout: 'app', load: () => import('./views/filters/FilterCreate') },
  { name: 'not-found', path: '*', layout: 'app', load: () => import('./views/notFound/NotFound') },
];

/** Route name → path pattern. */
export const routes: Record<string, string> = Object.fromEntries(routeTable.map((r) => [r.name, r.path]));

export const publicRouteNames: ReadonlySet<string> = new Set(routeTable.filter((r) => r.public).map((r) => r.name));

export const listlessRouteNames: ReadonlySet<string> = new Set(routeTable.filter((r) => r.clearsCurrentList).map((r) => r.name));

export type RouteParams = Record<string, string | number>;
export type RouteQuery = Record<string, string | number | boolean | null | undefined>;

/** The URL of a named route with its `:params` filled and an optional query string. */
export function pathFor(name: string, params: RouteParams = {}, query: RouteQuery = {}): string {
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
export function matchRoute(pathname: string): { name: string; params: Record<string, string> } {
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
