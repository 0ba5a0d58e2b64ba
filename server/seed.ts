// `npm run seed -- --tasks 10000 [--user name --password pw]`: fills a database with one user's list of N tasks, for benchmarks and demos.
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { Db } from './db/database.js';
import { loadConfig } from './config.js';
import { openDatabase, migrateToLatest } from './db/database.js';
import { hashPassword } from './auth/password.js';
import { nowIso } from './clock.js';

export interface SeedOptions {
  tasks: number;
  username: string;
  password: string;
}

export interface SeedResult {
  userId: number;
  username: string;
  password: string;
  namespaceId: number;
  listId: number;
  bucketId: number;
  taskIds: { first: number; last: number };
}

/** Rows per INSERT: well under SQLite's bound-parameter limit for the widest table. */
const CHUNK = 500;
const DAY = 86400 * 1000;

async function insertChunked<T>(db: Db, rows: T[], insert: (db: Db, chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(db, rows.slice(i, i + CHUNK));
}

/** Creates (or reuses) the user, then a new namespace, list, bucket and `tasks` tasks in one transaction. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const now = nowIso();
  let user = await db.selectFrom('users').select(['id']).where(sql`lower(username)`, '=', opts.username.toLowerCase()).executeTakeFirst();
  if (!user) {
    user = await db
      .insertInto('users')
      .values({ username: opts.username, email: '', password: await hashPassword(opts.password), name: '', created: now, updated: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const userId = user.id;
  return db.transaction().execute(async (trx) => {
    // A second account to assign tasks to, so assignee batches have more than the owner in them.
    let helper = await trx.selectFrom('users').select('id').where('username', '=', `${opts.username}-helper`).executeTakeFirst();
    if (!helper) {
      helper = await trx.insertInto('users').values({ username: `${opts.username}-helper`, email: '', password: '', name: 'Helper', created: now, updated: now } as never).returning('id').executeTakeFirstOrThrow();
    }
    const ns = await trx.insertInto('namespaces').values({ title: 'Seeded', description: 'Seeded data', owner_id: userId, hex_color: '', is_archived: 0, created: now, updated: now }).returning('id').executeTakeFirstOrThrow();
    const list = await trx.insertInto('lists').values({
      title: `Seeded ${opts.tasks} tasks`, description: '', identifier: '', hex_color: '', namespace_id: ns.id, owner_id: userId,
      is_archived: 0, background_file_id: null, background_blur_hash: '', position: 0, created: now, updated: now,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('lists').set({ position: list.id * 65536 }).where('id', '=', list.id).execute();
    await trx.insertInto('users_lists').values({ user_id: helper.id, list_id: list.id, right: 1, created: now, updated: now }).onConflict((oc) => oc.doNothing()).execute();
    const bucket = await trx.insertInto('buckets').values({ title: 'Backlog', list_id: list.id, limit: 0, is_done_bucket: 0, position: 65536, created_by_id: userId, created: now, updated: now }).returning('id').executeTakeFirstOrThrow();
    const labels: { id: number }[] = [];
    for (const title of ['bug', 'feature', 'chore']) {
      labels.push(await trx.insertInto('labels').values({ title, description: '', hex_color: 'e8e8e8', created_by_id: userId, created: now, updated: now }).returning('id').executeTakeFirstOrThrow());
    }
    const base = Date.now();
    const rows = Array.from({ length: opts.tasks }, (_, i) => {
      const index = i + 1;
      // Due dates spread from a month ago to a month ahead; every third task has none.
      const due = i % 3 === 0 ? null : new Date(base + ((i % 61) - 30) * DAY).toISOString();
      return {
        title: `Seeded task ${index}`, description: i % 5 === 0 ? `Description of task ${index}` : '', done: i % 7 === 0 ? 1 : 0,
        done_at: i % 7 === 0 ? now : null, due_date: due, list_id: list.id, repeat_after: 0, repeat_mode: 0, priority: i % 6,
        start_date: null, end_date: null, hex_color: '', percent_done: (i % 11) / 10 > 1 ? 1 : (i % 11) / 10, index, uid: '',
        cover_image_attachment_id: 0, created_by_id: userId, bucket_id: bucket.id, position: index * 65536,
        kanban_position: index * 65536, created: now, updated: now,
      };
    });
    let first = 0;
    let last = 0;
    await insertChunked(trx, rows, async (d, chunk) => {
      const ids = await d.insertInto('tasks').values(chunk).returning('id').execute();
      if (!first) first = ids[0].id;
      last = ids[ids.length - 1].id;
    });
    // Labels and assignees on every tenth task.
    const tenth: number[] = [];
    for (let id = first; id <= last; id++) if ((id - first) % 10 === 0) tenth.push(id);
    await insertChunked(trx, tenth, (d, chunk) =>
      d.insertInto('label_tasks').values(chunk.map((task_id, i) => ({ task_id, label_id: labels[i % labels.length].id, created: now }))).execute(),
    );
    await insertChunked(trx, tenth, (d, chunk) =>
      d.insertInto('task_assignees').values(chunk.map((task_id, i) => ({ task_id, user_id: i % 2 ? helper.id : userId, created: now }))).execute(),
    );
    return { userId, username: opts.username, password: opts.password, namespaceId: ns.id, listId: list.id, bucketId: bucket.id, taskIds: { first, last } };
  });
}

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const tasks = Number(arg(argv, 'tasks') ?? 10000);
  if (!Number.isInteger(tasks) || tasks < 0) throw new Error('--tasks must be a non-negative integer');
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const started = Date.now();
  const result = await seed(db, { tasks, username: arg(argv, 'user') ?? 'seed', password: arg(argv, 'password') ?? 'seed-password' });
  await db.destroy();
  console.log(`Seeded ${tasks} tasks in ${Date.now() - started} ms.`);
  console.log(`  user:     ${result.username}`);
  console.log(`  password: ${result.password}`);
  console.log(`  list id:  ${result.listId}  (namespace ${result.namespaceId}, bucket ${result.bucketId})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
