// The built client as the server sends it: compressed copies when accepted, year-long caching only for hashed assets, the SPA fallback.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { testServer } from './helpers';
import { cacheControlFor } from '../../server/static';

const script = 'console.log("keyflow");'.repeat(200);
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'keyflow-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Keyflow</title>');
  writeFileSync(path.join(dir, 'sw.js'), 'self.skipWaiting()');
  const asset = path.join(dir, 'assets', 'index-Ab3dE9_x.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  app = await testServer({ serveClient: true, clientDir: dir });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('client files', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that only takes gzip, the file otherwise', async () => {
    const br = await app.inject({ url: '/assets/index-Ab3dE9_x.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    const gz = await app.inject({ url: '/assets/index-Ab3dE9_x.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-Ab3dE9_x.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('caches hashed assets for a year and makes everything else revalidate', async () => {
    const asset = await app.inject({ url: '/assets/index-Ab3dE9_x.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await app.inject({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(cacheControlFor('/assets/logo.svg')).toBe('no-cache');
  });

  it('answers other GETs with index.html; API paths and non-GETs never get the page', async () => {
    const page = await app.inject({ url: '/lists/4/kanban' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.payload).toContain('<title>Keyflow</title>');
    // Unknown API paths never get the page (without a token the auth check answers first).
    const api = await app.inject({ url: '/api/v1/nothing-here' });
    expect([401, 404]).toContain(api.statusCode);
    expect(api.headers['content-type']).toMatch(/json/);
    expect((await app.inject({ method: 'POST', url: '/lists/4' })).statusCode).toBe(404);
  });
});
