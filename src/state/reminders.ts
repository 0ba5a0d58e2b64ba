// Browser notifications at each future reminder time while the app is open; rescheduled whenever a task is loaded or saved.
import { t } from '../i18n';

interface Scheduled {
  timer: ReturnType<typeof setTimeout>;
  at: number;
}

/** taskId → its pending timers. */
const pending = new Map<number, Scheduled[]>();

/** Timers beyond ~24.8 days overflow setTimeout; those are picked up when the task is next loaded. */
const MAX_DELAY = 2 ** 31 - 1;

function canNotify(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window && Notification.permission === 'granted';
}

/** Asks once, from a user gesture (adding a reminder), whether notifications may be shown. */
export async function requestReminderPermission(): Promise<void> {
  if (typeof window === 'undefined' || !('Notification' in window)) return;
  if (Notification.permission === 'default') await Notification.requestPermission();
}

export interface ReminderTask {
  id: number;
  title: string;
  done: boolean;
  reminderDates: Date[];
}

export function scheduleReminders(tasks: ReminderTask[], now = Date.now()): void {
  // Reading Notification.permission is slow in Chromium (~0.4 ms); read it once, not per task.
  const allowed = canNotify();
  for (const task of tasks) {
    if (pending.has(task.id)) {
      for (const s of pending.get(task.id)!) clearTimeout(s.timer);
      pending.delete(task.id);
    }
    if (task.done || !allowed || task.reminderDates.length === 0) continue;
    const list: Scheduled[] = [];
    for (const date of task.reminderDates) {
      const delay = date.getTime() - now;
      // Past reminders are skipped (spec part 2 §4).
      if (delay <= 0 || delay > MAX_DELAY) continue;
      const timer = setTimeout(() => {
        const n = new Notification(task.title, { body: t('task.reminder.notification'), tag: `task-${task.id}-${date.getTime()}` });
        n.onclick = () => {
          window.focus();
          window.location.assign(`/tasks/${task.id}`);
        };
      }, delay);
      list.push({ timer, at: date.getTime() });
    }
    if (list.length) pending.set(task.id, list);
  }
}

export function scheduledReminderCount(taskId: number): number {
  return pending.get(taskId)?.length ?? 0;
}
