// `npm run bench:server`: the API under load — a seeded 10,000-task list, paged reads, a date-math filter, task updates,
// and a mixed scenario of 200 clients reading and writing at once whose every acknowledged write is checked afterwards —
// with the compiled server in its own process, as a service runs it, and autocannon in this one; the server's memory
// (resident set) idle with the 10,000 tasks stored and at its peak under the mixed load.
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
import { openDatabase } from '../../server/db/database.js';
import { readFileSync } from 'node:fs';
import { compiledServer } from '../server/processes.js';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
/** What autocannon keeps per connection between its requests. */
interface ConnectionContext {
  conn?: number;
  /** The task as the round read it, sent back edited (clients send the whole task). */
  task?: Record<string, unknown>;
}
interface CannonRequest {
  method?: string;
  path?: string;
  body?: string;
  setupRequest?: (req: { path: string; method?: string; body?: string }, context: ConnectionContext) => { path: string; method?: string; body?: string };
  onResponse?: (status: number, body: string, context: ConnectionContext) => void;
}
interface CannonOptions {
  url: string;
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  setupClient?: unknown;
  requests?: CannonRequest[];
  initialContext?: ConnectionContext;
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
 * The compiled server as a service runs it, in its own process, so the load generator does not take its CPU.
 * BENCH_CPU_PROF=1 writes a V8 CPU profile of the server into .tmp/profiles/ when it stops.
 */
async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const nodeArgs: string[] = [];
  if (process.env.BENCH_CPU_PROF) nodeArgs.unshift('--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, '.tmp/profiles')}`);
  const child = spawn(process.execPath, [...nodeArgs, compiledServer()], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      KEYFLOW_DATA_DIR: dataDir,
      KEYFLOW_LOG: '0',
      KEYFLOW_RATE_LIMIT: '0',
      // The load comes from one address with 200 connections, above the per-address cap meant for the internet.
      KEYFLOW_MAX_CONNECTIONS_PER_ADDRESS: '0',
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

const MIXED_DURATION = Number(process.env.BENCH_MIXED_DURATION ?? 60);
const MIXED_CONNECTIONS = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 200);
const MIXED_BUDGET = { rps: 600, p99: 300 };
/** Resident memory of one server process: idle with the seeded tasks, and at its peak under the mixed load. */
const MEMORY_BUDGET_MB = { idle: 150, mixed: 250 };

/** A process's resident set in MB (Linux), or NaN where /proc is not there. */
function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

interface Seeded {
  listId: number;
  taskIds: { first: number; last: number };
  buckets: number[];
}

/**
 * 200 clients, each repeating ten requests: six reads (task pages, a task, comments) and four writes (create a task,
 * edit a task, comment on it, move a card to another bucket). Every write the server acknowledged is then looked up
 * in the database: created tasks and comments exist, and every edited or moved task holds its last acknowledged
 * state (or a later one whose answer the end of the run cut off).
 */
async function mixed(base: string, headers: Record<string, string>, s: Seeded, dataDir: string): Promise<boolean> {
  const pages = Math.ceil(TASKS / 50);
  // autocannon gives each connection a fresh context at every round of the ten requests; a round takes a number,
  // and its edit and move go to tasks of its own, so no two rounds in flight touch one task and each task's last
  // state is knowable.
  let nextRound = 0;
  let reads = 0;
  const round = (c: ConnectionContext) => (c.conn ??= nextRound++);
  const editTask = (r: number) => s.taskIds.first + ((2 * r) % TASKS);
  const moveTask = (r: number) => s.taskIds.first + ((2 * r + 1) % TASKS);
  const created = new Map<number, string>();
  const comments = new Map<number, string>();
  /** Per task: the rounds that wrote it (with the bucket of a move), and the latest round the server acknowledged. */
  const writes = new Map<number, { sent: Map<number, number>; acked: number }>();
  const sent = (taskId: number, r: number, bucket = 0) => {
    const w = writes.get(taskId) ?? { sent: new Map(), acked: -1 };
    w.sent.set(r, bucket);
    writes.set(taskId, w);
  };
  let ackedEditsAndMoves = 0;
  const acked = (taskId: number, r: number) => {
    ackedEditsAndMoves += 1;
    const w = writes.get(taskId)!;
    if (r > w.acked) w.acked = r;
  };
  const page = () => `/api/v1/lists/${s.listId}/tasks?per_page=50&page=${Math.floor(Math.random() * pages) + 1}`;
  const read = (path: (ctx: ConnectionContext) => string): CannonRequest => ({
    method: 'GET',
    setupRequest: (req, ctx) => ({ ...req, method: 'GET', body: undefined, path: path(ctx) }),
    onResponse: () => void (reads += 1),
  });
  const json = <T>(body: string): T | null => {
    try {
      return JSON.parse(body) as T;
    } catch {
      return null;
    }
  };

  const requests: CannonRequest[] = [
    read(page),
    {
      setupRequest: (req, ctx) => ({ ...req, method: 'PUT', path: `/api/v1/lists/${s.listId}`, body: JSON.stringify({ title: `new in round ${round(ctx)}` }) }),
      onResponse: (status, body) => {
        const t = status === 201 ? json<{ id: number; title: string }>(body) : null;
        if (t) created.set(t.id, t.title);
      },
    },
    {
      ...read((ctx) => `/api/v1/tasks/${editTask(round(ctx))}`),
      onResponse: (status, body, ctx) => {
        reads += 1;
        if (status === 200) ctx.task = json<Record<string, unknown>>(body) ?? undefined;
      },
    },
    {
      setupRequest: (req, ctx) => {
        const r = round(ctx);
        sent(editTask(r), r);
        const position = (editTask(r) - s.taskIds.first + 1) * 65536;
        const task = ctx.task ?? { position, kanban_position: position };
        return { ...req, method: 'POST', path: `/api/v1/tasks/${editTask(r)}`, body: JSON.stringify({ ...task, title: `edited in round ${r}`, description: 'mixed load', priority: 2 }) };
      },
      onResponse: (status, _body, ctx) => {
        if (status === 200) acked(editTask(round(ctx)), round(ctx));
      },
    },
    read(page),
    {
      setupRequest: (req, ctx) => ({ ...req, method: 'PUT', path: `/api/v1/tasks/${editTask(round(ctx))}/comments`, body: JSON.stringify({ comment: `comment in round ${round(ctx)}` }) }),
      onResponse: (status, body) => {
        const c = status === 201 ? json<{ id: number; comment: string }>(body) : null;
        if (c) comments.set(c.id, c.comment);
      },
    },
    read(() => `/api/v1/tasks/${s.taskIds.first + Math.floor(Math.random() * TASKS)}`),
    {
      setupRequest: (req, ctx) => {
        const r = round(ctx);
        const bucket = s.buckets[r % s.buckets.length];
        sent(moveTask(r), r, bucket);
        // A card dropped into another column: the task with its new bucket and a position there.
        const position = (moveTask(r) - s.taskIds.first + 1) * 65536;
        return { ...req, method: 'POST', path: `/api/v1/tasks/${moveTask(r)}`, body: JSON.stringify({ title: `moved in round ${r}`, bucket_id: bucket, position, kanban_position: position }) };
      },
      onResponse: (status, _body, ctx) => {
        if (status === 200) acked(moveTask(round(ctx)), round(ctx));
      },
    },
    read((ctx) => `/api/v1/tasks/${editTask(round(ctx))}/comments`),
    read(page),
  ];

  const r = await autocannon({ url: base, duration: MIXED_DURATION, connections: MIXED_CONNECTIONS, headers, requests, initialContext: {} });
  const ackedWrites = created.size + comments.size + ackedEditsAndMoves;

  // Every acknowledged write, looked up in the database the server wrote (a second connection; WAL lets it read).
  const db = openDatabase(path.join(dataDir, 'keyflow.db'));
  const missing: string[] = [];
  try {
    const inChunks = async <T>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> => {
      const out: T[] = [];
      for (let i = 0; i < ids.length; i += 500) out.push(...(await load(ids.slice(i, i + 500))));
      return out;
    };
    const tasks = new Map(
      (await inChunks([...created.keys(), ...writes.keys()], (ids) => db.selectFrom('tasks').select(['id', 'title', 'bucket_id']).where('id', 'in', ids).execute())).map((t) => [t.id, t]),
    );
    for (const [id, title] of created) if (tasks.get(id)?.title !== title) missing.push(`created task ${id}`);
    const storedComments = new Map((await inChunks([...comments.keys()], (ids) => db.selectFrom('task_comments').select(['id', 'comment']).where('id', 'in', ids).execute())).map((c) => [c.id, c.comment]));
    for (const [id, text] of comments) if (storedComments.get(id) !== text) missing.push(`comment ${id}`);
    for (const [id, w] of writes) {
      if (w.acked < 0) continue;
      const t = tasks.get(id);
      const r = Number(/round (\d+)$/.exec(t?.title ?? '')?.[1] ?? -1);
      // A later round may have written it without its answer arriving; an earlier one means a lost write.
      const bucket = w.sent.get(r);
      if (r < w.acked || bucket === undefined || (bucket !== 0 && bucket !== t?.bucket_id)) missing.push(`round ${w.acked}'s write of task ${id}`);
    }
  } finally {
    await db.destroy();
  }

  const ok = r.requests.average >= MIXED_BUDGET.rps && r.latency.p99 <= MIXED_BUDGET.p99 && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0 && missing.length === 0;
  console.log(
    `mixed: ${MIXED_CONNECTIONS} connections, ${MIXED_DURATION} s, 60 % reads / 40 % writes (create, edit, comment, bucket move)\n` +
      `  ${r.requests.average.toFixed(0)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts)\n` +
      `  ${ackedWrites} acknowledged writes (${created.size} tasks created, ${comments.size} comments), ${reads} reads; ${missing.length ? `NOT STORED: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}` : 'every one stored'}\n` +
      `  budget ≥ ${MIXED_BUDGET.rps} req/s, p99 ≤ ${MIXED_BUDGET.p99} ms, 0 errors, every acknowledged write stored: ${ok ? 'ok' : 'MISSED'}`,
  );
  return ok;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-bench-'));
  // Seed through the server's own code, then hand the database to a separate server process.
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: SECRET }, { dataDir, serveClient: false, host: '127.0.0.1', port: 0 });
  const seeding = await createServer(config, { jobs: false });
  const started = Date.now();
  const s = await seed(seeding.ctx.db, { tasks: TASKS, username: 'bench', password: 'bench-password' });
  // Two more kanban columns for the mixed scenario's bucket moves.
  const now = new Date().toISOString();
  const moreBuckets = await seeding.ctx.db
    .insertInto('buckets')
    .values([2, 3].map((n) => ({ title: `Column ${n}`, list_id: s.listId, limit: 0, is_done_bucket: 0, position: n * 65536, created_by_id: s.userId, created: now, updated: now })))
    .returning('id')
    .execute();
  const seeded = { ...s, buckets: [s.bucketId, ...moreBuckets.map((b) => b.id)] };
  await seeding.close();
  console.log(`Seeded ${TASKS} tasks in ${Date.now() - started} ms (list ${s.listId}).`);
  // BENCH_PORT pins the server to a given port (machines where several checkouts run benches side by side).
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
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
    // Idle: after a first read of every page has brought the list in, as a person's first visit would.
    for (let p = 1; p <= pages; p++) await fetch(`${base}/lists/${s.listId}/tasks?per_page=50&page=${p}`, { headers });
    await new Promise((r) => setTimeout(r, 2000));
    const idleMb = rssMb(server.pid!);
    const idleOk = !(idleMb > MEMORY_BUDGET_MB.idle);
    if (!idleOk) missed += 1;
    console.log(`memory idle with ${TASKS} tasks: ${idleMb} MB resident (budget ≤ ${MEMORY_BUDGET_MB.idle} MB: ${idleOk ? 'ok' : 'MISSED'})`);
    console.log(`\n${DURATION} s each, ${CONNECTIONS} connections\n`);
    // BENCH_ONLY=task-page|all|update|mixed runs one scenario (for a CPU profile of just that one).
    const names = ['task-page', 'all', 'update', 'mixed'];
    const only = process.env.BENCH_ONLY ? names.indexOf(process.env.BENCH_ONLY) : -1;
    if (process.env.BENCH_ONLY && only < 0) throw new Error(`BENCH_ONLY must be one of ${names.join(', ')}, not ${process.env.BENCH_ONLY}`);
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
    if (only < 0 || names[only] === 'mixed') {
      let peakMb = 0;
      const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid!))), 250);
      if (!(await mixed(base, headers, seeded, dataDir))) missed += 1;
      clearInterval(sampler);
      const peakOk = peakMb <= MEMORY_BUDGET_MB.mixed;
      if (!peakOk) missed += 1;
      console.log(`memory under the mixed load: peak ${peakMb} MB resident (budget ≤ ${MEMORY_BUDGET_MB.mixed} MB: ${peakOk ? 'ok' : 'MISSED'})`);
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
