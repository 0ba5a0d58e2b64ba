// `npm install` / `npm ci` of a checkout (npm's prepare step): build the client and the server once, so that
// `npm start` starts at once. An install without the build tools (production, --omit=dev) builds nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildNeeded } from './freshness.mjs';

if (process.env.KEYFLOW_SKIP_BUILD === '1') process.exit(0);
if (!existsSync('node_modules/vite') || !existsSync('node_modules/esbuild')) {
  console.log('Keyflow: the build tools are not installed (an install without dev dependencies); skipping the build.');
  process.exit(0);
}
if (buildNeeded()) {
  const res = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  process.exit(res.status ?? 1);
}
