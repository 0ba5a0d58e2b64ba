// Task assignees: add and remove, and the user search used to find someone to assign.
import { del, get, put } from './client';
import type { UserRef } from './tasks';

export async function addAssignee(taskId: number, userId: number): Promise<void> {
  await put(`tasks/${taskId}/assignees`, { userId });
}

export async function removeAssignee(taskId: number, userId: number): Promise<void> {
  await del(`tasks/${taskId}/assignees/${userId}`);
}

export async function searchUsers(s: string): Promise<UserRef[]> {
  return (await get<UserRef[] | null>('users', { query: { s } })) ?? [];
}

/** Everyone who can see a list: the people a task in it can be assigned to. */
export async function listUsers(listId: number): Promise<UserRef[]> {
  return (await get<UserRef[] | null>(`lists/${listId}/listusers`)) ?? [];
}
