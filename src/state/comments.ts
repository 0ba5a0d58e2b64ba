// The comments of each task as last loaded, by task id: the comment actions write them, the task detail reads them.
import { atom } from 'jotai/vanilla';
import type { TaskComment } from '../api/comments';
import { appStore } from './store';
import { onClearStore } from './entities';

/** By task id; a task whose comments have not been loaded is absent. */
export const commentsByTaskAtom = atom<ReadonlyMap<number, readonly TaskComment[]>>(new Map());

/** Sets a task's comments, or changes them from what the store holds. */
export function setComments(taskId: number, next: readonly TaskComment[] | ((current: readonly TaskComment[]) => readonly TaskComment[])): void {
  appStore.set(commentsByTaskAtom, (all) => new Map(all).set(taskId, typeof next === 'function' ? next(all.get(taskId) ?? []) : next));
}

onClearStore(() => appStore.set(commentsByTaskAtom, new Map()));

/**
 * A comment as the server has it now (an answer or a live event, in either order): it replaces the known copy or
 * joins the end. Tasks whose comments are not loaded are left alone; they load in full when shown.
 */
export function commentSaved(taskId: number, comment: TaskComment): void {
  if (!appStore.get(commentsByTaskAtom).has(taskId)) return;
  setComments(taskId, (all) => (all.some((c) => c.id === comment.id) ? all.map((c) => (c.id === comment.id ? { ...c, ...comment } : c)) : [...all, comment]));
}

export function commentDeleted(taskId: number, commentId: number): void {
  if (!appStore.get(commentsByTaskAtom).has(taskId)) return;
  setComments(taskId, (all) => all.filter((c) => c.id !== commentId));
}

/** A task created offline got its real id: its comments are kept under it. */
export function renameCommentsTask(tempId: number, realId: number): void {
  const shown = appStore.get(commentsByTaskAtom).get(tempId);
  if (!shown) return;
  appStore.set(commentsByTaskAtom, (all) => {
    const next = new Map(all);
    next.delete(tempId);
    return next.set(realId, shown);
  });
}
