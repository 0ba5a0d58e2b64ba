// Comment actions, each written once: load a task's comments, add one, edit one's own, delete it. Each writes the
// task's comments in the store (src/state/comments.ts) and goes through the outbox: without a network the change is
// shown at once and sent later (a new comment under a temporary id until then). Failures are toasted (told.ts).
import * as api from '../api/comments';
import type { TaskComment } from '../api/comments';
import { told, toldOk } from './told';
import { commentDeleted, commentsByTaskAtom, setComments } from '../state/comments';
import { appStore } from '../state/store';
import { userAtom } from '../state/session';
import { taskTitle } from '../state/tasks';
import { onOutboxAck, onOutboxDiscard, outboxStateAtom, submit } from '../outbox/current';

/** The comments as the server sent them with this tab's writes still waiting in the outbox over them. */
function withWaiting(taskId: number, comments: readonly TaskComment[]): TaskComment[] {
  let out = [...comments];
  for (const { write } of appStore.get(outboxStateAtom).entries) {
    if (!('taskId' in write) || write.taskId !== taskId) continue;
    if (write.kind === 'commentUpdate') out = out.map((c) => (c.id === write.commentId ? { ...c, comment: write.text } : c));
    else if (write.kind === 'commentDelete') out = out.filter((c) => c.id !== write.commentId);
  }
  // New comments not sent yet (temporary ids) are only in the store: they stay.
  const unsent = (appStore.get(commentsByTaskAtom).get(taskId) ?? []).filter((c) => c.id < 0 && !out.some((o) => o.id === c.id));
  return [...out, ...unsent];
}

/** Loads a task's comments into the store. Returns whether they arrived. */
export async function load(taskId: number): Promise<boolean> {
  // A task created offline has no comments on the server yet.
  if (taskId < 0) return (setComments(taskId, (all) => all), true);
  return toldOk(async () => {
    const comments = await api.getComments(taskId);
    setComments(taskId, withWaiting(taskId, comments));
  });
}

/** A comment as the server would store it: by the signed-in user, now. */
function localComment(id: number, text: string): TaskComment {
  const now = new Date();
  const user = appStore.get(userAtom);
  return { id, comment: text, ...(user ? { author: user } : {}), created: now, updated: now };
}

/** Adds a comment at the end of the task's. Returns it, or null on failure. */
export async function create(taskId: number, text: string): Promise<TaskComment | null> {
  return told(async () => {
    const outcome = await submit({ kind: 'commentAdd', taskId, commentId: 0, text }, taskTitle(taskId));
    const comment = outcome.sent ? (outcome.result as TaskComment) : localComment(outcome.write.commentId, text);
    // Its live event may have shown it already.
    setComments(taskId, (all) => (all.some((c) => c.id === comment.id) ? all : [...all, comment]));
    return comment;
  });
}

/** Changes a comment's text. Returns whether it was saved (or waits to be sent). */
export async function update(taskId: number, commentId: number, text: string): Promise<boolean> {
  return toldOk(async () => {
    const outcome = await submit({ kind: 'commentUpdate', taskId, commentId, text }, taskTitle(taskId));
    const saved: Partial<TaskComment> = outcome.sent ? (outcome.result as TaskComment) : { comment: text, updated: new Date() };
    setComments(taskId, (all) => all.map((c) => (c.id === commentId ? { ...c, ...saved } : c)));
  });
}

/** Deletes a comment. Returns whether it went (or waits to be sent). */
export async function remove(taskId: number, commentId: number): Promise<boolean> {
  return toldOk(async () => {
    await submit({ kind: 'commentDelete', taskId, commentId }, taskTitle(taskId));
    setComments(taskId, (all) => all.filter((c) => c.id !== commentId));
  });
}

// A comment added offline (or in another tab) reached the server: the saved one takes the temporary one's place.
onOutboxAck((write, result) => {
  if (write.kind !== 'commentAdd') return;
  const saved = result as TaskComment;
  const shown = appStore.get(commentsByTaskAtom).get(write.taskId);
  if (!shown) return;
  setComments(write.taskId, (all) => {
    const at = all.findIndex((c) => c.id === write.commentId);
    const rest = all.filter((c) => c.id !== saved.id);
    if (at < 0) return rest.length === all.length ? [...all, saved] : all;
    return rest.map((c) => (c.id === write.commentId ? saved : c));
  });
});

// Comments the person discarded: one added offline goes; after a dropped edit or delete the task's comments load again.
onOutboxDiscard((dropped) => {
  const reload = new Set<number>();
  for (const { write } of dropped) {
    if (write.kind === 'commentAdd') commentDeleted(write.taskId, write.commentId);
    else if ((write.kind === 'commentUpdate' || write.kind === 'commentDelete') && write.taskId > 0) reload.add(write.taskId);
  }
  for (const taskId of reload) void load(taskId);
});
