// Build step (Vite plugin, runs in Node): index.html learns which chunks, stylesheets and API GETs each route needs and
// starts the current route's while the main script downloads, instead of after it has run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTE_REQUESTS, SESSION_REQUESTS } from './routeRequests.js';
import { COPY_PREFIX, SCREENS_PREFIX, STORE_NAMES } from '../local/copyNames.js';

export interface RouteSource {
  name: string;
  path: string;
  layout: string;
  /** The view module, relative to src/ (e.g. "views/auth/Login"). */
  view: string;
}

/** The files that map route names to views, relative to src/: the signed-out views, and the signed-in ones. */
export const VIEW_TABLES = ['app/routeViews.ts', 'app/appRouteViews.ts'];

/**
 * The routes with a view, in the route table's order: names and paths read from the text of src/routes.ts, views
 * from the view tables' text (VIEW_TABLES; one entry per line, as those files are written).
 */
export function parseRouteTable(routesSource: string, ...viewsSources: string[]): RouteSource[] {
  const views = new Map<string, string>();
  for (const m of viewsSources.join('\n').matchAll(/^\s*(?:'([^']+)'|([\w$]+)):\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\)/gm)) views.set(m[1] ?? m[2], m[3]);
  const out: RouteSource[] = [];
  for (const m of routesSource.matchAll(/\{\s*name:\s*'([^']+)',\s*path:\s*'([^']+)',\s*layout:\s*'([^']+)'/g)) {
    const view = views.get(m[1]);
    if (view !== undefined) out.push({ name: m[1], path: m[2], layout: m[3], view });
  }
  return out;
}

/**
 * A route path as the source of a regular expression over a pathname without its trailing slash (as matchRoute does);
 * each `:param` is a capturing group, in order.
 */
export function pathPattern(routePath: string): string {
  const clean = routePath === '/' ? '/' : routePath.replace(/\/+$/, '');
  return `^${clean.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '([^/]+)')}$`;
}

/** The names of a route path's params, in the order of pathPattern's groups. */
export function pathParams(routePath: string): string[] {
  return [...routePath.matchAll(/:(\w+)/g)].map((m) => m[1]);
}

/**
 * A route's API GETs with `{name}` params turned into `{n}` (the pattern's group n), for the inline script; a
 * template naming a param the path does not have is dropped.
 */
export function requestsByGroup(routePath: string, templates: string[]): string[] {
  const names = pathParams(routePath);
  const out: string[] = [];
  for (const template of templates) {
    let ok = true;
    const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const i = names.indexOf(name);
      if (i === -1) ok = false;
      return `{${i + 1}}`;
    });
    if (ok) out.push(filled);
  }
  return out;
}

/** parseRouteTable of the source files under `srcDir`. */
export function readRouteTable(srcDir = path.resolve('src')): RouteSource[] {
  const read = (file: string) => readFileSync(path.join(srcDir, file), 'utf8');
  return parseRouteTable(read('routes.ts'), ...VIEW_TABLES.map(read));
}

/** One route of the inline table: its pattern, its files (scripts and stylesheets) and its API GETs (empty: none). */
export type PreloadRoute = [pattern: string, files: string[], requests: string[]];

/**
 * The inline script. For the first route whose pattern matches the pathname: a modulepreload link per script and a
 * preload link per stylesheet; and when a signed-in person's token is stored (a user token, not expired), the
 * route's API GETs, started now with that token (params must be plain ids) for the app to adopt (src/api/client.ts),
 * and the session's files. The GETs go first: the browser queues requests beyond its few connections per host in
 * the order they are made, and the data is what the first rows wait for longest. The table stays on window for
 * in-app navigation (src/app/routeData.ts).
 */
export function preloadScript(table: PreloadRoute[], sessionFiles: string[] = []): string {
  return (
    '(function(){var t=' +
    JSON.stringify(table) +
    ',s=' +
    JSON.stringify(sessionFiles) +
    ";window.__kfRoutes=t;var d=document,p=location.pathname.replace(/\\/+$/,'')||'/',k=null,u=false;" +
    "function f(l){l.forEach(function(h){var e=d.createElement('link');if(/\\.css$/.test(h)){e.rel='preload';e.setAttribute('as','style')}else e.rel='modulepreload';e.crossOrigin='';e.href=h;d.head.appendChild(e)})}" +
    "try{k=localStorage.getItem('token');var c=JSON.parse(atob(k.split('.')[1].replace(/-/g,'+').replace(/_/g,'/')));u=c.type===1&&c.id>0&&c.exp*1000>Date.now()}catch(e){}" +
    earlyKeysScript() +
    copyReadScript() +
    'for(var i=0;i<t.length;i++){var m=new RegExp(t[i][0]).exec(p);if(!m)continue;' +
    'if(u&&t[i][2].length){var b=(localStorage.getItem(\'API_URL\')||window.API_URL||\'/api/v1\').replace(/\\/+$/,\'\'),w=window.__kfEarly={};' +
    "t[i][2].forEach(function(q){var ok=true,r=q.replace(/\\{(\\d+)\\}/g,function(_,n){var v=m[+n];if(!/^\\d+$/.test(v))ok=false;return v});" +
    "if(ok){var x=fetch(b+'/'+r,{headers:{Authorization:'Bearer '+k}});x.catch(function(){});w[r]={at:Date.now(),res:x}}});f(t[i][1]);f(s)}else f(t[i][1]);break}})()"
  );
}

/** The most keys typed ahead that are kept for the keymap (src/app/earlyKeys.ts holds as many). */
const EARLY_KEYS_MAX = 16;

/**
 * For a signed-in user: holds the keys pressed before the app's keymap is bound, from the navigation on, in
 * window.__kfKeys for src/app/earlyKeys.ts to take and replay. The same keys as it holds: printable, alone or with
 * Ctrl/Cmd, not typed into a field, not acted on by anything.
 */
function earlyKeysScript(): string {
  return (
    'if(u){var K=window.__kfKeys={held:[]};K.on=function(e){var t=e.target;' +
    'if(e.defaultPrevented||e.isComposing||e.repeat||e.altKey||e.key.length!==1||K.held.length>=' +
    EARLY_KEYS_MAX +
    ')return;' +
    "if(t&&(t.isContentEditable||/^(TEXTAREA|SELECT)$/.test(t.tagName)||(t.tagName==='INPUT'&&!/^(checkbox|radio|button|submit|reset|range|color|file)$/.test(t.type))))return;" +
    'K.held.push({init:{key:e.key,code:e.code,ctrlKey:e.ctrlKey,metaKey:e.metaKey,shiftKey:e.shiftKey,bubbles:true,cancelable:true},at:t})};' +
    "addEventListener('keydown',K.on)}"
  );
}

/** The most live events index.html's channel keeps for the app before it has loaded its live code. */
const LIVE_HEARD_MAX = 1_000;

/** The longest the last screen stays up when the app never replaces it (its scripts failed). */
const SCREEN_GIVE_UP_MS = 10_000;

/** src/local/showScreen.js as it goes into the inline script: its functions, without comments or indentation. */
export function showScreenScript(source = readFileSync(path.resolve('src/local/showScreen.js'), 'utf8')): string {
  return source
    .replace(/\/\*\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}

/**
 * The part of the inline script that starts a signed-in user's return from what this browser keeps of them (src/local):
 * - the last screen of this path, from local storage, shown at once (src/local/showScreen.js);
 * - the local copy, read with the navigation while the scripts load: every record of every store, into
 *   window.__kfCopy for the app to take (src/local/readCopy.ts). A database that is not there is not created (its
 *   creation is aborted): the app creates it with its stores.
 * Both are named as the app names them: the API address as apiBase() makes it, the user id from the token.
 */
function copyReadScript(): string {
  const stores = JSON.stringify(STORE_NAMES);
  return (
    showScreenScript() +
    "if(u)try{var a=(localStorage.getItem('API_URL')||window.API_URL||'/api/v1').replace(/\\/+$/,''),n=(a.charAt(0)==='/'?location.origin+a:a)+':'+c.id;" +
    'try{var v=JSON.parse(localStorage.getItem(' +
    JSON.stringify(SCREENS_PREFIX) +
    '+n)||"[]");for(var j=0;j<v.length;j++)if(v[j]&&v[j].path===p){kfShowScreen(v[j],' +
    SCREEN_GIVE_UP_MS +
    ');break}}catch(e){}' +
    // The tabs' live-updates channel (src/sync/live.ts), opened now: what another tab passes on while this one loads
    // its data and its code is kept for it (up to LIVE_HEARD_MAX events; beyond that it reloads what it shows).
    "try{var l={name:'keyflow-live:'+n,channel:new BroadcastChannel('keyflow-live:'+n),heard:[],overflow:false};l.channel.onmessage=function(e){if(l.heard.length<" +
    LIVE_HEARD_MAX +
    ')l.heard.push(e.data);else l.overflow=true};window.__kfLive=l}catch(e){}' +
    'if(window.indexedDB){n=' +
    JSON.stringify(COPY_PREFIX) +
    '+n;window.__kfCopy={name:n,read:new Promise(function(y){var q=indexedDB.open(n);' +
    'q.onupgradeneeded=function(){q.transaction.abort()};q.onerror=function(){y(null)};' +
    'q.onsuccess=function(){var b=q.result,o={};try{var x=b.transaction(' +
    stores +
    ",'readonly');" +
    stores +
    ".forEach(function(m){var g=x.objectStore(m).getAll();g.onsuccess=function(){o[m]=g.result}});var h=x.objectStore('meta').getAllKeys();h.onsuccess=function(){o.metaKeys=h.result};" +
    'x.oncomplete=function(){b.close();y(o)};x.onabort=function(){b.close();y(null)}}catch(e){b.close();y(null)}}})}}}catch(e){}'
  );
}

/**
 * Moves the stylesheet links from the head to the end of the body. The loading wordmark in #root is styled inline,
 * so the first paint no longer waits for the stylesheet (nor does the head's inline script, which a stylesheet
 * before it would hold up). The module scripts still wait for it, as scripts wait for every stylesheet the parser
 * has met, so the app itself never renders unstyled.
 */
export function stylesheetsAfterContent(html: string): string {
  const links: string[] = [];
  const head = html.replace(/<head>[\s\S]*<\/head>/, (part) => part.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (link) => {
    links.push(link.trim());
    return '';
  }));
  if (links.length === 0) return head;
  return head.replace('</body>', `${links.map((l) => `  ${l}\n`).join('')}</body>`);
}

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  isEntry?: boolean;
  moduleIds?: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

export function routePreload(srcDir = path.resolve('src')): Plugin {
  return {
    name: 'keyflow-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Record<string, ChunkLike> | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (file: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(file)) return seen;
          seen.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen);
          return seen;
        };
        // What the entry already loads is preloaded by Vite; only the rest is listed.
        const eager = new Set<string>();
        for (const c of chunks) if (c.isEntry) closure(c.fileName, eager);
        for (const f of [...eager]) for (const css of byFile.get(f)?.viteMetadata?.importedCss ?? []) eager.add(css);
        /** A chunk's files beyond the entry's: its scripts and the stylesheets they import. */
        const filesOf = (file: string): string[] => {
          const out: string[] = [];
          for (const f of closure(file)) {
            if (!eager.has(f)) out.push(`/${f}`);
            for (const css of byFile.get(f)?.viteMetadata?.importedCss ?? []) if (!eager.has(css)) out.push(`/${css}`);
          }
          return [...new Set(out)];
        };
        const bare = (id: string) => id.replace(/\.[jt]sx?$/, '');
        // A module shared by several chunks may live inside a group's chunk rather than in one of its own.
        const chunkOf = (moduleId: string) =>
          chunks.find((c) => c.facadeModuleId && bare(c.facadeModuleId) === moduleId) ?? chunks.find((c) => c.moduleIds?.some((id) => bare(id) === moduleId));
        const table: PreloadRoute[] = [];
        for (const route of readRouteTable(srcDir)) {
          if (route.path === '*') continue;
          const chunk = chunkOf(path.join(srcDir, route.view));
          const files = chunk ? filesOf(chunk.fileName) : [];
          const requests = route.layout === 'app' ? requestsByGroup(route.path, [...SESSION_REQUESTS, ...(ROUTE_REQUESTS[route.name] ?? [])]) : [];
          if (files.length || requests.length) table.push([pathPattern(route.path), files, requests]);
        }
        // What every signed-in screen loads after the scripts: the local copy (read before the first screen), the shell, the
        // route loads, the table of the signed-in views, the signed-in English messages and the HTTP client. Not the commands: they load once the shell has
        // painted the first rows (src/app/sessionKeys.ts), and preloading them (with the shared chunk they import) only
        // took connections and CPU from the first rows.
        const session = [
          chunkOf(path.join(srcDir, 'local/localCopy')),
          chunkOf(path.join(srcDir, 'app/SignedInLayout')),
          chunkOf(path.join(srcDir, 'app/routeLoads')),
          // The table of the signed-in views, which the router reads before it imports the route's view.
          chunkOf(path.join(srcDir, 'app/appRouteViews')),
        ]
          .concat(chunks.filter((c) => /^\0i18n:app:.*[\\/]en\.json/.test(c.facadeModuleId ?? '')))
          // The HTTP client's library, imported with the first request the app makes itself.
          .concat(chunks.filter((c) => c.moduleIds?.some((id) => /[\\/]node_modules[\\/]ofetch[\\/]/.test(id))))
          .flatMap((c) => (c ? filesOf(c.fileName) : []));
        return { html: stylesheetsAfterContent(html), tags: [{ tag: 'script', children: preloadScript(table, [...new Set(session)]), injectTo: 'head' }] };
      },
    },
  };
}

/**
 * For Vite's modulePreload.resolveDependencies: a route's view chunk keeps only its stylesheets in the dependency list
 * the entry carries for it. Its scripts are listed once, in index.html's table, which the router preloads from on
 * every navigation (src/app/routeData.ts); the entry carrying a second copy of every route's file names cost the
 * signed-out first page about 1.7 KB gzip.
 */
export function routeViewDependencies(srcDir = path.resolve('src')): (filename: string, deps: string[]) => string[] {
  const views = new Set(readRouteTable(srcDir).map((r) => path.basename(r.view)));
  return (filename, deps) => {
    const name = /(?:^|\/)(\w+)-[\w-]+\.js$/.exec(filename)?.[1];
    return name && views.has(name) ? deps.filter((d) => d.endsWith('.css')) : deps;
  };
}
