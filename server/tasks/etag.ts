// Entity tags of tasks; the If-Match check and the update stamp are shared with the other entities (../etag.ts).
import { entityEtag } from '../etag.js';

export { ifMatchAllows, nextUpdated } from '../etag.js';

/**
 * A task's ETag: its id and the millisecond of its last change. Every change to what an update replaces (fields,
 * reminders, assignees) moves `updated`, and an update always moves it forward, so the tag changes with the task.
 */
export function taskEtag(task: { id: number; updated: string }): string {
  return entityEtag(task);
}
