// `keyflow backup` under load and `keyflow restore` into a fresh folder: every write acknowledged before the backup
// began is there after the restore, and so are the stored files (SQLite; PostgreSQL is backed up with pg_dump).
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, compiledServer, api, freePort, type ServerProcess } from './processes.js';
import { multipartBody, TINY_PNG } from './multipart.js';

/** The release's own command (`keyflow backup|restore …`), as a service's operator runs it. */
function keyflow(args: string[], dataDir: string, env: Record<string, string> = {}): { status: number | null; out: string } {
  const res = spawnSync(process.execPath, [compiledServer(), ...args], {
    env: { ...process.env, KEYFLOW_DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    encoding: 'utf8',
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

describe('backup and restore', () => {
  it('keeps every write acknowledged before a backup taken under load, and the files', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'keyflow-backup-'));
    const dataDir = path.join(root, 'data');
    const backupDir = path.join(root, 'backup');
    const restoredDir = path.join(root, 'restored');
    const env = { KEYFLOW_DATA_DIR: dataDir, KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: 'backup-test-secret' };
    let server: ServerProcess | null = await startServerProcess(await freePort(), env);
    try {
      await api(server.api, 'POST', '/register', { body: { username: 'keeper', email: 'keeper@example.com', password: 'long-enough-password' } });
      const token = (await api(server.api, 'POST', '/login', { body: { username: 'keeper', password: 'long-enough-password' } })).body.token as string;
      const ns = await api(server.api, 'PUT', '/namespaces', { token, body: { title: 'Keep' } });
      const list = await api(server.api, 'PUT', `/namespaces/${ns.body.id}/lists`, { token, body: { title: 'Writes' } });
      const first = await api(server.api, 'PUT', `/lists/${list.body.id}`, { token, body: { title: 'with a file' } });
      const { payload, headers } = multipartBody([{ field: 'files', filename: 'pixel.png', contentType: 'image/png', data: TINY_PNG }]);
      const upload = await fetch(`${server.api}/tasks/${first.body.id}/attachments`, {
        method: 'PUT',
        headers: { ...headers, authorization: `Bearer ${token}` },
        body: new Uint8Array(payload),
      });
      expect(upload.status).toBe(200);

      const acked: number[] = [];
      let writing = true;
      const base = server.api;
      const writer = async (w: number) => {
        for (let n = 0; writing; n++) {
          const res = await api(base, 'PUT', `/lists/${list.body.id}`, { token, body: { title: `w${w}-${n}` } });
          if (res.status === 201) acked.push(res.body.id as number);
        }
      };
      const writers = Array.from({ length: 8 }, (_, w) => writer(w));
      while (acked.length < 100) await new Promise((r) => setTimeout(r, 20));
      const ackedBeforeBackup = [...acked];
      const backup = keyflow(['backup', backupDir], dataDir);
      writing = false;
      await Promise.all(writers);
      expect(backup.out).toContain('Backed up');
      expect(backup.status).toBe(0);
      // Backing up into a folder that already holds one is refused, not merged.
      expect(keyflow(['backup', backupDir], dataDir).status).toBe(1);
      await server.stop();
      server = null;

      const restore = keyflow(['restore', backupDir], restoredDir);
      expect(restore.status).toBe(0);
      expect(existsSync(path.join(restoredDir, 'keyflow.db'))).toBe(true);
      // A second restore over a database needs --force.
      expect(keyflow(['restore', backupDir], restoredDir).status).toBe(1);

      server = await startServerProcess(await freePort(), { ...env, KEYFLOW_DATA_DIR: restoredDir });
      const token2 = (await api(server.api, 'POST', '/login', { body: { username: 'keeper', password: 'long-enough-password' } })).body.token as string;
      const stored = new Set<number>();
      for (let page = 1; ; page++) {
        const res = await api(server.api, 'GET', `/lists/${list.body.id}/tasks?per_page=200&page=${page}`, { token: token2 });
        for (const t of res.body as { id: number }[]) stored.add(t.id);
        if (page >= Number(res.headers.get('x-pagination-total-pages'))) break;
      }
      expect(ackedBeforeBackup.filter((id) => !stored.has(id))).toEqual([]);
      const attachments = await api(server.api, 'GET', `/tasks/${first.body.id}/attachments`, { token: token2 });
      const file = await fetch(`${server.api}/tasks/${first.body.id}/attachments/${attachments.body[0].id}`, {
        headers: { authorization: `Bearer ${token2}` },
      });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    } finally {
      await server?.stop();
      rmSync(root, { recursive: true, force: true });
    }
  }, 180_000);

  it("backs up the database and says the S3 bucket is backed up with the provider's tools", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'keyflow-backup-s3-'));
    try {
      const dataDir = path.join(root, 'data');
      mkdirSync(dataDir);
      const db = new Database(path.join(dataDir, 'keyflow.db'));
      db.exec("create table kept (v text); insert into kept values ('row')");
      db.close();
      const s3 = { KEYFLOW_S3_BUCKET: 'keyflow-files' };
      const backup = keyflow(['backup', path.join(root, 'backup')], dataDir, s3);
      expect(backup.status).toBe(0);
      expect(backup.out).toContain('Backed up');
      expect(backup.out).toContain('Stored files are in the S3 bucket "keyflow-files"');
      expect(existsSync(path.join(root, 'backup', 'keyflow.db'))).toBe(true);
      const restore = keyflow(['restore', path.join(root, 'backup')], path.join(root, 'restored'), s3);
      expect(restore.status).toBe(0);
      expect(restore.out).toContain('Stored files are in the S3 bucket "keyflow-files"');
      // Without the bucket nothing is said about one.
      expect(keyflow(['backup', path.join(root, 'backup2')], dataDir).out).not.toContain('S3 bucket');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
