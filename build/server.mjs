// Compiles the server to JavaScript in dist/server/ (run by `npm run build` after the client's build), so that a
// service runs one plain Node process with no TypeScript loader.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { BUILD_STAMP } from './freshness.mjs';

/** `--outdir <folder>`: elsewhere than dist/server (the tests build their own copy, so parallel runs never share one). */
const outFlag = process.argv.indexOf('--outdir');
const outdir = outFlag > 0 ? process.argv[outFlag + 1] : 'dist/server';

await build({
  entryPoints: { start: 'server/start.ts' },
  outdir,
  bundle: true,
  // Dependencies stay in node_modules (native modules such as better-sqlite3 and sharp cannot be bundled).
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  banner: { js: '#!/usr/bin/env node' },
});
// `npm run build` passes --stamp once the client is built too; a server-only build (tests) leaves the stamp alone.
if (process.argv.includes('--stamp')) writeFileSync(BUILD_STAMP, `${new Date().toISOString()}\n`);
