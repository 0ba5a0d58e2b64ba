// `npm run bench:scale`: how the API's collections grow with the task table. Seeds one list of 10k, 100k and 1M tasks
// (BENCH_SIZES, BENCH_RUNS, BENCH_DIALECTS to choose), then times each request in-process, one after another, and prints median and p95 per size.
// SQLite always; PostgreSQL too when KEYFLOW_TEST_DATABASE_URL names a server (a leased, emptied database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { seed } from '../../server/seed.js';
import { signToken, USER_TOKEN_TTL_S } from '../../server/auth/jwt.js';
import { HOME_TASKS_QUERY_STRING } from '../../src/app/routeRequests.js';

const SIZES = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Which databases to measure: both by default (PostgreSQL only when KEYFLOW_TEST_DATABASE_URL is set). */
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');

interface Row {
  dialect: string;
  size: number;
  request: string;
  median: number;
  p95: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function measure(app: FastifyInstance, url: string, token: string): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  // One warm-up request: the first one pays for statement preparation and a cold page cache.
  for (let i = 0; i <= RUNS; i++) {
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i > 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function benchSize(dialect: string, size: number, databaseUrl: string | undefined): Promise<Row[]> {
  const app = await createTestServer(databaseUrl ? { databaseUrl } : {});
  try {
    const started = Date.now();
    const s = await seed(app.ctx.db, { tasks: size, username: 'bench', password: 'bench-password' });
    console.error(`${dialect}: seeded ${size} tasks in ${Date.now() - started} ms`);
    const token = await signToken(
      app.ctx.config.jwtSecret,
      { type: 1, id: s.userId, username: 'bench', email: '', name: '', emailRemindersEnabled: false, isLocalUser: true, long: false },
      USER_TOKEN_TTL_S,
    );
    const deep = Math.max(1, Math.floor(size / 50 / 2));
    const probe = Math.max(1, Math.floor(size * 0.4242));
    const requests: [string, string][] = [
      ['list first page', `/lists/${s.listId}/tasks?per_page=50&page=1`],
      [`list page ${deep}`, `/lists/${s.listId}/tasks?per_page=50&page=${deep}`],
      ['upcoming week (all lists)', `/tasks/all?${HOME_TASKS_QUERY_STRING}`],
      ['search part of a title', `/tasks/all?per_page=50&page=1&s=${encodeURIComponent(`ask ${probe}`)}`],
      ['kanban board', `/lists/${s.listId}/buckets?per_page=25&page=1`],
    ];
    const rows: Row[] = [];
    for (const [request, url] of requests)
      rows.push({ dialect, size, request: request.startsWith('list page') ? 'list deep page' : request, ...(await measure(app, url, token)) });
    return rows;
  } finally {
    await app.close();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'keyflow-scale-'));
  try {
    if (DIALECTS.includes('sqlite')) for (const size of SIZES) rows.push(...(await benchSize('sqlite', size, path.join(dir, `scale-${size}.db`))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.env.KEYFLOW_TEST_DATABASE_URL && DIALECTS.includes('postgres'))
    for (const size of SIZES) rows.push(...(await benchSize('postgres', size, undefined)));
  const fmt = (n: number) => `${n.toFixed(1)} ms`;
  console.log('| dialect | request | ' + SIZES.map((s) => `${s.toLocaleString('en')} (median / p95)`).join(' | ') + ' |');
  console.log('|---|---|' + SIZES.map(() => '---').join('|') + '|');
  for (const dialect of [...new Set(rows.map((r) => r.dialect))]) {
    for (const request of [...new Set(rows.map((r) => r.request))]) {
      const cells = SIZES.map((size) => rows.find((r) => r.dialect === dialect && r.size === size && r.request === request)).map((r) =>
        r ? `${fmt(r.median)} / ${fmt(r.p95)}` : '–',
      );
      console.log(`| ${dialect} | ${request} | ${cells.join(' | ')} |`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
