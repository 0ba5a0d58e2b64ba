// The SQLite connection layer: rows built from raw arrays, statement reuse, and the write generation that
// tells cached results (page totals) when the database may have changed.
import { describe, it, expect, afterEach, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { openDatabase, migrateToLatest, writeGeneration, generationCache, generationBatchCache, type Db } from '../../server/db/database.js';

const opened: Db[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function fileDb(): Promise<{ file: string; open: () => Db }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'keyflow-db-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.db');
  const open = () => {
    const db = openDatabase(file);
    opened.push(db);
    return db;
  };
  await migrateToLatest(open());
  return { file, open };
}

describe('SQLite rows', () => {
  it('come back as plain objects with every column, the last one winning for a repeated name', async () => {
    const db = openDatabase(':memory:');
    opened.push(db);
    const { rows } = await sql<{ a: number; b: string | null; c: number }>`select 1 as a, null as b, 2 as c, 3 as c`.execute(db);
    expect(rows).toEqual([{ a: 1, b: null, c: 3 }]);
    const none = await sql`select 1 as a where 0`.execute(db);
    expect(none.rows).toEqual([]);
  });

  it('read the same statement twice with other parameters, and through INSERT … RETURNING', async () => {
    const { open } = await fileDb();
    const db = open();
    const now = new Date().toISOString();
    const ids: number[] = [];
    for (const name of ['ann', 'bob']) {
      const row = await db.insertInto('users').values({ username: name, email: '', password: '', name: name.toUpperCase(), created: now, updated: now } as never).returning(['id', 'username']).executeTakeFirstOrThrow();
      expect(row.username).toBe(name);
      ids.push(row.id);
    }
    for (const [i, id] of ids.entries()) {
      const user = await db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
      expect(user).toEqual({ id, name: ['ANN', 'BOB'][i] });
    }
    expect(await db.selectFrom('users').select('id').where('id', '=', -1).executeTakeFirst()).toBeUndefined();
  });
});

describe('write generation', () => {
  it('moves with this connection\'s writes, not with its reads', async () => {
    const { open } = await fileDb();
    const db = open();
    const before = writeGeneration(db);
    await db.selectFrom('users').selectAll().execute();
    expect(writeGeneration(db)).toBe(before);
    await db.insertInto('namespaces').values({ title: 'n', description: '', owner_id: 1, hex_color: '', is_archived: 0, created: 'x', updated: 'x' }).execute();
    const afterInsert = writeGeneration(db);
    expect(afterInsert).not.toBe(before);
    await db.updateTable('namespaces').set({ title: 'm' }).execute();
    expect(writeGeneration(db)).not.toBe(afterInsert);
  });

  it('moves when another connection to the same file commits, from the next turn of the event loop', async () => {
    const { open } = await fileDb();
    const a = open();
    const b = open();
    await a.selectFrom('namespaces').selectAll().execute();
    const before = writeGeneration(a);
    await b.insertInto('namespaces').values({ title: 'n', description: '', owner_id: 1, hex_color: '', is_archived: 0, created: 'x', updated: 'x' }).execute();
    // Within one turn the other connection's version is read once (a request asks several times).
    expect(writeGeneration(a)).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writeGeneration(a)).not.toBe(before);
  });

  it('is null for a database it cannot watch', () => {
    expect(writeGeneration({} as Db)).toBeNull();
  });
});

describe('generation cache', () => {
  it('keeps a result per database until that database is written to', async () => {
    const a = openDatabase(':memory:');
    const b = openDatabase(':memory:');
    opened.push(a, b);
    await migrateToLatest(a);
    await migrateToLatest(b);
    const cache = generationCache<number>();
    let computed = 0;
    const count = (db: Db) =>
      cache(db, 'namespaces', async () => {
        computed += 1;
        return Number((await db.selectFrom('namespaces').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      });
    const ns = { title: 'n', description: '', owner_id: 1, hex_color: '', is_archived: 0, created: 'x', updated: 'x' };
    await b.insertInto('namespaces').values([ns, ns]).execute();
    expect(await count(a)).toBe(0);
    expect(await count(a)).toBe(0);
    expect(computed).toBe(1);
    // Same key, other database: its own answer.
    expect(await count(b)).toBe(2);
    expect(computed).toBe(2);
    await a.insertInto('namespaces').values(ns).execute();
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(2);
    expect(computed).toBe(3);
  });
});

describe('generation batch cache', () => {
  it('reads only the ids it does not hold, shares frozen values, and forgets them all on a write', async () => {
    const db = openDatabase(':memory:');
    opened.push(db);
    await migrateToLatest(db);
    const ns = (title: string) => ({ title, description: '', owner_id: 1, hex_color: '', is_archived: 0, created: 'x', updated: 'x' });
    await db.insertInto('namespaces').values([ns('one'), ns('two'), ns('three')]).execute();
    const cache = generationBatchCache<{ title: string }>();
    const asked: number[][] = [];
    const titles = (ids: number[]) =>
      cache(db, ids, async (missing) => {
        asked.push(missing);
        const rows = await db.selectFrom('namespaces').select(['id', 'title']).where('id', 'in', missing).execute();
        return new Map(rows.map((r) => [r.id, { title: r.title }]));
      });
    const first = await titles([1, 2, 2]);
    expect([...first.entries()].map(([id, v]) => [id, v.title])).toEqual([[1, 'one'], [2, 'two']]);
    const second = await titles([2, 3, 4]);
    expect(asked).toEqual([[1, 2], [3, 4]]);
    expect(second.get(2)).toBe(first.get(2));
    expect(Object.isFrozen(second.get(3))).toBe(true);
    // An id that does not exist is absent, and asked for again next time.
    expect(second.has(4)).toBe(false);
    await db.updateTable('namespaces').set({ title: 'uno' }).where('id', '=', 1).execute();
    expect((await titles([1, 2])).get(1)?.title).toBe('uno');
    expect(asked.at(-1)).toEqual([1, 2]);
  });
});

describe('one local account per e-mail address', () => {
  it('is enforced by an index, which a database already holding duplicates goes without, saying so', async () => {
    const m006 = await import('../../server/db/migrations/006_unique_local_email.js');
    const db = openDatabase(':memory:');
    opened.push(db);
    await migrateToLatest(db);
    const user = (username: string, email: string) => ({ username, email, password: '', name: '', created: 'x', updated: 'x' }) as never;
    await db.insertInto('users').values(user('a', 'same@example.com')).execute();
    await expect(db.insertInto('users').values(user('b', 'Same@Example.com')).execute()).rejects.toThrow(/UNIQUE/);
    // Accounts without an address are not limited.
    await db.insertInto('users').values([user('c', ''), user('d', '')]).execute();

    await m006.down(db as unknown as Kysely<unknown>);
    await db.insertInto('users').values(user('b', 'SAME@example.com')).execute();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(m006.up(db as unknown as Kysely<unknown>)).resolves.toBeUndefined();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/1 e-mail address\(es\) belong to more than one local account/);
    warn.mockRestore();
    await db.insertInto('users').values(user('e', 'same@example.com')).execute();
  });
});
