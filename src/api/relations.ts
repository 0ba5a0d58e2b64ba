// Task relations: create one of any kind and delete it (both directions, as the server keeps the inverse row).
import { del, put } from './client';
import type { RelationKind } from './tasks';

export { INVERSE_RELATION } from '../model/relations';
import { INVERSE_RELATION } from '../model/relations';

export async function createRelation(taskId: number, otherTaskId: number, relationKind: RelationKind = 'related'): Promise<void> {
  await put(`tasks/${taskId}/relations`, { otherTaskId, relationKind });
}

export async function deleteRelation(taskId: number, otherTaskId: number, relationKind: RelationKind): Promise<void> {
  await del(`tasks/${taskId}/relations/${relationKind}/${otherTaskId}`);
  // The inverse row survives a delete on this server version, so remove it explicitly.
  await del(`tasks/${otherTaskId}/relations/${INVERSE_RELATION[relationKind]}/${taskId}`).catch(() => undefined);
}
