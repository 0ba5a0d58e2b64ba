// Runs the Playwright suite with a Chromium found (or installed) by browser.mjs, on a fresh data dir.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { findChromium } from './browser.mjs';

const chromium = findChromium();
console.log(`[e2e] using Chromium at ${chromium}`);
rmSync('.tmp/e2e-data', { recursive: true, force: true });
const res = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(res.status ?? 1);
