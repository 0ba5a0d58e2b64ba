// Security headers on every kind of response: API JSON, API errors, the app's HTML, assets, the SPA fallback, user files.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestServer } from '../../server/server.js';
import { inlineScriptHashes } from '../../server/securityHeaders.js';
import { call, makeWorld, makeTask, type World } from './fixtures.js';
import { multipartBody, TINY_PNG } from './multipart.js';

const bootScript = "window.API_URL = '/api/v1';";
const html = `<!doctype html><html><head><script>${bootScript}</script><script type="module" src="/assets/index-Ab3dE9_x.js"></script></head><body></body></html>`;

let dir: string;
let app: FastifyInstance;
let w: World;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'keyflow-headers-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), html);
  writeFileSync(path.join(dir, 'assets', 'index-Ab3dE9_x.js'), 'console.log(1)');
  app = await createTestServer({ serveClient: true, clientDir: dir });
  w = await makeWorld(app);
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

type Headers = Record<string, string | string[] | number | undefined>;

/** What every response carries, whatever it is. */
function expectBaseline(h: Headers, label: string) {
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBe('no-referrer');
  expect(h['x-frame-options'], label).toBe('DENY');
  expect(String(h['permissions-policy']), label).toMatch(/camera=\(\).*geolocation=\(\)/);
  expect(String(h['content-security-policy']), label).toBeTruthy();
}

function directives(h: Headers): Map<string, string> {
  return new Map(String(h['content-security-policy']).split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...rest] = d.split(/\s+/);
    return [name, rest.join(' ')] as [string, string];
  }));
}

describe('security headers', () => {
  it('the app: a strict policy whose scripts are this origin plus the hash of the boot script, and no framing', async () => {
    for (const url of ['/', '/tasks/12', '/lists/3/kanban']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expectBaseline(res.headers, url);
      const csp = directives(res.headers);
      const hash = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;
      expect(csp.get('script-src'), url).toBe(`'self' ${hash}`);
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('default-src')).toBe("'self'");
    }
  });

  it('hashes only inline scripts, not ones loaded from a file', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="module">x()</script>')).toEqual([`'sha256-${createHash('sha256').update('x()').digest('base64')}'`]);
  });

  it('assets carry the same headers', async () => {
    const res = await app.inject({ url: '/assets/index-Ab3dE9_x.js' });
    expect(res.statusCode).toBe(200);
    expectBaseline(res.headers, 'asset');
  });

  it('API JSON, API errors and preflights: a policy that allows nothing', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const answers = [
      ['json', await call(app, 'GET', `/tasks/${t.id}`, { token: w.tokens.owner })],
      ['401', await call(app, 'GET', `/tasks/${t.id}`)],
      ['404 code', await call(app, 'GET', '/tasks/999999', { token: w.tokens.owner })],
      ['404 route', await call(app, 'GET', '/nothing/here', { token: w.tokens.owner })],
      ['400 json', await app.inject({ method: 'POST', url: '/api/v1/login', headers: { 'content-type': 'application/json' }, payload: '{' })],
      ['preflight', await app.inject({ method: 'OPTIONS', url: '/api/v1/tasks/1' })],
    ] as const;
    for (const [label, res] of answers) {
      expectBaseline(res.headers, label);
      expect(res.headers['content-security-policy'], label).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('user files: nosniff and a sandboxing policy; HTML and SVG attachments only as downloads', async () => {
    const t = await makeTask(app, w.tokens.owner, w.listId);
    const upload = async (filename: string, contentType: string, data: Buffer) => {
      const { payload, headers } = multipartBody([{ field: 'files', filename, contentType, data }]);
      const res = await app.inject({ method: 'PUT', url: `/api/v1/tasks/${t.id}/attachments`, headers: { ...headers, authorization: `Bearer ${w.tokens.owner}` }, payload });
      return res.json().success[0].id as number;
    };
    for (const [name, type, data] of [
      ['page.html', 'text/html', Buffer.from('<script>alert(document.domain)</script>')],
      ['pic.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['pic.png', 'application/octet-stream', TINY_PNG],
    ] as const) {
      const id = await upload(name, type, data);
      const res = await call(app, 'GET', `/tasks/${t.id}/attachments/${id}`, { token: w.tokens.owner });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['content-security-policy'], name).toBe("default-src 'none'; sandbox");
      expect(String(res.headers['content-disposition']), name).toMatch(/^attachment;/);
    }

    const bg = multipartBody([{ field: 'background', filename: 'bg.png', contentType: 'image/png', data: TINY_PNG }]);
    await app.inject({ method: 'PUT', url: `/api/v1/lists/${w.listId}/backgrounds/upload`, headers: { ...bg.headers, authorization: `Bearer ${w.tokens.owner}` }, payload: bg.payload });
    const background = await call(app, 'GET', `/lists/${w.listId}/background`, { token: w.tokens.owner });
    expect(background.statusCode).toBe(200);
    expect(background.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(background.headers['x-content-type-options']).toBe('nosniff');

    const avatar = await call(app, 'GET', `/avatar/${w.users.owner.username}`);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(avatar.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the health check outside the API carries them too', async () => {
    const res = await app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expectBaseline(res.headers, '/health');
  });
});
