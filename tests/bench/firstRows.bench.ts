// Signed-in first data: navigation to the first task rows (list of 300, kanban, task detail, home) in Chromium, cold
// cache, real server, next to a bare page; prints each route's request timeline.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { BenchResult } from './run.js';
import { ROOT, startBrowserBench } from './browserBench.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TASKS = 300;
/** BENCH_PROFILE=1: one more run per route under the CDP profiler; its CPU profile goes to .tmp/profiles/. */
const PROFILE = process.env.BENCH_PROFILE === '1';

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function json(base: string, method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/api/v1${p}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status}`);
  return res.json() as Promise<Record<string, unknown>>;
}

interface Entry {
  name: string;
  start: number;
  end: number;
}

interface Run {
  firstRows: number;
  scriptsArrived: number;
  entries: Entry[];
}

interface Scenario {
  name: string;
  url: string;
  /** What counts as the first rows of the route. */
  selector: string;
  /** The API requests the route needs (matched against the path after /api/v1/). */
  routeRequests: RegExp[];
}

/** One navigation in a fresh context (no HTTP cache), signed in through local storage as a returning person is. */
async function measure(browser: Browser, base: string, token: string, scenario: Scenario, profile = false): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'token', value: token }, { name: 'API_URL', value: `${base}/api/v1` }] }] },
  });
  const page = await context.newPage();
  const cdp = profile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  // A string, so the bundler's helpers do not leak into the page.
  await page.addInitScript(`(() => {
    const selector = ${JSON.stringify(scenario.selector)};
    const mo = new MutationObserver(() => {
      if (!window.__firstRows && document.querySelector(selector)) { window.__firstRows = performance.now(); mo.disconnect(); }
    });
    mo.observe(document, { childList: true, subtree: true });
  })()`);
  await page.goto(`${base}${scenario.url}`);
  await page.waitForSelector(scenario.selector, { timeout: 20_000 });
  if (cdp) {
    const { profile: cpu } = await cdp.send('Profiler.stop');
    const dir = path.join(ROOT, '.tmp/profiles');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `firstRows-${scenario.name.replace(/\W+/g, '-')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(cpu));
    printProfile(scenario.name, file, cpu);
  }
  // Let what the route loads after its first rows (notifications, avatar, later pages) show in the timeline.
  await page.waitForTimeout(400);
  const run = await page.evaluate(() => {
    const w = window as unknown as { __firstRows: number };
    const entry = new Set([...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((s) => s.src));
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => entry.has(r.name));
    return {
      firstRows: w.__firstRows,
      // The last of the page's own module scripts (runtime, vendor, core): the app can run from then on.
      scriptsArrived: scripts.length === entry.size ? Math.max(...scripts.map((r) => r.responseEnd)) : NaN,
      entries: resources.map((r) => ({ name: r.name.replace(location.origin, ''), start: r.startTime, end: r.responseEnd })),
    };
  });
  await context.close();
  return run;
}

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Self time of a CPU profile (navigation to first rows) by script and by function, the largest first. */
function printProfile(name: string, file: string, cpu: { nodes: CpuNode[]; samples?: number[]; timeDeltas?: number[] }): void {
  const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  (cpu.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (cpu.timeDeltas?.[i] ?? 0) / 1000));
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const script = url ? url.replace(/^.*\/assets\/([^-]+)-[\w-]+\.js$/, '$1').replace(/^https?:\/\/[^/]+/, '') : `(${functionName || 'program'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `      ${v.toFixed(1).padStart(7)} ms  ${k}`);
  console.log(`  ${name}: CPU profile to the first rows (${path.relative(ROOT, file)}), self time by script:`);
  console.log(top(byScript, 12).join('\n'));
  console.log('    by function:');
  console.log(top(byFunction, 25).join('\n'));
}

function apiPath(name: string): string | null {
  const m = /\/api\/v1\/([^?]*)/.exec(name);
  return m ? m[1] : null;
}

/** The latest start of a route request, in ms after the scripts arrived (negative: it started before they did). */
function lateness(run: Run, scenario: Scenario): number {
  const starts = scenario.routeRequests.map((re) => {
    const e = run.entries.find((x) => {
      const p = apiPath(x.name);
      return p !== null && re.test(p);
    });
    return e ? e.start : Infinity;
  });
  return Math.max(...starts) - run.scriptsArrived;
}

function printTimeline(scenario: Scenario, run: Run): void {
  console.log(`  ${scenario.name}: request timeline of the median run (ms after navigation; start → end)`);
  const rows = [...run.entries].sort((a, b) => a.start - b.start);
  const marks = [
    { at: run.scriptsArrived, text: '-- the page\'s scripts arrived' },
    { at: run.firstRows, text: '== first task rows' },
  ];
  for (const r of rows) {
    while (marks.length && marks[0].at <= r.start) {
      const m = marks.shift()!;
      console.log(`    ${m.at.toFixed(0).padStart(5)}          ${m.text}`);
    }
    const short = r.name.replace(/\/assets\/([^-]+)-[\w-]+\.(js|css)$/, '/assets/$1.$2').replace(/\?.*$/, (q) => (q.length > 40 ? `${q.slice(0, 40)}…` : q));
    console.log(`    ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)}  ${short}`);
  }
  for (const m of marks) console.log(`    ${m.at.toFixed(0).padStart(5)}          ${m.text}`);
}

export default async function firstRowsBench(): Promise<BenchResult[]> {
  const { base, bareUrl, browser, close } = await startBrowserBench('firstrows');

  const results: BenchResult[] = [];
  try {
    await json(base, 'POST', '/register', { username: 'bench', email: 'bench@example.com', password: 'bench password 1' });
    const { token } = (await json(base, 'POST', '/login', { username: 'bench', password: 'bench password 1' })) as { token: string };
    const namespaces = (await json(base, 'GET', '/namespaces', undefined, token)) as unknown as { id: number }[];
    const list = await json(base, 'PUT', `/namespaces/${namespaces.find((n) => n.id > 0)!.id}/lists`, { title: 'Bench' }, token);
    const listId = list.id as number;
    let taskId = 0;
    for (let i = 1; i <= TASKS; i += 1) {
      // Every tenth task is due within the week, so the home page has its upcoming rows.
      const due = i % 10 === 0 ? new Date(Date.now() + ((i / 10) % 6 + 1) * 86_400_000).toISOString() : undefined;
      const task = await json(base, 'PUT', `/lists/${listId}`, { title: `Task number ${i} with a reasonably long title`, ...(due ? { due_date: due } : {}) }, token);
      if (i === 1) taskId = task.id as number;
    }

    const scenarios: Scenario[] = [
      { name: 'list view (300 tasks)', url: `/lists/${listId}/list`, selector: '.task-row', routeRequests: [/^user$/, /^namespaces$/, new RegExp(`^lists/${listId}$`), new RegExp(`^lists/${listId}/tasks$`)] },
      { name: 'kanban', url: `/lists/${listId}/kanban`, selector: '.kanban-card', routeRequests: [/^user$/, /^namespaces$/, new RegExp(`^lists/${listId}$`), new RegExp(`^lists/${listId}/buckets$`)] },
      { name: 'task detail', url: `/tasks/${taskId}`, selector: '.detail-title', routeRequests: [/^user$/, /^namespaces$/, new RegExp(`^tasks/${taskId}$`)] },
      { name: 'home', url: '/', selector: '.task-row', routeRequests: [/^user$/, /^namespaces$/, /^tasks\/all$/] },
    ];
    const runs = new Map<string, Run[]>(scenarios.map((s) => [s.name, []]));
    const floor: number[] = [];
    // Alternating, so a busy moment of the shared machine falls on every route alike.
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext();
      const barePage = await context.newPage();
      await barePage.goto(bareUrl, { waitUntil: 'load' });
      await barePage.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
      floor.push(await barePage.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime));
      await context.close();
      for (const s of scenarios) runs.get(s.name)!.push(await measure(browser, base, token, s));
    }

    if (PROFILE) for (const s of scenarios) await measure(browser, base, token, s, true);
    console.log('');
    for (const s of scenarios) {
      const all = runs.get(s.name)!;
      const byRows = [...all].sort((a, b) => a.firstRows - b.firstRows);
      printTimeline(s, byRows[Math.floor(byRows.length / 2)]);
      results.push({
        name: `${s.name}: first task rows (median of ${RUNS})`,
        value: median(all.map((r) => r.firstRows)),
        unit: 'ms',
        ...(s.name.startsWith('list view') ? { budget: 450, kind: 'max' as const } : {}),
      });
      results.push({
        name: `${s.name}: latest route request after scripts (worst run)`,
        value: Math.max(...all.map((r) => lateness(r, s))),
        unit: 'ms',
        budget: 100,
        kind: 'max',
      });
    }
    results.push({ name: 'bare one-heading page: first-contentful-paint (floor)', value: median(floor), unit: 'ms' });
  } finally {
    await close();
  }
  return results;
}
