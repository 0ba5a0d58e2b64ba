// `npm run bench:server`: the API under load — a seeded 10,000-task list, paged reads, a date-math filter and task updates.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
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

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-bench-'));
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0' }, { dataDir, serveClient: false, host: '127.0.0.1', port: 0 });
  const app = await createServer(config);
  try {
    const started = Date.now();
    const s = await seed(app.ctx.db, { tasks: TASKS, username: 'bench', password: 'bench-password' });
    console.log(`Seeded ${TASKS} tasks in ${Date.now() - started} ms (list ${s.listId}).`);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}/api/v1`;
    const token = await signToken(config.jwtSecret, { type: 1, id: s.userId, username: 'bench', email: '', name: '', emailRemindersEnabled: false, isLocalUser: true, long: false }, USER_TOKEN_TTL_S);
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
    for (const sc of scenarios) {
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
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
