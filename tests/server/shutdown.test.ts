// SIGTERM to the compiled server in the middle of writes: it stops accepting, answers every request it took, ends
// live streams with a reconnect hint, closes the database and exits 0 within the drain limit; after a restart every
// acknowledged write is there (SQLite file database; PostgreSQL too when KEYFLOW_TEST_DATABASE_URL names one).
import { describe, it, expect } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, freshPostgresDatabase, api, freePort, type ServerProcess } from './processes.js';
import { createTestServer } from '../../server/server.js';
import { drain } from '../../server/shutdown.js';

const WRITERS = 50;
const MIN_ACKED = 200;
const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;

/**
 * `reset`: the connection ended before any answer; `cut`: an answer began and did not finish. A reset on a connection
 * opened as the listener closed is the kernel's (its request was never read); on a reused one it would be a cut.
 */
type Outcome =
  | { kind: 'answer'; status: number; body: string; close: boolean }
  | { kind: 'refused' }
  | { kind: 'reset'; code: string; reused: boolean }
  | { kind: 'cut'; code: string };

/**
 * One request through a pool of kept-alive connections, as a reverse proxy sends them: a refused connection is told
 * apart from one cut after it was accepted.
 */
function request(agent: http.Agent, port: number, method: string, route: string, token: string, body: unknown): Promise<Outcome> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api/v1${route}`,
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ kind: 'answer', status: res.statusCode ?? 0, body: text, close: res.headers.connection === 'close' }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ kind: 'cut', code: err.code ?? err.message }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'reset', code: err.code ?? err.message, reused: req.reusedSocket }),
    );
    req.end(data);
  });
}

/** Reads a live stream until the server ends it; resolves with everything it sent. */
function readStream(port: number, route: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: `/api/v1${route}`, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function drainAndCheck(env: Record<string, string>): Promise<void> {
  const port = await freePort();
  let server: ServerProcess = await startServerProcess(port, env);
  try {
    await api(server.api, 'POST', '/register', { body: { username: 'drain', email: 'drain@example.com', password: 'long-enough-password' } });
    const token = (await api(server.api, 'POST', '/login', { body: { username: 'drain', password: 'long-enough-password' } })).body.token as string;
    const ns = await api(server.api, 'PUT', '/namespaces', { token, body: { title: 'Drain' } });
    const list = await api(server.api, 'PUT', `/namespaces/${ns.body.id}/lists`, { token, body: { title: 'Writes' } });
    const ticket = (await api(server.api, 'POST', '/events/ticket', { token })).body.ticket as string;
    const stream = readStream(port, `/events?ticket=${encodeURIComponent(ticket)}`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
    const acked = new Map<number, string>();
    const cut: string[] = [];
    let refused = false;
    const writer = async (w: number) => {
      for (let n = 0; !refused; n++) {
        const title = `w${w}-${n}`;
        const out = await request(agent, port, 'PUT', `/lists/${list.body.id}`, token, { title });
        // Like a proxy, a writer stops sending here once the server says it is going (refused, or an answer that
        // closes its connection).
        if (out.kind === 'refused') refused = true;
        else if (out.kind === 'cut' || (out.kind === 'reset' && out.reused)) cut.push(out.code);
        else if (out.kind === 'reset') refused = true;
        else {
          if (out.status === 201) acked.set(JSON.parse(out.body).id as number, title);
          else if (out.status !== 503) throw new Error(`a write answered ${out.status}: ${out.body}`);
          if (out.close) refused = true;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const until = Date.now() + 20_000;
    while (acked.size < MIN_ACKED && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    const ackedBefore = acked.size;
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exitCode = await new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    const tookMs = Date.now() - signalled;
    refused = true;
    await Promise.all(writers);
    agent.destroy();

    expect(ackedBefore).toBeGreaterThan(0);
    expect(exitCode).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    // Every request the server read was answered in full.
    expect(cut).toEqual([]);
    const streamed = await stream;
    expect(streamed.status).toBe(200);
    expect(streamed.text).toMatch(/retry: \d+\n: server stopping/);

    server = await startServerProcess(port, env);
    const token2 = (await api(server.api, 'POST', '/login', { body: { username: 'drain', password: 'long-enough-password' } })).body.token as string;
    const stored = new Set<number>();
    for (let page = 1; ; page++) {
      const res = await api(server.api, 'GET', `/lists/${list.body.id}/tasks?per_page=200&page=${page}`, { token: token2 });
      for (const t of res.body as { id: number }[]) stored.add(t.id);
      if (page >= Number(res.headers.get('x-pagination-total-pages'))) break;
    }
    expect([...acked.keys()].filter((id) => !stored.has(id))).toEqual([]);
  } finally {
    await server.stop();
  }
}

describe('SIGTERM while serving', () => {
  it('drains a SQLite server: every acknowledged write kept, no connection cut, exit 0 within 10 s', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-drain-'));
    try {
      await drainAndCheck({ KEYFLOW_DATA_DIR: dataDir, KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: 'drain-test-secret' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it.skipIf(!adminUrl)(
    'drains a PostgreSQL server the same way (needs KEYFLOW_TEST_DATABASE_URL)',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-drain-'));
      const db = await freshPostgresDatabase(adminUrl!, 'kf_drain');
      try {
        await drainAndCheck({ KEYFLOW_DATA_DIR: dataDir, DATABASE_URL: db.url, KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: 'drain-test-secret' });
      } finally {
        await db.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it('answers /health 503 and closes connections while it drains, then closes the database', async () => {
    const app = await createTestServer();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const health = () =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/health', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          })
          .on('error', reject);
      });
    expect((await health()).status).toBe(200);
    // The keep-alive connection is open: a check sent on it while the stop runs is answered, with 503.
    app.draining = true;
    const during = await health();
    const stopped = drain(app, 2000);
    await stopped;
    agent.destroy();
    expect(during).toEqual({ status: 503, connection: 'close' });
    await expect(health()).rejects.toThrow();
  });
});
