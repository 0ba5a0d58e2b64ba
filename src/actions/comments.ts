// Comment actions, each written once: load a task's comments, add one, edit one's own, delete it; failures are toasted.
import * as api from '../api/comments';
import type { TaskComment } from '../api/comments';
import { error as toastError } from '../app/toast';

/** A task's comments, or null when they could not be loaded. */
export async function load(taskId: number): Promise<TaskComment[] | null> {
  try {
    return await api.getComments(taskId);
  } catch (err) {
    void toastError(err);
    return null;
  }
}

/** Adds a comment; returns it, or null on failure. */
export async function create(taskId: number, text: string): Promise<TaskComment | null> {
  try {
    return await api.createComment(taskId, text);
  } catch (err) {
    void toastError(err);
    return null;
  }
}

/** Changes a comment's text; returns the saved comment, or null on failure. */
export async function update(taskId: number, commentId: number, text: string): Promise<TaskComment | null> {
  try {
    return await api.updateComment(taskId, commentId, text);
  } catch (err) {
    void toastError(err);
    return null;
  }
}

/** Deletes a comment. Returns whether it went. */
export async function remove(taskId: number, commentId: number): Promise<boolean> {
  try {
    await api.deleteComment(taskId, commentId);
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}
