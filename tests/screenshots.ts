// `npm run screenshots`: the app with seeded data, every screen photographed light, dark, 390 px wide, in German and
// in Chinese into .tmp/screenshots/<variant>/<screen>.png, plus report.txt listing console errors and failed requests
// per screen.
// Options: --build (always rebuild the client), --only <text> (screens whose name contains it), PORT=<port>.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer } from '../server/server.js';
import { loadConfig } from '../server/config.js';
// @ts-expect-error: a plain ES module shared with the end-to-end runner, without type declarations.
import { findChromium } from './e2e/browser.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const OUT = path.join(ROOT, '.tmp/screenshots');
const DATA = path.join(ROOT, '.tmp/screenshots-data');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;

/** The newest modification time under a directory. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}

/** Builds the client when asked, when there is no build, or when src/ changed after it. */
function ensureBuild(): void {
  const index = path.join(ROOT, 'dist/client/index.html');
  if (!args.includes('--build') && existsSync(index) && statSync(index).mtimeMs > Math.max(newest(path.join(ROOT, 'src')), statSync(path.join(ROOT, 'index.html')).mtimeMs)) return;
  console.log('[screenshots] building the client');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

interface Seeded {
  token: string;
  namespaceId: number;
  listId: number;
  emptyListId: number;
  taskId: number;
  teamId: number;
  shareHash: string;
}

/** A user with two lists, tasks with labels, dates, priorities, progress, a description, comments and attachments. */
async function seed(base: string): Promise<Seeded> {
  const call = async <T>(method: string, url: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const user = { username: 'ada', email: 'ada@example.com', password: 'correct horse battery' };
  await call('POST', '/register', user);
  const { token } = await call<{ token: string }>('POST', '/login', { username: user.username, password: user.password });
  const as = <T>(method: string, url: string, body?: unknown) => call<T>(method, url, body, token);
  const namespace = await as<{ id: number }>('PUT', '/namespaces', { title: 'Home' });
  const list = await as<{ id: number }>('PUT', `/namespaces/${namespace.id}/lists`, { title: 'Groceries and errands' });
  const emptyList = await as<{ id: number }>('PUT', `/namespaces/${namespace.id}/lists`, { title: 'Someday' });
  await as('PUT', `/namespaces/${namespace.id}/lists`, { title: 'Work' });
  const labels = await Promise.all(
    [
      ['errand', 'e8e8e8'],
      ['urgent', 'e53935'],
      ['waiting on someone else', '1973ff'],
    ].map(([title, hex_color]) => as<{ id: number }>('PUT', '/labels', { title, hex_color })),
  );
  const day = 86_400_000;
  const now = Date.now();
  const tasks = [
    { title: 'Buy milk', due_date: new Date(now + day).toISOString(), priority: 3, description: 'Whole milk, **two** bottles.\n\n- [ ] ask for oat milk\n- [x] bring bags', percent_done: 0.5 },
    { title: 'Pick up the parcel at the post office before it goes back', due_date: new Date(now - day).toISOString(), priority: 5 },
    { title: 'Renew the passport', start_date: new Date(now).toISOString(), end_date: new Date(now + 5 * day).toISOString(), priority: 2, repeat_after: 7 * 86400 },
    { title: 'Call the plumber', done: true },
    { title: 'Return the library books', due_date: new Date(now + 3 * day).toISOString(), hex_color: '4caf50' },
  ];
  const created: { id: number }[] = [];
  for (const task of tasks) created.push(await as<{ id: number }>('PUT', `/lists/${list.id}`, task));
  const [milk, parcel, passport] = created;
  await as('PUT', `/tasks/${milk.id}/labels`, { label_id: labels[0].id });
  await as('PUT', `/tasks/${milk.id}/labels`, { label_id: labels[2].id });
  await as('PUT', `/tasks/${parcel.id}/labels`, { label_id: labels[1].id });
  await as('PUT', `/tasks/${passport.id}/labels`, { label_id: labels[2].id });
  await as('PUT', `/tasks/${milk.id}/comments`, { comment: 'The shop on the corner has it **cheaper**.\n\n- bring the card\n- ask about [deliveries](https://example.com)' });
  await as('PUT', `/tasks/${milk.id}/comments`, { comment: 'Done with the bags, see `list.txt`.' });
  await as('PUT', `/tasks/${milk.id}/relations`, { other_task_id: parcel.id, relation_kind: 'related' });
  for (const name of ['shopping-list-for-the-whole-week-including-the-weekend.txt', 'receipt.txt']) {
    const form = new FormData();
    form.append('files', new Blob(['1 l milk\n2 bags\n'], { type: 'text/plain' }), name);
    await as('PUT', `/tasks/${milk.id}/attachments`, form);
  }
  const team = await as<{ id: number }>('PUT', '/teams', { name: 'Household', description: 'Everyone at home' });
  const share = await as<{ hash: string }>('PUT', `/lists/${list.id}/shares`, { right: 0, name: 'Neighbours' });
  await as('PUT', `/lists/${list.id}/shares`, { right: 1 });
  await as('PUT', '/filters', { title: 'Important open', filters: { filter_by: ['done', 'priority'], filter_value: ['false', '3'], filter_comparator: ['equals', 'greater_equals'], filter_concat: 'and' } });
  return { token, namespaceId: namespace.id, listId: list.id, emptyListId: emptyList.id, taskId: milk.id, teamId: team.id, shareHash: share.hash };
}

interface Screen {
  name: string;
  url: string;
  as: 'user' | 'visitor' | 'linkShare';
  /** Something to do before the picture (open a menu, a dialog). */
  act?: (page: Page) => Promise<void>;
  /** Something to undo after the picture (back online). */
  after?: (page: Page) => Promise<void>;
}

function screens(s: Seeded): Screen[] {
  const user = (name: string, url: string, act?: Screen['act']): Screen => ({ name, url, as: 'user', act });
  const list: Screen[] = [
    { name: 'login', url: '/login', as: 'visitor' },
    { name: 'register', url: '/register', as: 'visitor' },
    { name: 'password-reset', url: '/get-password-reset', as: 'visitor' },
    { name: 'link-share', url: `/share/${s.shareHash}/auth`, as: 'linkShare' },
    user('home', '/'),
    user('upcoming', '/tasks/by/upcoming'),
    user('list', `/lists/${s.listId}/list`),
    user('list-add-help', `/lists/${s.listId}/list`, async (p) => p.getByRole('button', { name: /quick-add|help/i }).first().click().catch(() => undefined)),
    user('list-empty', `/lists/${s.emptyListId}/list`),
    user('table', `/lists/${s.listId}/table`),
    user('kanban', `/lists/${s.listId}/kanban`),
    user('gantt', `/lists/${s.listId}/gantt`),
    user('task-detail', `/tasks/${s.taskId}`),
    user('list-info', `/lists/${s.listId}/info`),
    user('list-edit', `/lists/${s.listId}/settings/edit`),
    user('list-background', `/lists/${s.listId}/settings/background`),
    user('list-duplicate', `/lists/${s.listId}/settings/duplicate`),
    user('list-share', `/lists/${s.listId}/settings/share`),
    user('list-archive', `/lists/${s.listId}/settings/archive`),
    user('list-delete', `/lists/${s.listId}/settings/delete`),
    user('list-create', `/lists/new/${s.namespaceId}`),
    user('namespaces', '/namespaces'),
    user('namespace-create', '/namespaces/new'),
    user('namespace-edit', `/namespaces/${s.namespaceId}/settings/edit`),
    user('namespace-share', `/namespaces/${s.namespaceId}/settings/share`),
    user('namespace-archive', `/namespaces/${s.namespaceId}/settings/archive`),
    user('namespace-delete', `/namespaces/${s.namespaceId}/settings/delete`),
    user('labels', '/labels'),
    user('label-create', '/labels/new'),
    user('teams', '/teams'),
    user('team-create', '/teams/new'),
    user('team-edit', `/teams/${s.teamId}/edit`),
    user('filter-create', '/filters/new'),
    user('migrate', '/migrate'),
    user('migrate-service', '/migrate/vikunja-file'),
    user('settings-general', '/user/settings/general'),
    user('settings-password', '/user/settings/password-update'),
    user('settings-email', '/user/settings/email-update'),
    user('settings-avatar', '/user/settings/avatar'),
    user('settings-totp', '/user/settings/totp'),
    user('settings-caldav', '/user/settings/caldav'),
    user('settings-export', '/user/settings/data-export'),
    user('settings-deletion', '/user/settings/deletion'),
    user('about', '/about'),
    user('not-found', '/no/such/page'),
    user('palette', '/', async (p) => p.keyboard.press('Control+k')),
    user('shortcuts', '/', async (p) => p.keyboard.press('?')),
    // Offline with a change waiting (the top bar's indicator, then the waiting-changes dialog); back online after each.
    ...(['offline-list', 'offline-waiting-changes'] as const).map(
      (name): Screen => ({
        name,
        url: `/lists/${s.listId}/list`,
        as: 'user',
        act: async (p) => {
          await p.locator('.task-row').first().waitFor();
          await p.context().setOffline(true);
          await p.locator('.task-row input[type="checkbox"]').first().click();
          await p.getByTestId('outbox-indicator').waitFor();
          if (name === 'offline-waiting-changes') {
            await p.getByTestId('outbox-indicator').click();
            await p.getByRole('dialog').waitFor();
          }
        },
        after: async (p) => {
          await p.context().setOffline(false);
          await p.getByTestId('outbox-indicator').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
        },
      }),
    ),
  ];
  return list.filter((screen) => !only || screen.name.includes(only));
}

const VARIANTS: readonly { name: string; viewport: { width: number; height: number }; scheme: 'light' | 'dark'; language?: string }[] = [
  { name: 'light', viewport: { width: 1280, height: 860 }, scheme: 'light' },
  { name: 'dark', viewport: { width: 1280, height: 860 }, scheme: 'dark' },
  { name: 'mobile', viewport: { width: 390, height: 844 }, scheme: 'light' },
  // The account's language wins after sign-in, so these set it before their screens (and put English back after).
  { name: 'german', viewport: { width: 1280, height: 860 }, scheme: 'light', language: 'de-DE' },
  { name: 'chinese', viewport: { width: 1280, height: 860 }, scheme: 'dark', language: 'zh-CN' },
];

/** Sets the seeded account's language (the settings route takes the whole settings object). */
async function setLanguage(base: string, token: string, language: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const user = (await (await fetch(`${base}/api/v1/user`, { headers })).json()) as { settings: Record<string, unknown> };
  const res = await fetch(`${base}/api/v1/user/settings/general`, { method: 'POST', headers, body: JSON.stringify({ ...user.settings, language }) });
  if (!res.ok) throw new Error(`setting the language to ${language} answered ${res.status}`);
}

async function shoot(browser: Browser, base: string, seeded: Seeded, report: string[]): Promise<number> {
  let count = 0;
  for (const variant of VARIANTS) {
    mkdirSync(path.join(OUT, variant.name), { recursive: true });
    await setLanguage(base, seeded.token, variant.language ?? 'en');
    const contexts = new Map<Screen['as'], BrowserContext>();
    const contextFor = async (as: Screen['as']) => {
      let ctx = contexts.get(as);
      if (!ctx) {
        ctx = await browser.newContext({ baseURL: base, viewport: variant.viewport, deviceScaleFactor: 1, colorScheme: variant.scheme, locale: 'en-GB', timezoneId: 'Europe/Berlin' });
        await ctx.addInitScript(
          ([token, scheme]) => {
            window.localStorage.setItem('color-scheme', scheme);
            if (token) window.localStorage.setItem('token', token);
          },
          [as === 'user' ? seeded.token : '', variant.scheme] as const,
        );
        contexts.set(as, ctx);
      }
      return ctx;
    };
    for (const screen of screens(seeded)) {
      const page = await (await contextFor(screen.as)).newPage();
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`));
      await page.goto(screen.url);
      await page.locator('#root > main[aria-busy="true"]').waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
      await page.waitForTimeout(700);
      if (screen.act) {
        await screen.act(page);
        await page.waitForTimeout(400);
      }
      await page.screenshot({ path: path.join(OUT, variant.name, `${screen.name}.png`), fullPage: variant.name === 'mobile' });
      if (problems.length) report.push(`${variant.name}/${screen.name} (${screen.url}):\n  ${[...new Set(problems)].join('\n  ')}`);
      await screen.after?.(page);
      await page.close();
      count += 1;
    }
    for (const ctx of contexts.values()) await ctx.close();
  }
  return count;
}

async function main(): Promise<void> {
  ensureBuild();
  rmSync(DATA, { recursive: true, force: true });
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: 'screenshots-only' }, { dataDir: DATA, clientDir: path.join(ROOT, 'dist/client'), serveClient: true, port: 0, host: '127.0.0.1' });
  const app = await createServer(config, { jobs: false });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || (findChromium() as string), args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const seeded = await seed(base);
    const report: string[] = [];
    const count = await shoot(browser, base, seeded, report);
    writeFileSync(path.join(OUT, 'report.txt'), report.length ? `${report.join('\n')}\n` : 'No console errors and no failed requests.\n');
    console.log(`[screenshots] ${count} pictures in ${path.relative(ROOT, OUT)}/ (${VARIANTS.map((v) => v.name).join(', ')}); ${report.length} screen(s) with problems, see report.txt`);
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
