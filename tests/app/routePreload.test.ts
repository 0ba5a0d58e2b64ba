// The build's route preload table: read from routes.ts and routeViews.ts exactly as the route table is, and the inline script that uses it.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VIEW_TABLES, parseRouteTable, pathPattern, preloadScript, stylesheetsAfterContent } from '../../src/app/routePreload';
import { routeTable, matchRoute } from '../../src/routes';
import { routeViews } from '../../src/app/routeViews';
import { appRouteViews } from '../../src/app/appRouteViews';

const read = (file: string) => readFileSync(path.resolve(__dirname, '../../src', file), 'utf8');
const parse = () => parseRouteTable(read('routes.ts'), ...VIEW_TABLES.map(read));

describe('route preload', () => {
  it('reads every route that has a view, with its path, from routes.ts and both view tables', () => {
    const parsed = parse();
    expect(parsed.map((r) => [r.name, r.path])).toEqual(routeTable.filter((r) => r.name in routeViews || r.name in appRouteViews).map((r) => [r.name, r.path]));
    expect(parsed.find((r) => r.name === 'list.list')?.view).toBe('views/lists/ListView');
    expect(parsed.find((r) => r.name === 'user.login')?.view).toBe('views/auth/Login');
  });

  it('matches pathnames as matchRoute does', () => {
    const patterns = parse()
      .filter((r) => r.path !== '*')
      .map((r) => ({ name: r.name, re: new RegExp(pathPattern(r.path)) }));
    for (const pathname of ['/', '/login', '/lists/12/kanban', '/tasks/5', '/namespaces/3/settings/edit', '/share/abc/auth', '/nope/nothing']) {
      const clean = pathname.replace(/\/+$/, '') || '/';
      const first = patterns.find((p) => p.re.test(clean))?.name ?? 'not-found';
      expect(first).toBe(matchRoute(pathname).name);
    }
  });

  it('adds a modulepreload link per file of the first matching route', () => {
    window.history.replaceState(null, '', '/lists/4/gantt/');
    document.head.querySelectorAll('link[rel=modulepreload]').forEach((l) => l.remove());
    new Function(preloadScript([[pathPattern('/login'), ['/assets/Login.js'], []], [pathPattern('/lists/:listId/gantt'), ['/assets/Gantt.js', '/assets/dnd.js'], []]]))();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')];
    expect(links.map((l) => new URL(l.href).pathname)).toEqual(['/assets/Gantt.js', '/assets/dnd.js']);
    expect(links[0].crossOrigin).toBe('');
  });

  it('moves the stylesheets to the end of the body, so the first paint does not wait for them', () => {
    const html = [
      '<html><head>',
      '    <title>Keyflow</title>',
      '    <script type="module" crossorigin src="/assets/core.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/core.css">',
      '    <link rel="stylesheet" crossorigin href="/assets/more.css">',
      '</head><body><div id="root"><svg></svg></div>',
      '</body></html>',
    ].join('\n');
    const out = stylesheetsAfterContent(html);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('stylesheet');
    expect(head).toContain('/assets/core.js');
    // After the content, in their original order, and only once.
    expect(out.indexOf('core.css')).toBeGreaterThan(out.indexOf('id="root"'));
    expect(out.indexOf('core.css')).toBeLessThan(out.indexOf('more.css'));
    expect(out.indexOf('more.css')).toBeLessThan(out.indexOf('</body>'));
    expect(out.match(/stylesheet/g)).toHaveLength(2);
  });

  it('leaves a page without stylesheets as it is', () => {
    const html = '<html><head><title>x</title></head><body></body></html>';
    expect(stylesheetsAfterContent(html)).toBe(html);
  });
});
