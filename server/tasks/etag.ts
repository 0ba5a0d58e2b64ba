// Entity tags of tasks and the If-Match check that makes a full-replace update safe against a concurrent edit.

/**
 * A task's ETag: its id and the millisecond of its last change. Every change to what an update replaces (fields,
 * reminders, assignees) moves `updated`, and an update always moves it forward, so the tag changes with the task.
 * Clients can also build it from any task they hold (`"<id>-<updated as ms>"`), not only from a GET of the task.
 */
export function taskEtag(task: { id: number; updated: string }): string {
  return `"${task.id}-${Date.parse(task.updated)}"`;
}

/**
 * Whether an If-Match header allows changing the entity whose current tag is `etag` (RFC 9110 §13.1.1: `*` or a
 * list of strong tags; weak tags never match). No header means no condition: clients without it behave as before.
 */
export function ifMatchAllows(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').map((t) => t.trim()).some((t) => t === etag);
}

/** The stamp for an update: now, but always after the stored one, so two updates in one millisecond differ. */
export function nextUpdated(previous: string, now: string): string {
  const prev = Date.parse(previous);
  return Date.parse(now) > prev || Number.isNaN(prev) ? now : new Date(prev + 1).toISOString();
}
