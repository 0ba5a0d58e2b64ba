// `npm run bench:server`: the API under load — a seeded 10,000-task list, paged reads, a date-math filter and task updates —
// with the server in its own process, as `npm run serve` starts it, and autocannon in this one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import net from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { loadConfig } from '../../server/config.js';
import { createServer } from '../../server/server.js';
import { seed } from '../../server/seed.js';
import { signToken, USER_TOKEN_TTL_S } from '../../server/auth/jwt.js';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}
interface CannonOptions {
  url: string;
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  setupClient?: unknown;
  requests?: { method?: string; path?: string; body?: string; setupRequest?: (req: { path: string }) => { path: string } }[];
}
// autocannon ships CommonJS without types; only its promise API is used.
const autocannon = createRequire(import.meta.url)('autocannon') as (opts: CannonOptions) => Promise<CannonResult>;

const TASKS = 10_000;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const SECRET = 'bench-secret-not-for-production';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The server as `npm run serve` runs it, in its own process, so the load generator does not take its CPU.
 * BENCH_CPU_PROF=1 writes a V8 CPU profile of the server into .tmp/profiles/ when it stops.
 */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const nodeArgs = ['--import', 'tsx'];
  if (process.env.BENCH_CPU_PROF) nodeArgs.unshift('--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, '.tmp/profiles')}`);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'server/start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      KEYFLOW_DATA_DIR: dataDir,
      KEYFLOW_LOG: '0',
      KEYFLOW_RATE_LIMIT: '0',
      KEYFLOW_SERVE_CLIENT: '0',
      KEYFLOW_JWT_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Keyflow is running')) resolve();
    });
  });
  return child;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-bench-'));
  // Seed through the server's own code, then hand the database to a separate server process.
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: SECRET }, { dataDir, serveClient: false, host: '127.0.0.1', port: 0 });
  const seeding = await createServer(config, { jobs: false });
  const started = Date.now();
  const s = await seed(seeding.ctx.db, { tasks: TASKS, username: 'bench', password: 'bench-password' });
  await seeding.close();
  console.log(`Seeded ${TASKS} tasks in ${Date.now() - started} ms (list ${s.listId}).`);
  const port = await freePort();
  const server = await startServer(dataDir, port);
  try {
    const base = `http://127.0.0.1:${port}/api/v1`;
    const token = await signToken(SECRET, { type: 1, id: s.userId, username: 'bench', email: '', name: '', emailRemindersEnabled: false, isLocalUser: true, long: false }, USER_TOKEN_TTL_S);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const pages = Math.ceil(TASKS / 50);
    let page = 0;
    const taskId = s.taskIds.first + 42;
    const scenarios: { name: string; opts: CannonOptions; budget?: { rps: number; p99: number } }[] = [
      {
        name: `GET /lists/${s.listId}/tasks?per_page=50&page=N`,
        budget: { rps: 1000, p99: 50 },
        opts: {
          url: base,
          duration: DURATION,
          connections: CONNECTIONS,
          headers,
          requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/v1/lists/${s.listId}/tasks?per_page=50&page=${(page++ % pages) + 1}` }) }],
        },
      },
      {
        name: 'GET /tasks/all?filter_by=due_date&filter_comparator=less&filter_value=now+7d',
        opts: { url: `${base}/tasks/all?filter_by=due_date&filter_comparator=less&filter_value=now%2B7d`, duration: DURATION, connections: CONNECTIONS, headers },
      },
      {
        name: `POST /tasks/${taskId} (update)`,
        opts: {
          url: `${base}/tasks/${taskId}`,
          duration: DURATION,
          connections: CONNECTIONS,
          headers,
          method: 'POST',
          body: JSON.stringify({ title: 'Updated under load', description: 'bench', priority: 3, position: 42 * 65536, kanban_position: 42 * 65536, due_date: '2030-01-01T00:00:00Z' }),
        },
      },
    ];
    let missed = 0;
    console.log(`\n${DURATION} s each, ${CONNECTIONS} connections\n`);
    // BENCH_ONLY=task-page|all|update runs one scenario (for a CPU profile of just that one).
    const only = process.env.BENCH_ONLY ? ['task-page', 'all', 'update'].indexOf(process.env.BENCH_ONLY) : -1;
    if (process.env.BENCH_ONLY && only < 0) throw new Error(`BENCH_ONLY must be task-page, all or update, not ${process.env.BENCH_ONLY}`);
    for (const [i, sc] of scenarios.entries()) {
      if (only >= 0 && i !== only) continue;
      const r = await autocannon(sc.opts);
      const line = `${sc.name}\n  ${r.requests.average.toFixed(0)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors)`;
      let verdict = '';
      if (sc.budget) {
        const ok = r.requests.average >= sc.budget.rps && r.latency.p99 <= sc.budget.p99 && r.non2xx === 0;
        if (!ok) missed += 1;
        verdict = `\n  budget ≥ ${sc.budget.rps} req/s, p99 ≤ ${sc.budget.p99} ms: ${ok ? 'ok' : 'MISSED'}`;
      } else if (r.non2xx > 0) {
        missed += 1;
        verdict = '\n  non-2xx answers: MISSED';
      }
      console.log(line + verdict);
    }
    if (missed) process.exitCode = 1;
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
