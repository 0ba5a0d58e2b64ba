// Build step (Vite plugin, runs in Node): index.html learns which chunks each route needs and preloads the current
// route's chunks while the main script downloads, instead of after it has run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface RouteSource {
  name: string;
  path: string;
  /** The view module, relative to src/ (e.g. "views/auth/Login"). */
  view: string;
}

/**
 * The routes with a view, in the route table's order: names and paths read from the text of src/routes.ts, views
 * from src/app/routeViews.ts (one entry per line, as those files are written).
 */
export function parseRouteTable(routesSource: string, viewsSource: string): RouteSource[] {
  const views = new Map<string, string>();
  for (const m of viewsSource.matchAll(/^\s*(?:'([^']+)'|([\w$]+)):\s*\(\)\s*=>\s*import\('\.\.\/([^']+)'\)/gm)) views.set(m[1] ?? m[2], m[3]);
  const out: RouteSource[] = [];
  for (const m of routesSource.matchAll(/\{\s*name:\s*'([^']+)',\s*path:\s*'([^']+)'/g)) {
    const view = views.get(m[1]);
    if (view !== undefined) out.push({ name: m[1], path: m[2], view });
  }
  return out;
}

/** A route path as the source of a regular expression over a pathname without its trailing slash (as matchRoute does). */
export function pathPattern(routePath: string): string {
  const clean = routePath === '/' ? '/' : routePath.replace(/\/+$/, '');
  return `^${clean.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+')}$`;
}

/** The inline script: the first route whose pattern matches the pathname gets a modulepreload link per file. */
export function preloadScript(table: [string, string[]][]): string {
  return (
    '(function(){var t=' +
    JSON.stringify(table) +
    ";var p=location.pathname.replace(/\\/+$/,'')||'/';for(var i=0;i<t.length;i++){if(new RegExp(t[i][0]).test(p)){t[i][1].forEach(function(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)});break}}})()"
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
        const table: [string, string[]][] = [];
        const read = (file: string) => readFileSync(path.join(srcDir, file), 'utf8');
        for (const route of parseRouteTable(read('routes.ts'), read('app/routeViews.ts'))) {
          if (route.path === '*') continue;
          const viewId = path.join(srcDir, route.view);
          const chunk = chunks.find((c) => c.facadeModuleId && c.facadeModuleId.replace(/\.[jt]sx?$/, '') === viewId);
          if (!chunk) continue;
          const files = [...closure(chunk.fileName)].filter((f) => !eager.has(f)).map((f) => `/${f}`);
          if (files.length) table.push([pathPattern(route.path), files]);
        }
        return { html: stylesheetsAfterContent(html), tags: [{ tag: 'script', children: preloadScript(table), injectTo: 'head' }] };
      },
    },
  };
}
