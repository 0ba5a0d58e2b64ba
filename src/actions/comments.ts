// Comment actions, each written once: load a task's comments, add one, edit one's own, delete it. Each writes the
// task's comments in the store (src/state/comments.ts); failures are toasted (told.ts).
import * as api from '../api/comments';
import type { TaskComment } from '../api/comments';
import { told, toldOk } from './told';
import { setComments } from '../state/comments';

/** Loads a task's comments into the store. Returns whether they arrived. */
export async function load(taskId: number): Promise<boolean> {
  return toldOk(async () => setComments(taskId, await api.getComments(taskId)));
}

/** Adds a comment at the end of the task's. Returns it, or null on failure. */
export async function create(taskId: number, text: string): Promise<TaskComment | null> {
  return told(async () => {
    const comment = await api.createComment(taskId, text);
    // Its live event may have shown it already.
    setComments(taskId, (all) => (all.some((c) => c.id === comment.id) ? all : [...all, comment]));
    return comment;
  });
}

/** Changes a comment's text. Returns whether it was saved. */
export async function update(taskId: number, commentId: number, text: string): Promise<boolean> {
  return toldOk(async () => {
    const saved = await api.updateComment(taskId, commentId, text);
    setComments(taskId, (all) => all.map((c) => (c.id === commentId ? { ...c, ...saved } : c)));
  });
}

/** Deletes a comment. Returns whether it went. */
export async function remove(taskId: number, commentId: number): Promise<boolean> {
  return toldOk(async () => {
    await api.deleteComment(taskId, commentId);
    setComments(taskId, (all) => all.filter((c) => c.id !== commentId));
  });
}
