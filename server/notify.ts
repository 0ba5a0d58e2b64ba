// Creates notifications for users (the bell in the client reads them through GET /notifications).
import type { Db } from './db/database.js';
import { nowIso } from './clock.js';
import { taskSubscriberIds } from './subscriptions.js';

export type NotificationName = 'task.comment' | 'task.assigned' | 'task.deleted' | 'list.created' | 'team.member.added' | 'task.mentioned';

/** Stores one notification per distinct recipient, skipping the actor and pseudo users. */
export async function notifyUsers(db: Db, recipientIds: number[], actorId: number, name: NotificationName, payload: Record<string, unknown>): Promise<void> {
  const created = nowIso();
  const ids = [...new Set(recipientIds)].filter((id) => id > 0 && id !== actorId);
  if (ids.length === 0) return;
  const notification = JSON.stringify(payload);
  await db
    .insertInto('notifications')
    .values(ids.map((id) => ({ notifiable_id: id, name, notification, read_at: null, created })))
    .execute();
}

/** Notifies everyone subscribed to the task (directly or through its list or namespace), except the actor. */
export async function notifyTaskSubscribers(db: Db, taskId: number, actorId: number, name: NotificationName, payload: Record<string, unknown>): Promise<void> {
  await notifyUsers(db, await taskSubscriberIds(db, taskId), actorId, name, payload);
}
