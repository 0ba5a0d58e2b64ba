// Creating and updating tasks: index, buckets and the done bucket, repeats, reminders, assignees, favourites, positions.
import type { Db } from '../db/database.js';
import type { Auth, UserRow } from '../context.js';
import { apiError } from '../errors.js';
import { nowIso } from '../clock.js';
import { taskSubscriptions, SUBSCRIPTION_ENTITY } from '../subscriptions.js';
import { notifyUsers } from '../notify.js';
import { taskSubscriberIds } from '../subscriptions.js';
import { userJson, linkShareUserJson } from '../serialize.js';
import { checkList, rightOnList, Right, type ListRow } from '../rights.js';
import { defaultBucket, doneBucket, bucketOfList, checkBucketLimit, POSITION_STEP, type BucketRow } from './buckets.js';
import { nextDates, repeats } from './repeat.js';
import { renumber, MIN_POSITION } from './positions.js';
import { plainTaskJson, type TaskRow } from './serialize.js';
import type { TaskInput } from './input.js';
import { notifyDescriptionMentions } from '../mentions.js';
import { nextUpdated } from './etag.js';

const FAVORITE_TASK = 1;

/** The actor as notification payloads show it. */
export function doerJson(auth: Auth) {
  return auth.kind === 'user' ? userJson(auth.user) : linkShareUserJson(auth.share);
}

async function nextIndex(db: Db, listId: number): Promise<number> {
  const row = await db.selectFrom('tasks').select((eb) => eb.fn.max('index').as('m')).where('list_id', '=', listId).executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

async function setReminders(db: Db, taskId: number, reminders: string[]): Promise<void> {
  await db.deleteFrom('task_reminders').where('task_id', '=', taskId).execute();
  if (reminders.length === 0) return;
  const created = nowIso();
  await db.insertInto('task_reminders').values(reminders.map((reminder) => ({ task_id: taskId, reminder, created }))).execute();
}

async function setFavorite(db: Db, auth: Auth, taskId: number, favorite: boolean): Promise<void> {
  // Link shares have no account to keep favourites in.
  if (auth.kind !== 'user') return;
  const existing = await db.selectFrom('favorites').select('id').where('user_id', '=', auth.userId).where('kind', '=', FAVORITE_TASK).where('entity_id', '=', taskId).executeTakeFirst();
  if (favorite && !existing) {
    await db.insertInto('favorites').values({ entity_id: taskId, user_id: auth.userId, kind: FAVORITE_TASK, created: nowIso() }).execute();
  } else if (!favorite && existing) {
    await db.deleteFrom('favorites').where('id', '=', existing.id).execute();
  }
}

/** Checks that users exist (1005) and can read the task's list (7003). */
export async function checkAssignable(db: Db, listId: number, userIds: number[]): Promise<UserRow[]> {
  if (userIds.length === 0) return [];
  const users = await db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  if (users.length !== new Set(userIds).size) throw apiError(1005);
  for (const user of users) {
    const right = await rightOnList(db, { kind: 'user', userId: user.id, user, long: false }, listId);
    if (right === null) throw apiError(7003);
  }
  return users;
}

/** Assigns users (already checked) and subscribes them to the task unless a subscription already covers it. */
export async function assignUsers(db: Db, task: TaskRow, users: UserRow[]): Promise<void> {
  if (users.length === 0) return;
  const created = nowIso();
  await db.insertInto('task_assignees').values(users.map((u) => ({ task_id: task.id, user_id: u.id, created }))).execute();
  for (const u of users) {
    const subs = await taskSubscriptions(db, u.id, [task]);
    if (subs.has(task.id)) continue;
    await db.insertInto('subscriptions').values({ entity_type: SUBSCRIPTION_ENTITY.task, entity_id: task.id, user_id: u.id, created }).execute();
  }
}

/** Replaces the assignee set; returns the users that were newly assigned (to notify them). */
export async function replaceAssignees(db: Db, task: TaskRow, userIds: number[]): Promise<UserRow[]> {
  const current = await db.selectFrom('task_assignees').select('user_id').where('task_id', '=', task.id).execute();
  const have = new Set(current.map((c) => c.user_id));
  const want = new Set(userIds);
  const removed = [...have].filter((id) => !want.has(id));
  if (removed.length) await db.deleteFrom('task_assignees').where('task_id', '=', task.id).where('user_id', 'in', removed).execute();
  const added = await checkAssignable(db, task.list_id, [...want].filter((id) => !have.has(id)));
  await assignUsers(db, task, added);
  return added;
}

/** task.assigned to each new assignee and the task's subscribers (after the change is committed). */
export async function notifyAssigned(db: Db, auth: Auth, taskId: number, assignees: UserRow[]): Promise<void> {
  if (assignees.length === 0) return;
  const task = await db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) return;
  const subscribers = await taskSubscriberIds(db, taskId);
  const taskJson = await plainTaskJson(db, task);
  for (const a of assignees) {
    await notifyUsers(db, [a.id, ...subscribers], auth.userId, 'task.assigned', { doer: doerJson(auth), task: taskJson, assignee: userJson(a) });
  }
}

async function checkCover(db: Db, taskId: number, attachmentId: number): Promise<void> {
  if (attachmentId === 0) return;
  const a = await db.selectFrom('task_attachments').select('id').where('id', '=', attachmentId).where('task_id', '=', taskId).executeTakeFirst();
  if (!a) throw apiError(4020);
}

/** Creates a task in a list the caller may write to (checked by the route). Returns the row and new assignees. */
export async function createTask(db: Db, auth: Auth, list: ListRow, input: TaskInput): Promise<{ task: TaskRow; assigned: UserRow[] }> {
  const title = (input.title ?? '').trim();
  if (title === '') throw apiError(4001);
  let bucket: BucketRow;
  if (input.bucket_id) bucket = await bucketOfList(db, input.bucket_id, list.id);
  else bucket = await defaultBucket(db, list.id, auth.userId);
  let done = input.done || Boolean(bucket.is_done_bucket);
  if (done && !bucket.is_done_bucket && !input.bucket_id) {
    // A task created done lands in the done bucket, as marking it done later would move it there.
    bucket = (await doneBucket(db, list.id)) ?? bucket;
  }
  await checkBucketLimit(db, bucket);
  const index = await nextIndex(db, list.id);
  const now = nowIso();
  // A repeating task cannot start out done: it is rescheduled right away, as on update.
  let dates = { due: input.due_date, start: input.start_date, end: input.end_date, reminders: input.reminders };
  if (done && repeats(input.repeat_mode, input.repeat_after)) {
    dates = rescheduled(input.repeat_mode, input.repeat_after, dates);
    done = false;
  }
  const inserted = await db
    .insertInto('tasks')
    .values({
      title: input.title ?? title,
      description: input.description,
      done: done ? 1 : 0,
      done_at: done || input.done ? now : null,
      due_date: dates.due,
      list_id: list.id,
      repeat_after: input.repeat_after,
      repeat_mode: input.repeat_mode,
      priority: input.priority,
      start_date: dates.start,
      end_date: dates.end,
      hex_color: input.hex_color,
      percent_done: input.percent_done,
      index,
      uid: '',
      cover_image_attachment_id: 0,
      created_by_id: auth.userId,
      bucket_id: bucket.id,
      position: input.position || index * POSITION_STEP,
      kanban_position: input.kanban_position || index * POSITION_STEP,
      created: now,
      updated: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // A stable uid from the start; it is the resource name CalDAV has always served app-made tasks under.
  const task = await db.updateTable('tasks').set({ uid: `keyflow-task-${inserted.id}` }).where('id', '=', inserted.id).returningAll().executeTakeFirstOrThrow();
  await setReminders(db, task.id, dates.reminders);
  const users = await checkAssignable(db, list.id, input.assignees);
  await assignUsers(db, task, users);
  if (input.is_favorite) await setFavorite(db, auth, task.id, true);
  await notifyDescriptionMentions(db, { listId: list.id, description: task.description, actorId: auth.userId, doer: doerJson(auth), task: () => plainTaskJson(db, task), isNew: true });
  return { task, assigned: users };
}

type Dates = { due: string | null; start: string | null; end: string | null; reminders: string[] };

function rescheduled(mode: number, repeatAfter: number, d: Dates): Dates {
  const ms = (s: string | null) => (s === null ? null : Date.parse(s));
  const iso = (n: number | null) => (n === null ? null : new Date(n).toISOString());
  const next = nextDates(mode, repeatAfter, { due: ms(d.due), start: ms(d.start), end: ms(d.end), reminders: d.reminders.map((r) => Date.parse(r)) }, Date.now());
  return { due: iso(next.due), start: iso(next.start), end: iso(next.end), reminders: next.reminders.map((r) => new Date(r).toISOString()) };
}

/**
 * Writes a full task state over a stored task (the caller checked write on its list).
 * `keep` leaves reminders, assignees or the caller's favourite untouched (bulk edits that did not send them).
 */
export async function updateTask(
  db: Db,
  auth: Auth,
  task: TaskRow,
  input: TaskInput,
  keep: { reminders?: boolean; assignees?: boolean; favorite?: boolean } = {},
): Promise<{ task: TaskRow; assigned: UserRow[] }> {
  let title = task.title;
  if (input.title !== undefined) {
    if (input.title.trim() === '') throw apiError(4001);
    title = input.title;
  }
  let listId = task.list_id;
  let index = task.index;
  let bucketId = task.bucket_id;
  let bucketChanged = false;
  if (input.list_id && input.list_id !== task.list_id) {
    const target = await db.selectFrom('lists').select('id').where('id', '=', input.list_id).executeTakeFirst();
    if (!target) throw apiError(3001);
    const right = await rightOnList(db, auth, input.list_id);
    if (right === null || right < Right.ReadWrite) throw apiError(1);
    await checkList(db, auth, input.list_id, Right.ReadWrite, { scope: 'content' });
    listId = input.list_id;
    index = await nextIndex(db, listId);
    // Clients send the whole task back with the new list_id and the old bucket_id; like the reference server,
    // a task changing lists lands in the new list's default bucket whatever bucket the body names.
    const requested = await defaultBucket(db, listId, auth.userId);
    await checkBucketLimit(db, requested);
    bucketId = requested.id;
    bucketChanged = true;
  } else if (input.bucket_id && input.bucket_id !== task.bucket_id) {
    const requested = await bucketOfList(db, input.bucket_id, listId);
    await checkBucketLimit(db, requested);
    bucketId = requested.id;
    bucketChanged = true;
  }
  const done_bucket = await doneBucket(db, listId);
  const enteringDoneBucket = bucketChanged && done_bucket !== undefined && bucketId === done_bucket.id;

  const storedReminders = (await db.selectFrom('task_reminders').select('reminder').where('task_id', '=', task.id).orderBy('reminder').execute()).map((r) => r.reminder);
  let dates: Dates = { due: input.due_date, start: input.start_date, end: input.end_date, reminders: keep.reminders ? storedReminders : input.reminders };
  const wasDone = Boolean(task.done);
  let done = input.done || enteringDoneBucket;
  let doneAt = task.done_at;
  const now = nowIso();
  if (!wasDone && done) {
    doneAt = now;
    if (repeats(input.repeat_mode, input.repeat_after)) {
      // Reschedule from what is stored, not from the request, and keep the task open where it is.
      dates = rescheduled(input.repeat_mode, input.repeat_after, { due: task.due_date, start: task.start_date, end: task.end_date, reminders: storedReminders });
      done = false;
      if (enteringDoneBucket) bucketId = task.bucket_id;
    } else if (done_bucket && bucketId !== done_bucket.id) {
      await checkBucketLimit(db, done_bucket);
      bucketId = done_bucket.id;
    }
  } else if (wasDone && !done) {
    doneAt = null;
  }
  await checkCover(db, task.id, input.cover_image_attachment_id);

  const updated = await db
    .updateTable('tasks')
    .set({
      title,
      description: input.description,
      done: done ? 1 : 0,
      done_at: doneAt,
      due_date: dates.due,
      start_date: dates.start,
      end_date: dates.end,
      list_id: listId,
      index,
      repeat_after: input.repeat_after,
      repeat_mode: input.repeat_mode,
      priority: input.priority,
      hex_color: input.hex_color,
      percent_done: input.percent_done,
      cover_image_attachment_id: input.cover_image_attachment_id,
      bucket_id: bucketId,
      position: input.position,
      kanban_position: input.kanban_position,
      updated: nextUpdated(task.updated, now),
    })
    .where('id', '=', task.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (!keep.reminders || dates.reminders !== storedReminders) await setReminders(db, task.id, dates.reminders);
  const assigned = keep.assignees ? [] : await replaceAssignees(db, updated, input.assignees);
  if (!keep.favorite) await setFavorite(db, auth, task.id, input.is_favorite);
  // A position too small to sort anything before it renumbers its list (bucket) in the current order.
  if (input.position < MIN_POSITION) await renumber(db, 'position', { listId });
  if (input.kanban_position < MIN_POSITION) await renumber(db, 'kanban_position', { bucketId });
  const final = await db.selectFrom('tasks').selectAll().where('id', '=', task.id).executeTakeFirstOrThrow();
  // Only mentions the edit added: people already mentioned in the stored description were told before.
  await notifyDescriptionMentions(db, { listId, description: final.description, previous: task.description, actorId: auth.userId, doer: doerJson(auth), task: () => plainTaskJson(db, final), isNew: false });
  return { task: final, assigned };
}
