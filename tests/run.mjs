// `npm test`: the static checks, then every suite (unit, component, server, then end-to-end in Chromium), one summary line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const results = [];

function run(name, cmd, args, summarise, env = process.env) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  console.log(`=== ${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  const counts = summarise();
  results.push({ name, ok: res.status === 0, ...counts });
}

function vitestCounts(file = '.tmp/vitest.json') {
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: j.numPassedTests ?? 0, failed: j.numFailedTests ?? 0, skipped: (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0) };
}

function playwrightCounts() {
  const file = '.tmp/playwright.json';
  if (!existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

rmSync('.tmp/lint.json', { force: true });
rmSync('.tmp/vitest.json', { force: true });
rmSync('.tmp/playwright.json', { force: true });
rmSync('.tmp/vitest-pg.json', { force: true });
// Static checks first: they take a minute, and a type error or an import cycle is the cheapest failure to read.
run('types, lint, unused code and import cycles', 'node', ['tests/lint/run.mjs'], () =>
  existsSync('.tmp/lint.json') ? { skipped: 0, ...JSON.parse(readFileSync('.tmp/lint.json', 'utf8')) } : { passed: 0, failed: 0, skipped: 0 },
);
// The first pass is the SQLite one, whatever the environment names: the PostgreSQL pass below is its own.
const { KEYFLOW_TEST_DATABASE_URL: pgUrl, ...sqliteEnv } = process.env;
run('unit, component and server tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json'], () => vitestCounts(), sqliteEnv);
// The server suite again on PostgreSQL, only where a server is configured (createTestServer leases a database per
// test server), with the tests that need PostgreSQL (several server processes on one database).
if (pgUrl) {
  run('server tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'node', 'tests/server', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest-pg.json'], () => vitestCounts('.tmp/vitest-pg.json'));
}
run('end-to-end tests (Chromium)', 'node', ['tests/e2e/run.mjs'], playwrightCounts);
// The release as a self-hoster installs it: npm pack, npm install -g of the tarball, keyflow started and stopped.
rmSync('.tmp/release.json', { force: true });
run('release (npm pack, install, start)', 'node', ['tests/release/check.mjs'], () =>
  existsSync('.tmp/release.json') ? { skipped: 0, ...JSON.parse(readFileSync('.tmp/release.json', 'utf8')) } : { passed: 0, failed: 1, skipped: 0 },
);

// What failed, briefly, at the very end: a CI log is often read from its tail only.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (text) => String(text ?? '').replace(ansi, '');
const firstLines = (text, n = 8) => plain(text).split('\n').filter((l) => l.trim()).slice(0, n).map((l) => `      ${l.slice(0, 200)}`).join('\n');
function failuresOf() {
  const out = [];
  for (const file of ['.tmp/vitest.json', '.tmp/vitest-pg.json']) {
    if (!existsSync(file)) continue;
    for (const f of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
      for (const a of f.assertionResults ?? []) if (a.status === 'failed') out.push({ name: `${a.fullName} (${file})`, message: (a.failureMessages ?? []).join('\n') });
    }
  }
  if (existsSync('.tmp/playwright.json')) {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const results = t.results ?? [];
          if (t.status === 'expected' || t.status === 'skipped') continue;
          results.forEach((r, i) => r.error && out.push({ name: `${spec.file}:${spec.line} ${spec.title} (${t.status}, try ${i + 1})`, message: r.error.message }));
        }
      }
      (suite.suites ?? []).forEach(walk);
    };
    (JSON.parse(readFileSync('.tmp/playwright.json', 'utf8')).suites ?? []).forEach(walk);
  }
  return out;
}
const failures = failuresOf();
if (failures.length) {
  console.log('\nfailed or flaky (first lines of each error):');
  for (const f of failures.slice(0, 12)) console.log(`  ${f.name}\n${firstLines(f.message)}`);
}

let passed = 0, failed = 0, skipped = 0;
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
  passed += r.passed; failed += r.failed; skipped += r.skipped;
  if (!r.ok && r.failed === 0) failed += 1; // a suite that crashed without counting still fails the run
}
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
