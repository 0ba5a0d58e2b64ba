// `npm run lint`: the type check, ESLint, unused files and dependencies (knip) and import cycles (madge), one line each.
// Each check counts as one test in `npm test`'s summary; the counts also go to .tmp/lint.json for tests/run.mjs.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const checks = [
  // The type check also runs the type tests: `// @ts-expect-error` lines that say a mistyped route name or command id does not compile.
  ['types (tsc)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint (eslint)', 'npx', ['eslint', '--cache', '--cache-location', '.tmp/eslint-cache', '.']],
  ['unused files and dependencies (knip)', 'npx', ['knip', '--no-progress']],
  // Dynamic imports and type imports count: a cycle through a lazily loaded view is still a cycle (.madgerc).
  ['import cycles (madge)', 'npx', ['madge', '--circular', '--no-spinner', 'src', 'commands', 'parsers', 'server']],
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, cmd, args] of checks) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  const ok = res.status === 0;
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name} (${Math.round((Date.now() - started) / 1000)} s)`);
}
mkdirSync('.tmp', { recursive: true });
writeFileSync('.tmp/lint.json', JSON.stringify({ passed, failed }));
console.log(`lint: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
