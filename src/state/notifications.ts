// Notifications as atoms: the list, the unread count (spec rule), polling every 10 s, and marking read.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { onClearStore } from './entities';
import { getNotifications, markNotification, type AppNotification } from '../api/notifications';

export const NOTIFICATION_POLL_MS = 10_000;

export const notificationsAtom = atom<AppNotification[]>([]);
onClearStore(() => appStore.set(notificationsAtom, []));

/** Unread: readAt empty, ignoring notifications with an empty name. */
export function unreadCount(list: AppNotification[]): number {
  return list.filter((n) => n.readAt === null && n.name !== '').length;
}
export const unreadCountAtom = atom((get) => unreadCount(get(notificationsAtom)));

export async function loadNotifications(): Promise<void> {
  appStore.set(notificationsAtom, await getNotifications());
}

/** Starts polling (first load at once); returns the stop function. */
export function pollNotifications(interval = NOTIFICATION_POLL_MS): () => void {
  const tick = () => void loadNotifications().catch(() => undefined);
  tick();
  const timer = setInterval(tick, interval);
  return () => clearInterval(timer);
}

export async function markRead(n: AppNotification): Promise<void> {
  if (n.readAt !== null) return;
  await markNotification(n.id, true);
  const now = new Date();
  appStore.set(notificationsAtom, (all) => all.map((x) => (x.id === n.id ? { ...x, readAt: now } : x)));
}

export async function markAllRead(): Promise<void> {
  const unread = appStore.get(notificationsAtom).filter((n) => n.readAt === null);
  await Promise.all(unread.map((n) => markNotification(n.id, true)));
  const now = new Date();
  appStore.set(notificationsAtom, (all) => all.map((x) => (x.readAt === null ? { ...x, readAt: now } : x)));
}
