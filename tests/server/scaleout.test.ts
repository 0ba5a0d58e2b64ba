// Several server processes on one PostgreSQL database, as a deployment behind a reverse proxy runs them: started
// together on a fresh database, they migrate it once; what one writes the other reads at once (no per-process
// cache hides it); they share the sign-in rate limit and the JWT secret; background jobs run once between them.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, migrationNames, type Db } from '../../server/db/database.js';
import { startServerProcess, freshPostgresDatabase, api, type ServerProcess } from './processes.js';

const adminUrl = process.env.KEYFLOW_TEST_DATABASE_URL;
// This checkout's ports (+100 and +200 of its own); KEYFLOW_SCALEOUT_PORTS=a,b picks others.
const [PORT_A, PORT_B] = (process.env.KEYFLOW_SCALEOUT_PORTS ?? '3602,3702').split(',').map(Number);
const RATE_LIMIT = 40;

const suite = adminUrl ? describe : describe.skip;

suite(adminUrl ? 'two server processes on one PostgreSQL database' : 'two server processes on one PostgreSQL database (skipped: set KEYFLOW_TEST_DATABASE_URL to a PostgreSQL server to run)', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let db: Db;
  let dataDir: string;
  let drop: () => Promise<void>;
  const tokens: Record<string, string> = {};

  /** The subjects of the mails both processes wrote to the shared data directory (MIME encoded-words decoded). */
  const subjects = (): string[] => {
    const dir = path.join(dataDir, 'mail');
    if (!existsSync(dir)) return [];
    return readdirSync(dir).map((f) => {
      const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? '';
      return raw
        .replace(/\?=\s+=\?/g, '?==?')
        .replace(/\r?\n[ \t]/g, ' ')
        .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
          enc.toUpperCase() === 'B'
            ? Buffer.from(text, 'base64').toString('utf8')
            : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
        );
    });
  };

  const waitFor = async (what: () => boolean | Promise<boolean>, ms: number) => {
    const until = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > until) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(adminUrl!, 'kf_scaleout');
    drop = fresh.drop;
    dataDir = mkdtempSync(path.join(tmpdir(), 'keyflow-scaleout-'));
    // No KEYFLOW_JWT_SECRET: the processes take the one generated in their shared data directory.
    const env = { DATABASE_URL: fresh.url, KEYFLOW_DATA_DIR: dataDir, KEYFLOW_RATE_LIMIT: String(RATE_LIMIT), KEYFLOW_JOB_INTERVAL_MS: '250' };
    // Both at once, on a database nobody has migrated yet.
    [a, b] = await Promise.all([startServerProcess(PORT_A, env), startServerProcess(PORT_B, env)]);
    db = openDatabase(fresh.url);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.destroy();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('migrated the fresh database once, though both started on it at the same moment', async () => {
    const rows = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect((rows as { name: string }[]).map((r) => r.name).sort()).toEqual([...migrationNames]);
    for (const p of [a, b]) expect((await fetch(`http://127.0.0.1:${p.port}/health`)).status).toBe(200);
  });

  it('signs in through one process with an account registered through the other; each accepts the other\'s tokens', async () => {
    for (const [name, via] of [['ann', a], ['bob', b], ['cyd', a]] as const) {
      const reg = await api(via.api, 'POST', '/register', { body: { username: name, email: `${name}@example.com`, password: 'long-enough-password' } });
      expect(reg.status).toBe(200);
      const login = await api((via === a ? b : a).api, 'POST', '/login', { body: { username: name, password: 'long-enough-password' } });
      expect(login.status).toBe(200);
      tokens[name] = login.body.token;
    }
    expect((await api(a.api, 'GET', '/user', { token: tokens.bob })).body.username).toBe('bob');
    expect((await api(b.api, 'GET', '/user', { token: tokens.ann })).body.username).toBe('ann');
  });

  let listId = 0;
  it('reads through one process at once what was written through the other', async () => {
    const ns = await api(a.api, 'PUT', '/namespaces', { token: tokens.ann, body: { title: 'Home' } });
    expect(ns.status).toBe(201);
    const list = await api(b.api, 'PUT', `/namespaces/${ns.body.id}/lists`, { token: tokens.ann, body: { title: 'Chores' } });
    expect(list.status).toBe(201);
    listId = list.body.id;
    for (let i = 0; i < 10; i++) {
      const [writer, reader] = i % 2 ? [a, b] : [b, a];
      const created = await api(writer.api, 'PUT', `/lists/${listId}`, { token: tokens.ann, body: { title: `task ${i}` } });
      expect(created.status).toBe(201);
      const read = await api(reader.api, 'GET', `/tasks/${created.body.id}`, { token: tokens.ann });
      expect(read.body.title).toBe(`task ${i}`);
      const updated = await api(reader.api, 'POST', `/tasks/${created.body.id}`, { token: tokens.ann, body: { ...read.body, title: `task ${i} (edited)` } });
      expect(updated.status).toBe(200);
      expect((await api(writer.api, 'GET', `/tasks/${created.body.id}`, { token: tokens.ann })).body.title).toBe(`task ${i} (edited)`);
      // The page of the list, whose total and order SQLite would cache, counts the new task at once.
      const page = await api(writer.api, 'GET', `/lists/${listId}/tasks`, { token: tokens.ann });
      expect(page.body).toHaveLength(i + 1);
    }
  });

  it('shows a user renamed through one process renamed through the other, on their tasks too', async () => {
    const settings = (await api(a.api, 'GET', '/user', { token: tokens.ann })).body.settings;
    const renamed = await api(a.api, 'POST', '/user/settings/general', { token: tokens.ann, body: { ...settings, name: 'Ann Renamed' } });
    expect(renamed.status).toBe(200);
    expect((await api(b.api, 'GET', '/user', { token: tokens.ann })).body.name).toBe('Ann Renamed');
    const tasks = await api(b.api, 'GET', `/lists/${listId}/tasks`, { token: tokens.ann });
    expect(tasks.body[0].created_by.name).toBe('Ann Renamed');
  });

  it('grants and takes away access through one process, seen by the other at once', async () => {
    expect((await api(b.api, 'GET', `/lists/${listId}`, { token: tokens.bob })).status).toBe(403);
    const share = await api(a.api, 'PUT', `/lists/${listId}/users`, { token: tokens.ann, body: { user_id: 'bob', right: 1 } });
    expect(share.status).toBe(201);
    expect((await api(b.api, 'GET', `/lists/${listId}`, { token: tokens.bob })).status).toBe(200);
    expect((await api(b.api, 'PUT', `/lists/${listId}`, { token: tokens.bob, body: { title: 'from bob' } })).status).toBe(201);
    expect((await api(b.api, 'DELETE', `/lists/${listId}/users/bob`, { token: tokens.ann })).status).toBe(200);
    expect((await api(a.api, 'GET', `/lists/${listId}`, { token: tokens.bob })).status).toBe(403);
    expect((await api(a.api, 'PUT', `/lists/${listId}`, { token: tokens.bob, body: { title: 'again' } })).status).toBe(403);
  });

  it('ends sessions through the other process too when the password changes', async () => {
    // Sessions are told apart by their jti, so the one that must end may begin in the same second as the one that
    // makes the change; it must begin before the change's second, though (the cut-off counts whole seconds).
    const login = await api(a.api, 'POST', '/login', { body: { username: 'cyd', password: 'long-enough-password' } });
    const old = login.body.token;
    await new Promise((r) => setTimeout(r, 1100));
    const changed = await api(a.api, 'POST', '/user/password', { token: tokens.cyd, body: { old_password: 'long-enough-password', new_password: 'another-long-password' } });
    expect(changed.status).toBe(200);
    expect((await api(b.api, 'GET', '/user', { token: old })).status).toBe(401);
  });

  it('counts sign-in attempts through both processes against one limit', async () => {
    const remaining: number[] = [];
    let refused = 0;
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      const res = await api((i % 2 ? a : b).api, 'POST', '/login', { body: { username: 'ann', password: 'wrong-password' } });
      if (res.status === 429) refused += 1;
      else remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
    }
    // Each process saw every other attempt, yet the remaining count fell by one per attempt and ran out once.
    for (let i = 1; i < remaining.length; i++) expect(remaining[i]).toBe(remaining[i - 1] - 1);
    expect(remaining.at(-1)).toBe(0);
    expect(refused).toBeGreaterThanOrEqual(2);
    expect((await api(a.api, 'POST', '/login', { body: { username: 'ann', password: 'wrong-password' } })).status).toBe(429);
    expect((await api(b.api, 'POST', '/login', { body: { username: 'ann', password: 'wrong-password' } })).status).toBe(429);
  });

  it('counts wrong CalDAV credentials through both processes against one limit per address', async () => {
    const dav = (p: ServerProcess, name: string) =>
      fetch(`http://127.0.0.1:${p.port}/dav/`, { method: 'PROPFIND', headers: { depth: '0', authorization: `Basic ${Buffer.from(`${name}:wrong-password`).toString('base64')}` } });
    // Names of no account, a new one each time: only the address's count grows, not one account's.
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) statuses.push((await dav(i % 2 ? a : b, `nobody-${i}`)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Counted in one process each would be half the limit; counted together the next failure fills it.
    expect((await dav(a, 'nobody-last')).status).toBe(401);
    for (const p of [a, b]) {
      const refused = await dav(p, `nobody-after-${p.port}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('counts wrong passwords of one account through both processes against one per-account limit', async () => {
    const names = ['dee-1', 'dee-2'];
    // A fresh per-address sign-in window: the earlier test used this address's up.
    await db.deleteFrom('rate_limits').execute();
    for (const name of names) {
      const reg = await api(a.api, 'POST', '/register', { body: { username: name, email: `${name}@example.com`, password: 'long-enough-password' } });
      expect(reg.status).toBe(200);
    }
    // Ten wrong passwords for dee-1 split over both processes (the per-address sign-in limit is 40).
    for (let i = 0; i < 10; i++) expect((await api((i % 2 ? a : b).api, 'POST', '/login', { body: { username: 'dee-1', password: 'wrong' } })).status).toBe(412);
    expect((await api(a.api, 'POST', '/login', { body: { username: 'dee-1', password: 'wrong' } })).status).toBe(412);
    // Now locked on both processes, even for the right password (this address never signed in as dee-1) …
    for (const p of [a, b]) expect((await api(p.api, 'POST', '/login', { body: { username: 'dee-1', password: 'long-enough-password' } })).status).toBe(429);
    // … while another account is not.
    expect((await api(b.api, 'POST', '/login', { body: { username: 'dee-2', password: 'long-enough-password' } })).status).toBe(200);
  });

  it('mails a reminder once, and deletes a due account once, with both schedulers running', async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const task = await api(a.api, 'PUT', `/lists/${listId}`, { token: tokens.ann, body: { title: 'Call the plumber', reminder_dates: [at] } });
    expect(task.status).toBe(201);
    const reminders = () => subjects().filter((s) => s.startsWith('Reminder for "Call the plumber"'));
    await waitFor(() => reminders().length > 0, 20_000);
    // Both schedulers tick every 250 ms; give them a dozen more turns each to send it again.
    await new Promise((r) => setTimeout(r, 3000));
    expect(reminders()).toHaveLength(1);

    const cy = await db.selectFrom('users').select('id').where('username', '=', 'cyd').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ deletion_scheduled_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', cy.id).execute();
    // Maintenance is hourly: make the last run an hour old, as if the hour had passed.
    await db.updateTable('job_runs').set({ done_until: new Date(Date.now() - 2 * 3600_000).toISOString() }).where('name', '=', 'maintenance').execute();
    await waitFor(async () => (await db.selectFrom('users').select('id').where('id', '=', cy.id).executeTakeFirst()) === undefined, 20_000);
    await new Promise((r) => setTimeout(r, 2000));
    expect(subjects().filter((s) => s === 'Your account was deleted')).toHaveLength(1);
  }, 90_000);
});
