// The release as a self-hoster installs it: `npm pack`, `npm install -g` of the tarball into a fresh prefix (runtime
// dependencies only), `keyflow` started from another folder, the app and the API answering, SIGTERM ending it.
// Part of `npm test`; the counts go to .tmp/release.json.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const work = path.join(ROOT, '.tmp/release');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const results = [];
const check = (name, ok, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? `: ${detail}` : ''}`);
};
const finish = () => {
  const passed = results.filter(Boolean).length;
  const failed = results.length - passed;
  writeFileSync(path.join(ROOT, '.tmp/release.json'), JSON.stringify({ passed, failed }));
  console.log(`release: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
};

const pack = spawnSync('npm', ['pack', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' });
const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
check('npm pack makes a tarball', pack.status === 0 && Boolean(tarball), pack.status === 0 ? tarball : pack.stderr.slice(-400));
if (!tarball) finish();

const prefix = path.join(work, 'prefix');
const install = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', path.join(work, tarball)], {
  cwd: work,
  encoding: 'utf8',
});
const installed = path.join(prefix, 'lib/node_modules/keyflow');
check('npm install -g of the tarball', install.status === 0, install.status === 0 ? '' : install.stderr.slice(-600));
if (install.status !== 0) finish();
const devOnly = ['vite', 'tsx', 'react', 'vitest', 'typescript'].filter((d) => existsSync(path.join(installed, 'node_modules', d)));
check('only runtime dependencies are installed', devOnly.length === 0, devOnly.join(', '));

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-release-'));
const child = spawn(path.join(prefix, 'bin/keyflow'), [], {
  cwd: tmpdir(),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', KEYFLOW_DATA_DIR: dataDir, KEYFLOW_LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (c) => (output += c));
child.stderr.on('data', (c) => (output += c));
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
const started = Date.now();
let up = false;
while (!up && Date.now() - started < 30_000 && child.exitCode === null) {
  up = await fetch(`http://127.0.0.1:${port}/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (!up) await new Promise((r) => setTimeout(r, 100));
}
check('keyflow starts and answers /health', up, up ? `${Date.now() - started} ms` : output.slice(-600));
if (up) {
  const page = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
  check('it serves the built client', page.includes('<div id="root"'));
  const info = await fetch(`http://127.0.0.1:${port}/api/v1/info`).then((r) => (r.ok ? r.json() : null));
  check('it serves the API', Boolean(info?.version));
}
child.kill('SIGTERM');
const end = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 12_000))]);
check('SIGTERM stops it with exit code 0', end?.code === 0, JSON.stringify(end));
if (!end) child.kill('SIGKILL');
rmSync(dataDir, { recursive: true, force: true });
finish();
