import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestServer, makeUser, call, type TestUser } from './helpers.js';

describe('service routes: /docs.json, /docs, /tokenTest, /health', () => {
  let app: FastifyInstance;
  let u: TestUser;
  beforeAll(async () => {
    app = await createTestServer();
    u = await makeUser(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it('/docs.json describes the routes this server registers, without a token', async () => {
    const res = await call(app, 'GET', '/docs.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { swagger: string; basePath: string; paths: Record<string, Record<string, { parameters: { name: string }[]; security?: unknown[] }>> };
    expect(doc.swagger).toBe('2.0');
    expect(doc.basePath).toBe('/api/v1');
    // Path parameters in swagger form, with their names, and only a token's routes marked as needing one.
    expect(Object.keys(doc.paths['/lists/{list}/tasks'])).toEqual(expect.arrayContaining(['get']));
    expect(doc.paths['/tasks/{task}'].post.parameters.map((p) => p.name)).toEqual(['task']);
    expect(doc.paths['/tasks/{task}'].post.security).toBeDefined();
    expect(doc.paths['/info'].get.security).toBeUndefined();
    expect(doc.paths['/login'].post.security).toBeUndefined();
    expect(doc.paths['/migration/ticktick/migrate'].put).toBeDefined();
    // HEAD twins of GET routes are not listed, and nothing outside the API base is.
    expect(Object.values(doc.paths).some((ops) => 'head' in ops)).toBe(false);
    expect(doc.paths['/health']).toBeUndefined();
  });

  it('/docs is a page listing the routes', async () => {
    const res = await call(app, 'GET', '/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<code>/api/v1/lists/:list/tasks</code>');
    expect(res.body).toContain('href="/api/v1/docs.json"');
  });

  it('POST /tokenTest answers 418 to a valid token and 401 without one', async () => {
    let res = await call(app, 'POST', '/tokenTest', { token: u.token });
    expect(res.statusCode).toBe(418);
    expect(res.json().message).toBeTruthy();
    res = await call(app, 'POST', '/tokenTest');
    expect(res.statusCode).toBe(401);
    res = await call(app, 'POST', '/tokenTest', { token: 'not-a-token' });
    expect(res.statusCode).toBe(401);
  });

  it('GET /health answers OK outside the API base while the database answers, 503 when it does not', async () => {
    let res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    const broken = await createTestServer();
    await broken.ctx.db.destroy();
    res = await broken.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    await broken.close().catch(() => undefined);
  });
});
