// Labels on a task: add, remove and list.
import { del, get, put } from './client';
import type { TaskLabel } from './tasks';

export async function addLabelToTask(taskId: number, labelId: number): Promise<void> {
  await put(`tasks/${taskId}/labels`, { labelId });
}

export async function removeLabelFromTask(taskId: number, labelId: number): Promise<void> {
  await del(`tasks/${taskId}/labels/${labelId}`);
}

export async function getTaskLabels(taskId: number): Promise<TaskLabel[]> {
  return (await get<TaskLabel[] | null>(`tasks/${taskId}/labels`)) ?? [];
}
