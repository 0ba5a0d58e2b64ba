// Stored files in an S3-compatible bucket (KEYFLOW_S3_BUCKET), against a real S3-API server: attachments, list
// backgrounds, avatars and data exports go to the bucket and come back with the headers of the local store, deleting
// removes the object, and nothing of them is written under the data folder.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testServer, makeUser, call, type TestUser } from './helpers.js';
import { multipartBody, TINY_PNG } from './multipart.js';
import { startTestBucket, type TestBucket } from './s3server.js';
import { startServerProcess } from './processes.js';

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('stored files in an S3 bucket', () => {
  let bucket: TestBucket;
  let app: FastifyInstance;
  let u: TestUser;
  let dataDir: string;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    bucket = await startTestBucket();
    // The SDK reads its standard environment, as a deployed server does.
    for (const [k, v] of Object.entries(bucket.env)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-s3-data-'));
    app = await testServer({ dataDir, s3: { bucket: bucket.bucket, forcePathStyle: true } });
    u = await makeUser(app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await bucket?.close();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (url: string, field: string, filename: string, contentType: string, data: Buffer) => {
    const { payload, headers } = multipartBody([{ field, filename, contentType, data }]);
    return app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: { ...headers, authorization: `Bearer ${u.token}` }, payload });
  };
  const fileIds = async () => (await app.ctx.db.selectFrom('files').select('id').orderBy('id').execute()).map((r) => `files/${r.id}`);

  it('keeps attachments in the bucket: upload, download with the usual headers, delete', async () => {
    const ns = await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'S3' } });
    const list = await call(app, 'PUT', `/namespaces/${ns.json().id}/lists`, { token: u.token, body: { title: 'Files' } });
    const task = await call(app, 'PUT', `/lists/${list.json().id}`, { token: u.token, body: { title: 'with a file' } });
    // Larger than one read chunk, so the download is really streamed in pieces.
    const data = Buffer.alloc(300_000, 'keyflow-');
    const res = await upload(`/tasks/${task.json().id}/attachments`, 'files', 'notes.txt', 'text/plain', data);
    expect(res.statusCode).toBe(200);
    const attachment = res.json().success[0];
    expect(await bucket.keys()).toEqual(await fileIds());
    expect(await bucket.keys()).toHaveLength(1);

    const got = await call(app, 'GET', `/tasks/${task.json().id}/attachments/${attachment.id}`, { token: u.token });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
    expect(got.headers['content-type']).toMatch(/^text\/plain/);
    expect(got.headers['content-disposition']).toContain('notes.txt');
    expect(got.headers['content-length']).toBe(String(data.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');

    const del = await call(app, 'DELETE', `/tasks/${task.json().id}/attachments/${attachment.id}`, { token: u.token });
    expect(del.statusCode).toBe(200);
    expect(await bucket.keys()).toEqual([]);
  });

  it('uploads a large attachment to the bucket in parts and reads it back whole', async () => {
    const ns = await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'Large' } });
    const list = await call(app, 'PUT', `/namespaces/${ns.json().id}/lists`, { token: u.token, body: { title: 'Big files' } });
    const task = await call(app, 'PUT', `/lists/${list.json().id}`, { token: u.token, body: { title: 'with a big file' } });
    // Above the 8 MB part size: a multipart upload.
    const data = Buffer.alloc(9 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32BE(i, i);
    const res = await upload(`/tasks/${task.json().id}/attachments`, 'files', 'big.bin', 'application/octet-stream', data);
    expect(res.statusCode).toBe(200);
    const attachment = res.json().success[0];
    const got = await call(app, 'GET', `/tasks/${task.json().id}/attachments/${attachment.id}`, { token: u.token });
    expect(got.headers['content-length']).toBe(String(data.length));
    expect(got.rawPayload.equals(data)).toBe(true);
    expect((await call(app, 'DELETE', `/tasks/${task.json().id}/attachments/${attachment.id}`, { token: u.token })).statusCode).toBe(200);
    expect(await bucket.keys()).toEqual([]);
  }, 60_000);

  it('keeps list backgrounds in the bucket: upload, download, replace, delete', async () => {
    const ns = await call(app, 'PUT', '/namespaces', { token: u.token, body: { title: 'Backgrounds' } });
    const list = (await call(app, 'PUT', `/namespaces/${ns.json().id}/lists`, { token: u.token, body: { title: 'Pretty' } })).json();
    expect((await upload(`/lists/${list.id}/backgrounds/upload`, 'background', 'bg.png', 'image/png', TINY_PNG)).statusCode).toBe(200);
    const first = await bucket.keys();
    expect(first).toHaveLength(1);
    const got = await call(app, 'GET', `/lists/${list.id}/background`, { token: u.token });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-length']).toBe(String(TINY_PNG.length));

    // A new background replaces the old object.
    expect((await upload(`/lists/${list.id}/backgrounds/upload`, 'background', 'bg2.png', 'image/png', TINY_PNG)).statusCode).toBe(200);
    const second = await bucket.keys();
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);

    // A duplicated list gets its own copy of the object, streamed from the bucket back into it.
    const dup = await call(app, 'PUT', `/lists/${list.id}/duplicate`, { token: u.token, body: { namespace_id: ns.json().id } });
    expect(dup.statusCode).toBe(201);
    expect(await bucket.keys()).toHaveLength(2);
    const copy = await call(app, 'GET', `/lists/${dup.json().List.id}/background`, { token: u.token });
    expect(copy.rawPayload.equals(TINY_PNG)).toBe(true);

    expect((await call(app, 'DELETE', `/lists/${list.id}/background`, { token: u.token })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/lists/${dup.json().List.id}/background`, { token: u.token })).statusCode).toBe(200);
    expect(await bucket.keys()).toEqual([]);
  });

  it('keeps avatars in the bucket: upload, serve, replace', async () => {
    expect((await upload('/user/settings/avatar/upload', 'avatar', 'me.png', 'image/png', TINY_PNG)).statusCode).toBe(200);
    expect((await call(app, 'POST', '/user/settings/avatar', { token: u.token, body: { avatar_provider: 'upload' } })).statusCode).toBe(200);
    const first = await bucket.keys();
    expect(first).toHaveLength(1);
    const got = await app.inject({ method: 'GET', url: `/api/v1/avatar/${u.username}` });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=300');
    expect(got.headers['content-length']).toBe(String(TINY_PNG.length));

    expect((await upload('/user/settings/avatar/upload', 'avatar', 'me2.png', 'image/png', TINY_PNG)).statusCode).toBe(200);
    const second = await bucket.keys();
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
  });

  it('keeps data exports in the bucket, and a new export replaces the old one', async () => {
    const before = new Set(await bucket.keys());
    const req = await call(app, 'POST', '/user/export/request', { token: u.token, body: { password: u.password } });
    expect(req.statusCode).toBe(200);
    const added = (await bucket.keys()).filter((k) => !before.has(k));
    expect(added).toHaveLength(1);
    const got = await call(app, 'POST', '/user/export/download', { token: u.token, body: { password: u.password } });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/zip');
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.headers['content-disposition']).toMatch(/^attachment; filename="keyflow-export-/);
    expect(got.headers['content-length']).toBe(String(got.rawPayload.length));
    // A zip archive: the local file header's signature.
    expect(got.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');

    expect((await call(app, 'POST', '/user/export/request', { token: u.token, body: { password: u.password } })).statusCode).toBe(200);
    const now = (await bucket.keys()).filter((k) => !before.has(k));
    expect(now).toHaveLength(1);
    expect(now).not.toEqual(added);
  });

  it('writes none of the stored files under the data folder', async () => {
    expect(await bucket.keys()).toEqual(await fileIds());
    // The generated token secret and the mail drop (no SMTP here) are all the data folder holds.
    expect(filesUnder(dataDir).filter((f) => f !== 'jwt-secret' && !f.startsWith(`mail${path.sep}`))).toEqual([]);
  });

  it('refuses to start a server whose bucket does not exist, saying which', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keyflow-s3-missing-'));
    try {
      const port = 40_000 + Math.floor(Math.random() * 20_000);
      await expect(startServerProcess(port, { ...bucket.env, KEYFLOW_S3_BUCKET: 'no-such-bucket', KEYFLOW_DATA_DIR: dir })).rejects.toThrow(
        /The S3 bucket "no-such-bucket" \(KEYFLOW_S3_BUCKET\) cannot be used: it does not exist/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
