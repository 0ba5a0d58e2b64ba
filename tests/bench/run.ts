// `npm run bench`: runs every tests/bench/*.bench.ts (or those named on the command line) and prints results against budgets.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
// @ts-expect-error: a plain ES module shared with the end-to-end runner, without type declarations.
import { findChromium } from '../e2e/browser.mjs';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  /** The budget and its direction: 'max' means value must be ≤ budget, 'min' means ≥. */
  budget?: number;
  kind?: 'max' | 'min';
}

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

// The browser benchmarks use the Chromium the end-to-end tests would (installing one when none is found).
if (files.some((f) => !/^(parsers)\./.test(f))) process.env.CHROMIUM_PATH = findChromium() as string;

let missed = 0;
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<BenchResult[]> };
  console.log(`\n# ${file}`);
  for (const r of await mod.default()) {
    let verdict = '';
    if (r.budget !== undefined) {
      const ok = r.kind === 'min' ? r.value >= r.budget : r.value <= r.budget;
      if (!ok) missed += 1;
      verdict = `${ok ? 'within' : 'OVER'} budget (${r.kind === 'min' ? '≥' : '≤'} ${r.budget} ${r.unit})`;
    }
    console.log(`  ${r.name.padEnd(60)} ${r.value.toFixed(r.value < 10 ? 2 : 0).padStart(10)} ${r.unit.padEnd(8)} ${verdict}`);
  }
}
console.log(missed === 0 ? '\nall benchmarks within budget' : `\n${missed} benchmark(s) over budget`);
process.exit(missed === 0 ? 0 : 1);
