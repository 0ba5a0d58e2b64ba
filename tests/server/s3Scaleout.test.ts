// Two server processes on one PostgreSQL database sharing one S3 bucket, each with its own data folder: a file
// uploaded through one is downloaded through the other, deleted through the other it is gone for both, and neither
// data folder holds any of it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, freshPostgresDatabase, api, freePort, type ServerProcess } from './processes.js';
import { multipartBody } from './multipart.js';
import { startTestBucket, type TestBucket } from './s3server.js';

const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;
const suite = adminUrl ? describe : describe.skip;

suite(
  adminUrl
    ? 'two server processes sharing one S3 bucket'
    : 'two server processes sharing one S3 bucket (skipped: set KEYFLOW_TEST_DATABASE_URL to a PostgreSQL server to run)',
  () => {
    let bucket: TestBucket;
    let a: ServerProcess;
    let b: ServerProcess;
    let drop: () => Promise<void>;
    const dirs: string[] = [];

    beforeAll(async () => {
      bucket = await startTestBucket();
      const fresh = await freshPostgresDatabase(adminUrl!, 'kf_s3');
      drop = fresh.drop;
      dirs.push(mkdtempSync(path.join(tmpdir(), 'keyflow-s3-a-')), mkdtempSync(path.join(tmpdir(), 'keyflow-s3-b-')));
      const env = { ...bucket.env, DATABASE_URL: fresh.url, KEYFLOW_JWT_SECRET: 's3-scaleout-secret', KEYFLOW_RATE_LIMIT: '0' };
      const [portA, portB] = [await freePort(), await freePort()];
      [a, b] = await Promise.all([
        startServerProcess(portA, { ...env, KEYFLOW_DATA_DIR: dirs[0] }),
        startServerProcess(portB, { ...env, KEYFLOW_DATA_DIR: dirs[1] }),
      ]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await drop?.();
      await bucket?.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('uploads through one process, downloads and deletes through the other', async () => {
      await api(a.api, 'POST', '/register', { body: { username: 'sharer', email: 'sharer@example.com', password: 'long-enough-password' } });
      const token = (await api(a.api, 'POST', '/login', { body: { username: 'sharer', password: 'long-enough-password' } })).body.token as string;
      const ns = await api(a.api, 'PUT', '/namespaces', { token, body: { title: 'Shared' } });
      const list = await api(a.api, 'PUT', `/namespaces/${ns.body.id}/lists`, { token, body: { title: 'Files' } });
      const task = await api(a.api, 'PUT', `/lists/${list.body.id}`, { token, body: { title: 'with a file' } });
      const data = Buffer.alloc(200_000, 'shared-');
      const { payload, headers } = multipartBody([{ field: 'files', filename: 'shared.txt', contentType: 'text/plain', data }]);
      const up = await fetch(`${a.api}/tasks/${task.body.id}/attachments`, {
        method: 'PUT',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: new Uint8Array(payload),
      });
      expect(up.status).toBe(200);
      const attachmentId = ((await up.json()) as { success: { id: number }[] }).success[0].id;
      expect(await bucket.keys()).toHaveLength(1);

      const url = (p: ServerProcess) => `${p.api}/tasks/${task.body.id}/attachments/${attachmentId}`;
      const got = await fetch(url(b), { headers: { authorization: `Bearer ${token}` } });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-length')).toBe(String(data.length));
      expect(got.headers.get('content-disposition')).toContain('shared.txt');
      expect(Buffer.from(await got.arrayBuffer()).equals(data)).toBe(true);

      expect((await api(b.api, 'DELETE', `/tasks/${task.body.id}/attachments/${attachmentId}`, { token })).status).toBe(200);
      expect(await bucket.keys()).toEqual([]);
      expect((await fetch(url(a), { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      for (const d of dirs) expect(existsSync(path.join(d, 'files'))).toBe(false);
    }, 60_000);
  },
);
