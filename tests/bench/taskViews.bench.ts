// Task view speed in Chromium: a 10,000-task list (first rows after the data, rows in the DOM, long tasks while scrolling) and a 10×25 kanban drag.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { createServer } from '../../server/server.js';
import { loadConfig } from '../../server/config.js';
import type { BenchResult } from './run.js';
import { fakeTask } from './fakeTask.js';
import { benchAccount } from './browserBench.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const TASKS = 10_000;
const BUCKETS = 10;
const CARDS = 25;



/** Frame intervals recorded in the page between start() and stop(). */
async function startFrames(page: Page) {
  // A string, so the bundler's helpers (which name functions) do not leak into the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__run = true;
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__run) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
}
async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __run: boolean };
    w.__run = false;
    return w.__frames.slice(1);
  });
}

/**
 * Records when the app first reads the body of a response for the list's tasks: index.html starts that GET with the
 * navigation, so it usually ends while the scripts still load and run, and the app takes it (src/api/client.ts reads
 * its body) only once its route code runs. A string, so the bundler's helpers do not leak into the page.
 */
function tasksTakenScript(listId: number): string {
  return `(() => {
    const blob = Response.prototype.blob;
    Response.prototype.blob = function () {
      if (!window.__tasksTaken && this.url.includes('/lists/${listId}/tasks')) window.__tasksTaken = performance.now();
      return blob.call(this);
    };
  })()`;
}

/**
 * In the page: when the first rows appeared, when the list's first tasks response ended, and when the data was there
 * for the app: the later of that and the app taking it. Measuring from the response alone counted the boot as time
 * spent on the 10,000 tasks.
 */
function dataTiming(listId: number): { firstRow: number; responseEnd: number; dataReady: number } {
  const first = performance.getEntriesByType('resource').find((e) => e.name.includes(`/lists/${listId}/tasks`)) as PerformanceResourceTiming;
  const w = window as unknown as { __firstRow: number; __tasksTaken?: number };
  return { firstRow: w.__firstRow, responseEnd: first.responseEnd, dataReady: Math.max(first.responseEnd, w.__tasksTaken ?? 0) };
}

export default async function taskViewsBench(): Promise<BenchResult[]> {
  const outDir = process.env.BENCH_CLIENT_DIR ?? path.join(ROOT, '.tmp/bench-dist-tasks');
  if (!process.env.BENCH_CLIENT_DIR) execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-bench-tasks-'));
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0' }, { dataDir, clientDir: outDir, serveClient: true, port: 0, host: '127.0.0.1' });
  const app = await createServer(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--no-first-run'] });
  const results: BenchResult[] = [];
  try {
    const { token, listId } = await benchAccount(base);

    // The list: the 10,000 tasks come in one response, so "after the data arrives" is one moment.
    const big = JSON.stringify(Array.from({ length: TASKS }, (_, i) => fakeTask(i + 1, listId)));
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.addInitScript(tasksTakenScript(listId));
    await page.route(`**/api/v1/lists/${listId}/tasks**`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-pagination-total-pages': '1', 'x-pagination-result-count': String(TASKS) }, body: big }),
    );
    await page.addInitScript(() => {
      const w = window as unknown as { __firstRow: number; __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
      const mo = new MutationObserver(() => {
        if (!w.__firstRow && document.querySelector('.task-row')) {
          w.__firstRow = performance.now();
          mo.disconnect();
        }
      });
      document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { childList: true, subtree: true }));
    });
    await page.goto(`${base}/lists/${listId}/list`);
    await page.waitForSelector('.task-row');
    const one = await page.evaluate(dataTiming, listId);
    const rows = await page.evaluate(() => document.querySelectorAll('.task-row').length);
    results.push({ name: 'list 10k: first rows after the data arrived', value: one.firstRow - one.dataReady, unit: 'ms', budget: 300, kind: 'max' });
    results.push({ name: 'list 10k: first rows after the response ended (boot included)', value: one.firstRow - one.responseEnd, unit: 'ms' });
    results.push({ name: 'list 10k: task rows in the DOM', value: rows, unit: 'rows', budget: 100, kind: 'max' });

    await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
    await page.evaluate(async () => {
      const el = document.querySelector('.task-list-scroll') as HTMLElement;
      for (let i = 0; i < 180; i += 1) {
        el.scrollTop += 400;
        await new Promise((r) => requestAnimationFrame(r));
      }
      for (let i = 0; i < 60; i += 1) {
        el.scrollTop += 8000;
        await new Promise((r) => requestAnimationFrame(r));
      }
    });
    const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    const rowsAfter = await page.evaluate(() => document.querySelectorAll('.task-row').length);
    results.push({ name: 'list 10k: longest task while scrolling (0 = none over 50 ms)', value: longTasks.length ? Math.max(...longTasks) : 0, unit: 'ms', budget: 50, kind: 'max' });
    results.push({ name: 'list 10k: task rows in the DOM after scrolling', value: rowsAfter, unit: 'rows', budget: 100, kind: 'max' });
    await page.close();

    // The same 10,000 tasks paged the way the server sends them (at most 50 per page): the first page is the data for the first rows.
    const all = Array.from({ length: TASKS }, (_, i) => fakeTask(i + 1, listId));
    const paged = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await paged.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await paged.addInitScript(tasksTakenScript(listId));
    await paged.route(`**/api/v1/lists/${listId}/tasks**`, (route) => {
      const url = new URL(route.request().url());
      const per = Math.min(50, Number(url.searchParams.get('per_page') ?? 50));
      const pageNo = Number(url.searchParams.get('page') ?? 1);
      const body = JSON.stringify(all.slice((pageNo - 1) * per, pageNo * per));
      return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-pagination-total-pages': String(Math.ceil(TASKS / per)), 'x-pagination-result-count': String(per) }, body });
    });
    await paged.addInitScript(`(() => {
      const mo = new MutationObserver(() => {
        if (!window.__firstRow && document.querySelector('.task-row')) { window.__firstRow = performance.now(); mo.disconnect(); }
      });
      document.addEventListener('DOMContentLoaded', () => mo.observe(document.body, { childList: true, subtree: true }));
    })()`);
    await paged.goto(`${base}/lists/${listId}/list`);
    await paged.waitForSelector('.task-row');
    const pagedTiming = await paged.evaluate(dataTiming, listId);
    results.push({ name: 'list 10k paged by 50: first rows after the first page arrived', value: pagedTiming.firstRow - pagedTiming.dataReady, unit: 'ms', budget: 300, kind: 'max' });
    results.push({ name: 'list 10k paged by 50: first rows after its response ended (boot included)', value: pagedTiming.firstRow - pagedTiming.responseEnd, unit: 'ms' });
    await paged.close();

    // The board: 10 buckets × 25 cards, then one card dragged slowly across the board.
    const buckets = Array.from({ length: BUCKETS }, (_, b) => ({
      id: b + 1,
      title: `Bucket ${b + 1}`,
      list_id: listId,
      limit: 0,
      is_done_bucket: false,
      position: (b + 1) * 65536,
      tasks: Array.from({ length: CARDS }, (_, c) => fakeTask(b * CARDS + c + 1, listId, b + 1)),
    }));
    const board = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await board.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await board.route(`**/api/v1/lists/${listId}/buckets**`, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', headers: { 'x-pagination-total-pages': '1' }, body: JSON.stringify(buckets) }),
    );
    // Saving the dropped card is not what is measured.
    await board.route('**/api/v1/tasks/*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(fakeTask(1, listId, 5)) }));
    await board.goto(`${base}/lists/${listId}/kanban`);
    await board.waitForSelector('.kanban-card');
    const card = (await board.locator('.kanban-card').first().boundingBox())!;
    await board.mouse.move(card.x + 40, card.y + 15);
    await board.mouse.down();
    await board.mouse.move(card.x + 50, card.y + 25, { steps: 3 });
    await startFrames(board);
    const t0 = Date.now();
    for (let i = 0; i < 120; i += 1) {
      await board.mouse.move(card.x + 50 + i * 10, card.y + 25 + (i % 20) * 12);
      await board.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    }
    const elapsed = Date.now() - t0;
    const frames = await stopFrames(board);
    await board.mouse.up();
    const mean = frames.reduce((a, b) => a + b, 0) / frames.length;
    const sorted = [...frames].sort((a, b) => a - b);
    results.push({ name: 'kanban 10×25: frames per second while dragging', value: 1000 / mean, unit: 'fps', budget: 58, kind: 'min' });
    results.push({ name: 'kanban 10×25: 95th percentile frame time while dragging', value: sorted[Math.floor(sorted.length * 0.95)], unit: 'ms' });
    results.push({ name: 'kanban 10×25: drag duration (120 moves)', value: elapsed, unit: 'ms' });
    await board.close();
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
