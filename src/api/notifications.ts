// Notifications: GET /notifications (newest first) and marking one read or unread.
import { getPage, post } from './client';
import type { User } from './user';

export interface NotificationPayload {
  doer?: User;
  task?: { id: number; title?: string; identifier?: string; listId?: number };
  list?: { id: number; title?: string };
  team?: { id: number; name?: string };
  member?: User;
  assignee?: User;
  comment?: { id: number; comment?: string };
  [key: string]: unknown;
}

export interface AppNotification {
  id: number;
  /** task.comment, task.assigned, task.deleted, list.created, team.member.added, task.mentioned. */
  name: string;
  notification: NotificationPayload;
  readAt: Date | null;
  created: Date | null;
}

export async function getNotifications(): Promise<AppNotification[]> {
  const res = await getPage<Partial<AppNotification> & { id: number }>('notifications', { query: { page: 1 } });
  return res.items.map((n) => ({ name: '', notification: {}, ...n, readAt: n.readAt ?? null, created: n.created ?? null }));
}

export async function markNotification(id: number, read: boolean): Promise<void> {
  await post(`notifications/${id}`, { read });
}
