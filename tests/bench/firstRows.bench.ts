// Signed-in first data: navigation to the first task rows (list of 300, kanban, task detail, home) in Chromium, cold
// cache, real server, next to a bare page; prints each route's request timeline.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { BenchResult } from './run.js';
import { benchAccount, benchApi, observeRows, ROOT, startBrowserBench } from './browserBench.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TASKS = 300;
/** BENCH_PROFILE=1: one more run per route under the CDP profiler; its CPU profile goes to .tmp/profiles/. */
const PROFILE = process.env.BENCH_PROFILE === '1';
/**
 * BENCH_TRACE=n: n more runs per route under Chromium's tracing; prints the first one's main-thread tasks up to the
 * first rows, and reports the main thread's CPU time to the first rows (thread time: on a busy machine it varies far
 * less than the wall clock, since time the thread waits for a core is not in it).
 */
const TRACE = Number(process.env.BENCH_TRACE ?? 0);
/** BENCH_ROUTES=list,kanban: only the routes whose name contains one of these words. */
const ROUTES = (process.env.BENCH_ROUTES ?? '').split(',').map((w) => w.trim()).filter(Boolean);

function median(values: number[]): number {
  // A traced run whose trace lacked the navigation gives NaN: left out.
  const s = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}


interface Entry {
  name: string;
  start: number;
  end: number;
}

interface Run {
  firstRows: number;
  /** When the app's own rows (in #root) were in the page: later than firstRows when the last screen was shown first. */
  appRows: number;
  /** Traced runs: the main thread's CPU time from navigation to the first rows. */
  cpu?: number;
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

type StoredItem = { name: string; value: string };

/**
 * The local storage a person has after a visit to `url` (the token, the API address, the last screens the app keeps):
 * what a returning person brings to a start with a cold HTTP cache (evicted, or another browser profile's cache).
 */
async function afterVisit(browser: Browser, base: string, token: string, url: string): Promise<StoredItem[]> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: { cookies: [], origins: [{ origin: base, localStorage: [{ name: 'token', value: token }, { name: 'API_URL', value: `${base}/api/v1` }] }] },
  });
  const page = await context.newPage();
  await page.goto(`${base}${url}`);
  await page.waitForSelector('#root .task-row');
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith('keyflow-screens:')), undefined, { timeout: 10_000 });
  const state = await context.storageState();
  await context.close();
  return state.origins.find((o) => o.origin === base)?.localStorage ?? [];
}

/** One navigation in a fresh context (no HTTP cache), signed in through local storage as a returning person is. */
async function measure(browser: Browser, base: string, token: string, scenario: Scenario, profile = false, trace: 'off' | 'quiet' | 'print' = 'off', stored?: StoredItem[]): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: { cookies: [], origins: [{ origin: base, localStorage: stored ?? [{ name: 'token', value: token }, { name: 'API_URL', value: `${base}/api/v1` }] }] },
  });
  const page = await context.newPage();
  const cdp = profile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await page.addInitScript(observeRows(scenario.selector));
  if (trace !== 'off') await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(`${base}${scenario.url}`);
  await page.waitForSelector(`#root ${scenario.selector}`, { timeout: 20_000 });
  let cpu: number | undefined;
  if (trace !== 'off') {
    const buffer = await browser.stopTracing();
    const dir = path.join(ROOT, '.tmp/profiles');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `firstRows-${scenario.name.replace(/\W+/g, '-')}.trace.json`);
    if (trace === 'print') writeFileSync(file, buffer);
    cpu = readTrace(scenario.name, file, JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }, trace === 'print');
  }
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
    const w = window as unknown as { __firstRows: number; __appRows: number };
    const entry = new Set([...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((s) => s.src));
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((r) => entry.has(r.name));
    return {
      firstRows: w.__firstRows,
      appRows: w.__appRows,
      // The last of the page's own module scripts (runtime, vendor, core): the app can run from then on.
      scriptsArrived: scripts.length === entry.size ? Math.max(...scripts.map((r) => r.responseEnd)) : NaN,
      entries: resources.map((r) => ({ name: r.name.replace(location.origin, ''), start: r.startTime, end: r.responseEnd })),
    };
  });
  await context.close();
  return { ...run, cpu };
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

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'v8.execute', 'toplevel'];

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; documentLoaderURL?: string; stackTrace?: { url: string }[] } };
}

/** What a main-thread event ran: the script for evaluations and calls, else nothing. */
function traceDetail(e: TraceEvent): string {
  const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? '';
  const short = url.replace(/^https?:\/\/[^/]+/, '').replace(/\/assets\/([^-]+)-[\w-]+\.(js|css)$/, '$1');
  return [short, e.args?.data?.functionName].filter(Boolean).join(' ');
}

/**
 * The renderer's main thread from navigation to the first rows: its CPU time (returned), and when `print`, every task
 * of 4 ms or more with the script work, style, layout and paint inside it, in ms after navigation (the trace, for
 * DevTools, goes to .tmp/profiles/).
 */
export function readTrace(name: string, file: string, trace: { traceEvents: TraceEvent[] }, print: boolean): number {
  const events = trace.traceEvents;
  // The page's own navigation (not about:blank's), and the renderer main thread it ran on.
  const nav = events.find((e) => e.name === 'navigationStart' && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''));
  const main = nav && events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain');
  if (!nav || !main) {
    console.log(`  ${name}: no navigation in the trace`);
    return NaN;
  }
  const rowsMark = events.find((e) => e.pid === main.pid && e.name === 'kf-first-rows');
  const end = rowsMark ? rowsMark.ts : Infinity;
  const at = (ts: number) => ((ts - nav.ts) / 1000).toFixed(0).padStart(5);
  const inner = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.compileModule', 'v8.compile', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'EventDispatch', 'FireAnimationFrame', 'HandlePostMessage', 'MajorGC', 'MinorGC']);
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= nav.ts && e.ts <= end).sort((a, b) => a.ts - b.ts);
  const tasks = mine.filter((e) => e.name === 'RunTask');
  const cpu = tasks.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  if (!print) return cpu;
  console.log(`  ${name}: main thread to the first rows (${path.relative(ROOT, file)}); tasks ≥ 4 ms, ms after navigation (start, wall time, CPU time):`);
  for (const task of tasks.filter((e) => (e.dur ?? 0) >= 4000)) {
    console.log(`    ${at(task.ts)} ${((task.dur ?? 0) / 1000).toFixed(1).padStart(6)} ${((task.tdur ?? 0) / 1000).toFixed(1).padStart(6)}  task`);
    const children = mine.filter((e) => inner.has(e.name) && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + (task.dur ?? 0) && (e.dur ?? 0) >= 2000);
    for (const c of children) console.log(`    ${at(c.ts)} ${((c.dur ?? 0) / 1000).toFixed(1).padStart(6)} ${((c.tdur ?? 0) / 1000).toFixed(1).padStart(6)}    ${c.name} ${traceDetail(c)}`);
  }
  console.log(`    ${rowsMark ? at(rowsMark.ts) : '    ?'}                 first rows (main thread CPU until then: ${cpu.toFixed(0)} ms)`);
  return cpu;
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
    const { token, listId } = await benchAccount(base);
    let taskId = 0;
    for (let i = 1; i <= TASKS; i += 1) {
      // Every tenth task is due within the week, so the home page has its upcoming rows.
      const due = i % 10 === 0 ? new Date(Date.now() + ((i / 10) % 6 + 1) * 86_400_000).toISOString() : undefined;
      const task = await benchApi(base, 'PUT', `/lists/${listId}`, { title: `Task number ${i} with a reasonably long title`, ...(due ? { due_date: due } : {}) }, token);
      if (i === 1) taskId = task.id as number;
    }

    const allScenarios: Scenario[] = [
      { name: 'list view (300 tasks)', url: `/lists/${listId}/list`, selector: '.task-row', routeRequests: [/^user$/, /^namespaces$/, new RegExp(`^lists/${listId}$`), new RegExp(`^lists/${listId}/tasks$`)] },
      { name: 'kanban', url: `/lists/${listId}/kanban`, selector: '.kanban-card', routeRequests: [/^user$/, /^namespaces$/, new RegExp(`^lists/${listId}$`), new RegExp(`^lists/${listId}/buckets$`)] },
      { name: 'task detail', url: `/tasks/${taskId}`, selector: '.detail-title', routeRequests: [/^user$/, /^namespaces$/, new RegExp(`^tasks/${taskId}$`)] },
      { name: 'home', url: '/', selector: '.task-row', routeRequests: [/^user$/, /^namespaces$/, /^tasks\/all$/] },
    ];
    const scenarios = allScenarios.filter((s) => ROUTES.length === 0 || ROUTES.some((w) => s.name.includes(w)));
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
    const cpu = new Map<string, number[]>(scenarios.map((s) => [s.name, []]));
    for (let i = 0; i < TRACE; i += 1) {
      for (const s of scenarios) {
        const run = await measure(browser, base, token, s, false, i === 0 ? 'print' : 'quiet');
        if (i === 0) printTimeline({ ...s, name: `${s.name} (the traced run)` }, run);
        cpu.get(s.name)!.push(run.cpu ?? NaN);
      }
    }
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
      if (TRACE) results.push({ name: `${s.name}: main-thread CPU to first rows (median of ${TRACE} traced)`, value: median(cpu.get(s.name)!), unit: 'ms' });
      results.push({
        name: `${s.name}: latest route request after scripts (worst run)`,
        value: Math.max(...all.map((r) => lateness(r, s))),
        unit: 'ms',
        budget: 100,
        kind: 'max',
      });
    }
    // A returning person: their local storage from a visit (with the last screen the app keeps), a cold HTTP cache.
    const list = scenarios.find((s) => s.name.startsWith('list view'));
    if (list) {
      const stored = await afterVisit(browser, base, token, list.url);
      const returning: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) returning.push(await measure(browser, base, token, list, false, 'off', stored));
      results.push({ name: `${list.name}, returning person (local storage of a visit, cold HTTP cache): first rows, the last screen (median of ${RUNS})`, value: median(returning.map((r) => r.firstRows)), unit: 'ms' });
      results.push({ name: `${list.name}, returning person: the app's own rows`, value: median(returning.map((r) => r.appRows)), unit: 'ms' });
    }
    results.push({ name: 'bare one-heading page: first-contentful-paint (floor)', value: median(floor), unit: 'ms' });
  } finally {
    await close();
  }
  return results;
}
