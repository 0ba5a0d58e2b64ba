// @username mentions in comments and task descriptions: who is mentioned, and notifying them once.
import { sql } from 'kysely';
import type { Db } from './db/database.js';
import { listReaderIds } from './rights.js';
import { notifyUsers } from './notify.js';

/**
 * Lower-cased usernames written as `@name` in a text. The `@` must not follow a word character, so e-mail
 * addresses (bob@example.com) are not mentions; trailing dots are sentence punctuation, not part of the name.
 */
export function mentionedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?<![\w@])@([\w.-]+)/g)) {
    const name = m[1].replace(/[.-]+$/, '').toLowerCase();
    if (name) names.add(name);
  }
  return names;
}

/**
 * Ids of the users mentioned in `text` who can read the list, without the actor, and without anyone already
 * mentioned in `previous` (an edit re-saving the same mention must not notify again).
 */
export async function mentionedReaders(db: Db, listId: number, text: string, actorId: number, previous = ''): Promise<number[]> {
  const before = mentionedNames(previous);
  const names = [...mentionedNames(text)].filter((n) => !before.has(n));
  if (names.length === 0) return [];
  // Usernames are matched case-insensitively on both databases (PostgreSQL compares text case-sensitively).
  const users = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, 'in', names)
    .execute();
  if (users.length === 0) return [];
  const readers = new Set(await listReaderIds(db, listId));
  return [...new Set(users.map((u) => Number(u.id)))].filter((id) => id !== actorId && readers.has(id));
}

/** Sends `task.mentioned` to the readers newly mentioned in a task's description. */
export async function notifyDescriptionMentions(
  db: Db,
  opts: { listId: number; description: string; previous?: string; actorId: number; doer: unknown; task: () => Promise<unknown>; isNew: boolean },
): Promise<void> {
  const ids = await mentionedReaders(db, opts.listId, opts.description, opts.actorId, opts.previous ?? '');
  // The task payload costs queries; only build it when someone is to be notified.
  if (ids.length === 0) return;
  await notifyUsers(db, ids, opts.actorId, 'task.mentioned', { doer: opts.doer, task: await opts.task(), is_new: opts.isNew });
}
