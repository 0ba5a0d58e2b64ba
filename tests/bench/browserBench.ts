// What the browser benches share: the production build (made once per run, into a private directory so a concurrent
// `vite build` into dist/ cannot change what is measured), the real server serving it on a fresh data dir, Chromium,
// and a one-heading page from a bare server (the paint time no page can beat on this machine at this moment).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { createServer } from '../../server/server.js';
import { loadConfig } from '../../server/config.js';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

let built: string | null = null;

/** The client build the benches serve: BENCH_CLIENT_DIR when given, else one build per bench run. */
export function benchClientDir(): string {
  if (process.env.BENCH_CLIENT_DIR) return process.env.BENCH_CLIENT_DIR;
  if (built) return built;
  const outDir = path.join(ROOT, '.tmp/bench-dist');
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  return (built = outDir);
}

export interface BrowserBench {
  /** The Keyflow server, e.g. http://127.0.0.1:41234 */
  base: string;
  bareUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startBrowserBench(name: string): Promise<BrowserBench> {
  const clientDir = benchClientDir();
  const dataDir = mkdtempSync(path.join(tmpdir(), `keyflow-bench-${name}-`));
  const config = loadConfig({ KEYFLOW_LOG: '0', KEYFLOW_RATE_LIMIT: '0' }, { dataDir, clientDir, serveClient: true, port: 0, host: '127.0.0.1' });
  const app = await createServer(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const bare = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><html><head><title>x</title></head><body><h1>Hello</h1></body></html>');
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  return {
    base,
    bareUrl,
    browser,
    async close() {
      await browser.close();
      await app.close();
      bare.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One JSON call to the bench server's API; throws on an error status. */
export async function benchApi(base: string, method: string, p: string, body?: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}/api/v1${p}`, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** The benches' person on a fresh server: registered, signed in, with an empty list "Bench" in their namespace. */
export async function benchAccount(base: string): Promise<{ token: string; listId: number }> {
  await benchApi(base, 'POST', '/register', { username: 'bench', email: 'bench@example.com', password: 'bench password 1' });
  const { token } = (await benchApi(base, 'POST', '/login', { username: 'bench', password: 'bench password 1' })) as { token: string };
  const namespaces = (await benchApi(base, 'GET', '/namespaces', undefined, token)) as unknown as { id: number }[];
  const list = await benchApi(base, 'PUT', `/namespaces/${namespaces.find((n) => n.id > 0)!.id}/lists`, { title: 'Bench' }, token);
  return { token, listId: list.id as number };
}

/**
 * Init-script text (a string, so no bundler helper leaks into the page) that notes when rows matching `selector` first
 * appear anywhere in the page (window.__firstRows, and the mark kf-first-rows for traces), and when the app's own do,
 * in #root (window.__appRows). A returning person's last screen is painted in a closed shadow root
 * (src/local/showScreen.js), which a query of the document cannot see: every shadow root is watched as it is attached.
 */
export function observeRows(selector: string): string {
  return `(() => {
    const selector = ${JSON.stringify(selector)};
    const shadows = [];
    const mo = new MutationObserver(() => {
      if (!window.__firstRows && (document.querySelector(selector) || shadows.some((r) => r.querySelector(selector)))) { window.__firstRows = performance.now(); performance.mark('kf-first-rows'); }
      if (!window.__appRows && document.querySelector('#root ' + selector)) { window.__appRows = performance.now(); mo.disconnect(); }
    });
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attach.call(this, init);
      shadows.push(root);
      mo.observe(root, { childList: true, subtree: true });
      return root;
    };
    mo.observe(document, { childList: true, subtree: true });
  })()`;
}
