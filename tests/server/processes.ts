// Real server processes for tests, run as a service runs them (the server compiled to JavaScript, one node process),
// and the PostgreSQL databases they share.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

let compiled: string | null = null;

/** The server compiled from the sources as they are now, once per test process (build/server.mjs, as in dist/). */
export function compiledServer(): string {
  if (compiled) return compiled;
  const outdir = path.join(ROOT, '.tmp', `server-build-${process.pid}`);
  const res = spawnSync(process.execPath, [path.join(ROOT, 'build/server.mjs'), '--outdir', outdir], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`building the server failed:\n${res.stderr}`);
  compiled = path.join(outdir, 'start.js');
  return compiled;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** The API base, e.g. http://127.0.0.1:3602/api/v1 */
  api: string;
  /** Ends the process with a signal and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts the compiled server in its own process on `port` and resolves once it listens. `env` adds to (and may
 * override) a quiet default environment; DATABASE_URL and KEYFLOW_DATA_DIR come from the caller.
 */
export function startServerProcess(port: number, env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const { KEYFLOW_TEST_DATABASE_URL: _admin, DATABASE_URL: _db, KEYFLOW_JWT_SECRET: _secret, ...inherited } = process.env;
  const child = spawn(process.execPath, [compiledServer()], {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', KEYFLOW_LOG: '0', KEYFLOW_SERVE_CLIENT: '0', KEYFLOW_BCRYPT_COST: '4', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`server on port ${port} did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Keyflow is running')) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        // Keep draining the pipes so a chatty server never blocks on a full one.
        child.stdout!.resume();
        resolve({ child, port, api: `http://127.0.0.1:${port}/api/v1`, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server on port ${port} exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty (unmigrated) database on the server of `adminUrl`; `drop` removes it. */
export async function freshPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** JSON over HTTP against a server process. */
// The body is whatever JSON the route answers; each test asserts the fields it reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJson = any;
export async function api(
  base: string,
  method: string,
  route: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: AnyJson; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${route}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body, headers: res.headers };
}
