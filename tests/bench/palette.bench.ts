// Palette filtering speed: median ms per keystroke over 10,000 tasks and 500 lists, in Node and in Chromium, uFuzzy vs Fuse.
import { build } from 'esbuild';
import path from 'node:path';
import { chromium } from 'playwright-core';
import Fuse from 'fuse.js';
import { createSearchIndex } from '../../src/app/palette/searchIndex';
import { parsePaletteQuery } from '../../src/app/palette/query';
import { RESULT_CAPS, groupsFor, searchTypeFor } from '../../commands/palette';
import type { BenchResult } from './run';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const BUDGET_MS = 8;
const PHRASES = ['write quarterly report', 'buy milk', 'call the bank about the loan', '+Project 42', 'fix login bug'];

const WORDS = 'write buy call fix plan review update clean order book send check draft prepare email report milk bank loan bug login design meeting invoice garden car doctor taxes slides budget'.split(' ');

/** Deterministic titles, so runs compare. */
function data(): { tasks: { id: number; title: string }[]; lists: { id: number; title: string }[] } {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const pick = () => WORDS[Math.floor(rnd() * WORDS.length)];
  const tasks = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, title: `${pick()} ${pick()} ${pick()} ${i % 7 === 0 ? 'quarterly ' : ''}${pick()} #${i}` }));
  const lists = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, title: `Project ${i} ${pick()}` }));
  return { tasks, lists };
}

/** One keystroke's work in the palette: parse the query, apply the search-type rule, search tasks and lists. */
function keystrokeWork(
  query: string,
  taskSearch: (q: string, n: number) => unknown[],
  listSearch: (q: string, n: number) => unknown[],
): number {
  const parsed = parsePaletteQuery(query, 'vikunja');
  const wants = groupsFor(searchTypeFor(query, parsed));
  let n = 0;
  if (wants.tasks) n += taskSearch(parsed.text || query, RESULT_CAPS.tasks).length;
  if (wants.lists) n += listSearch(parsed.list ?? query, RESULT_CAPS.lists).length;
  return n;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function measureTyping(run: (q: string) => number): { median: number; p95: number } {
  const times: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    for (const phrase of PHRASES) {
      for (let i = 1; i <= phrase.length; i += 1) {
        const t0 = performance.now();
        run(phrase.slice(0, i));
        times.push(performance.now() - t0);
      }
    }
  }
  const s = [...times].sort((a, b) => a - b);
  return { median: median(times), p95: s[Math.floor(s.length * 0.95)] };
}

async function inChromium(): Promise<{ median: number; p95: number }> {
  // The same modules, bundled for the browser.
  const bundle = await build({
    stdin: {
      contents: `
        import { createSearchIndex } from './src/app/palette/searchIndex';
        import { parsePaletteQuery } from './src/app/palette/query';
        import { RESULT_CAPS, groupsFor, searchTypeFor } from './commands/palette';
        window.__bench = { createSearchIndex, parsePaletteQuery, RESULT_CAPS, groupsFor, searchTypeFor };
      `,
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    // commands/palette lazily imports the palette's API module (the whole app); it is not part of filtering.
    plugins: [{ name: 'skip-actions', setup: (b) => b.onResolve({ filter: /palette\/actions$/ }, (a) => ({ path: a.path, external: true })) }],
    logLevel: 'silent',
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const { tasks, lists } = data();
    return await page.evaluate(
      ({ tasks, lists, phrases }) => {
        type B = {
          createSearchIndex: (items: unknown[]) => { search: (q: string, n: number) => unknown[] };
          parsePaletteQuery: (q: string, m: string) => { text: string; list: string | null; labels: string[]; assignees: string[] };
          RESULT_CAPS: { tasks: number; lists: number };
          groupsFor: (t: string) => { tasks: boolean; lists: boolean };
          searchTypeFor: (q: string, p: unknown) => string;
        };
        const b = (window as unknown as { __bench: B }).__bench;
        const ti = b.createSearchIndex(tasks);
        const li = b.createSearchIndex(lists);
        const times: number[] = [];
        for (let round = 0; round < 3; round += 1) {
          for (const phrase of phrases) {
            for (let i = 1; i <= phrase.length; i += 1) {
              const q = phrase.slice(0, i);
              const t0 = performance.now();
              const parsed = b.parsePaletteQuery(q, 'vikunja');
              const wants = b.groupsFor(b.searchTypeFor(q, parsed));
              if (wants.tasks) ti.search(parsed.text || q, b.RESULT_CAPS.tasks);
              if (wants.lists) li.search(parsed.list ?? q, b.RESULT_CAPS.lists);
              times.push(performance.now() - t0);
            }
          }
        }
        const s = [...times].sort((x, y) => x - y);
        return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] };
      },
      { tasks, lists, phrases: PHRASES },
    );
  } finally {
    await browser.close();
  }
}

export default async function paletteBench(): Promise<BenchResult[]> {
  const { tasks, lists } = data();
  const results: BenchResult[] = [];

  const ti = createSearchIndex(tasks);
  const li = createSearchIndex(lists);
  const uf = measureTyping((q) => keystrokeWork(q, ti.search, li.search));
  results.push({ name: 'palette keystroke, uFuzzy, Node (median)', value: uf.median, unit: 'ms', budget: BUDGET_MS, kind: 'max' });
  results.push({ name: 'palette keystroke, uFuzzy, Node (p95)', value: uf.p95, unit: 'ms' });

  // Fuse for comparison: the issue says it lags at this size; the number shows by how much.
  const fuseTasks = new Fuse(tasks, { keys: ['title'], threshold: 0.4 });
  const fuseLists = new Fuse(lists, { keys: ['title'], threshold: 0.4 });
  const fuse = measureTyping((q) =>
    keystrokeWork(
      q,
      (s, n) => fuseTasks.search(s, { limit: n }),
      (s, n) => fuseLists.search(s, { limit: n }),
    ),
  );
  results.push({ name: 'palette keystroke, Fuse.js, Node (median, not used)', value: fuse.median, unit: 'ms' });

  try {
    const browser = await inChromium();
    results.push({ name: 'palette keystroke, uFuzzy, Chromium (median)', value: browser.median, unit: 'ms', budget: BUDGET_MS, kind: 'max' });
    results.push({ name: 'palette keystroke, uFuzzy, Chromium (p95)', value: browser.p95, unit: 'ms' });
  } catch (err) {
    console.log(`  (Chromium run skipped: ${(err as Error).message.split('\n')[0]})`);
  }
  return results;
}
