// Task comments (only when the server enables them): list, create, edit, delete.
import { del, get, post, put } from './client';
import type { UserRef } from './tasks';

export interface TaskComment {
  id: number;
  comment: string;
  author?: UserRef;
  created: Date | null;
  updated: Date | null;
}

export async function getComments(taskId: number): Promise<TaskComment[]> {
  return (await get<TaskComment[] | null>(`tasks/${taskId}/comments`)) ?? [];
}
export function createComment(taskId: number, comment: string): Promise<TaskComment> {
  return put(`tasks/${taskId}/comments`, { comment });
}
export function updateComment(taskId: number, id: number, comment: string): Promise<TaskComment> {
  return post(`tasks/${taskId}/comments/${id}`, { comment });
}
export async function deleteComment(taskId: number, id: number): Promise<void> {
  await del(`tasks/${taskId}/comments/${id}`);
}
