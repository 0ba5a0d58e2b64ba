// A server killed with SIGKILL in the middle of writes: after a restart on the same database every write it had
// acknowledged is there (SQLite file database always; PostgreSQL too when KEYFLOW_TEST_DATABASE_URL names one).
import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, freshPostgresDatabase, api } from './processes.js';

// This checkout's own port; KEYFLOW_CRASH_PORT picks another.
const PORT = Number(process.env.KEYFLOW_CRASH_PORT ?? 3502);
const WRITERS = 16;
const MIN_ACKED = 150;
const MAX_WRITE_MS = 10_000;
const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;

interface Acked {
  id: number;
  title: string;
}

/** Runs writers against the server until it dies; returns every write it answered with success. */
async function writeUntilKilled(base: string, token: string, listId: number, kill: () => Promise<void>): Promise<{ created: Acked[]; updated: Acked[]; comments: Acked[] }> {
  const created: Acked[] = [];
  const updated: Acked[] = [];
  const comments: Acked[] = [];
  // Writers keep writing while the kill lands (so writes are in flight when it does), and stop once it has.
  let killing = false;
  let dead = false;
  const writer = async (w: number) => {
    for (let n = 0; !dead; n++) {
      try {
        const title = `w${w}-${n}`;
        const task = await api(base, 'PUT', `/lists/${listId}`, { token, body: { title } });
        if (task.status !== 201) throw new Error(`create answered ${task.status}`);
        created.push({ id: task.body.id, title });
        const edit = await api(base, 'POST', `/tasks/${task.body.id}`, { token, body: { ...task.body, title: `${title} edited` } });
        if (edit.status !== 200) throw new Error(`update answered ${edit.status}`);
        updated.push({ id: task.body.id, title: `${title} edited` });
        const comment = await api(base, 'PUT', `/tasks/${task.body.id}/comments`, { token, body: { comment: `note ${title}` } });
        if (comment.status !== 201) throw new Error(`comment answered ${comment.status}`);
        comments.push({ id: comment.body.id, title: `note ${title}` });
      } catch (err) {
        // Refused connections and cut-off answers are the kill; anything before it is a failure of the test.
        if (!killing) throw err;
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  // Enough writes for the kill to land among them, bounded in time on a slow machine.
  const until = Date.now() + MAX_WRITE_MS;
  while (created.length + updated.length + comments.length < MIN_ACKED && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  killing = true;
  await kill();
  dead = true;
  await Promise.all(writers);
  return { created, updated, comments };
}

async function crashAndCheck(env: Record<string, string>): Promise<void> {
  let server = await startServerProcess(PORT, env);
  try {
    const reg = await api(server.api, 'POST', '/register', { body: { username: 'crash', email: 'crash@example.com', password: 'long-enough-password' } });
    expect(reg.status).toBe(200);
    const token = (await api(server.api, 'POST', '/login', { body: { username: 'crash', password: 'long-enough-password' } })).body.token as string;
    const ns = await api(server.api, 'PUT', '/namespaces', { token, body: { title: 'Crash' } });
    const list = await api(server.api, 'PUT', `/namespaces/${ns.body.id}/lists`, { token, body: { title: 'Writes' } });
    const running = server;
    const acked = await writeUntilKilled(server.api, token, list.body.id, () => running.stop('SIGKILL'));
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(acked.created.length).toBeGreaterThan(0);

    server = await startServerProcess(PORT, env);
    const token2 = (await api(server.api, 'POST', '/login', { body: { username: 'crash', password: 'long-enough-password' } })).body.token as string;
    const stored = new Map<number, string>();
    for (let page = 1; ; page++) {
      const res = await api(server.api, 'GET', `/lists/${list.body.id}/tasks?per_page=200&page=${page}`, { token: token2 });
      expect(res.status).toBe(200);
      for (const t of res.body as { id: number; title: string }[]) stored.set(t.id, t.title);
      if (page >= Number(res.headers.get('x-pagination-total-pages'))) break;
    }
    const lost = acked.created.filter((c) => !stored.has(c.id));
    expect(lost).toEqual([]);
    // An acknowledged edit is stored (an unacknowledged one may or may not be).
    const unedited = acked.updated.filter((u) => stored.get(u.id) !== u.title);
    expect(unedited).toEqual([]);
    for (const c of acked.comments.slice(-20)) {
      const taskId = acked.updated.find((u) => c.title === `note ${u.title.replace(/ edited$/, '')}`)!.id;
      const comments = await api(server.api, 'GET', `/tasks/${taskId}/comments`, { token: token2 });
      expect((comments.body as { comment: string }[]).map((x) => x.comment)).toContain(c.title);
    }
  } finally {
    await server.stop();
  }
}

describe('SIGKILL during writes', () => {
  it('keeps every acknowledged write of a SQLite file database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-crash-'));
    try {
      await crashAndCheck({ KEYFLOW_DATA_DIR: dataDir, KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: 'crash-test-secret' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it.skipIf(!adminUrl)('keeps every acknowledged write on PostgreSQL (needs KEYFLOW_TEST_DATABASE_URL)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-crash-'));
    const db = await freshPostgresDatabase(adminUrl!, 'kf_crash');
    try {
      await crashAndCheck({ KEYFLOW_DATA_DIR: dataDir, DATABASE_URL: db.url, KEYFLOW_RATE_LIMIT: '0', KEYFLOW_JWT_SECRET: 'crash-test-secret' });
    } finally {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
