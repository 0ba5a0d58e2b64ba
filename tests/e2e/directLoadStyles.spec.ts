// Every route opened directly (a fresh tab, a reload, a link) has the styles of everything it shows, as when it is
// reached by navigating from other screens: no element wears a class the app styles while that style is not loaded.
// (A component's CSS imported only by a lazily loaded sibling showed up only after that sibling had been visited.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { readRouteTable } from '../../src/app/routePreload';
import { createList, createTask, signUp, type Account } from './helpers';

const classesIn = (css: string) => new Set([...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)(?=[^{}]*\{)/g)].map((m) => m[1]));

/** Every class some stylesheet of the built client styles (`npm start` builds into dist/). */
function builtClasses(): string[] {
  const dir = path.resolve('dist/client/assets');
  const all = new Set<string>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.css'))) for (const c of classesIn(readFileSync(path.join(dir, f), 'utf8'))) all.add(c);
  return [...all];
}

/** Classes on the page's elements that the app styles somewhere but no loaded stylesheet styles. */
async function unstyledClasses(page: Page, styled: string[]): Promise<string[]> {
  return page.evaluate((styledList) => {
    const loaded = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) for (const m of rule.selectorText.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) loaded.add(m[1]);
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const styledSet = new Set(styledList);
    const missing = new Set<string>();
    for (const el of Array.from(document.querySelectorAll('[class]'))) for (const c of Array.from(el.classList)) if (styledSet.has(c) && !loaded.has(c)) missing.add(c);
    return [...missing].sort();
  }, styled);
}

async function seed(request: Parameters<typeof signUp>[0], page: Page): Promise<{ account: Account; params: Record<string, string> }> {
  const account = await signUp(request, page, 'css');
  const auth = { authorization: `Bearer ${account.token}` };
  const listId = await createList(request, account, 'Groceries');
  const task = await createTask(request, account, listId, { title: 'Buy milk', due_date: new Date(Date.now() + 86_400_000).toISOString(), priority: 3, description: '**soon**' });
  const label = (await (await request.put('/api/v1/labels', { headers: auth, data: { title: 'errand', hex_color: 'e8e8e8' } })).json()) as { id: number };
  await request.put(`/api/v1/tasks/${task.id}/labels`, { headers: auth, data: { label_id: label.id } });
  await request.put(`/api/v1/tasks/${task.id}/comments`, { headers: auth, data: { comment: 'Whole milk, *please*' } });
  const team = (await (await request.put('/api/v1/teams', { headers: auth, data: { name: 'Household' } })).json()) as { id: number };
  const share = (await (await request.put(`/api/v1/lists/${listId}/shares`, { headers: auth, data: { right: 0 } })).json()) as { hash: string };
  return {
    account,
    params: { listId: String(listId), namespaceId: String(account.namespaceId), taskId: String(task.id), teamId: String(team.id), share: share.hash, service: 'vikunja-file', provider: 'local' },
  };
}

/** A concrete URL for a route path: its parameters from the seeded data (`:id` by the route's area). */
function urlFor(name: string, routePath: string, params: Record<string, string>): string | null {
  if (routePath === '*') return '/no/such/page';
  if (name === 'openid.auth') return null; // leaves for the provider at once
  return routePath.replace(/:(\w+)/g, (_, p: string) => {
    if (p === 'id') return name.startsWith('task.') ? params.taskId : name.startsWith('teams.') ? params.teamId : params.namespaceId;
    return params[p] ?? '';
  });
}

test('every route opened directly loads the styles of what it shows', async ({ page, request, browser }) => {
  test.setTimeout(600_000);
  const { params } = await seed(request, page);
  const styled = builtClasses();
  const routes = readRouteTable();
  expect(routes.length).toBeGreaterThan(40);
  const signedOut = await browser.newPage();
  const problems: Record<string, string[]> = {};
  let checked = 0;
  for (const route of routes) {
    const url = urlFor(route.name, route.path, params);
    if (url === null) continue;
    // Public pages as a visitor would open them; the rest signed in.
    const p = /^(user\.(login|register|password-reset)|link-share\.auth)/.test(route.name) ? signedOut : page;
    const started = Date.now();
    await p.goto(url);
    // The screen has replaced the loading wordmark and its lazily loaded parts have arrived (no network idle:
    // signed-in pages poll notifications).
    await expect(p.locator('#root > main[aria-busy="true"]')).toHaveCount(0);
    await p.waitForTimeout(800);
    const missing = await unstyledClasses(p, styled);
    if (missing.length) problems[`${route.name} ${url}`] = missing;
    checked += 1;
    console.log(`${route.name}: ${Date.now() - started} ms${missing.length ? `, unstyled: ${missing.join(' ')}` : ''}`);
  }
  expect(checked).toBeGreaterThan(40);
  expect(problems).toEqual({});
});
