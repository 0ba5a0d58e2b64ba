// Pure kanban moves: where a card lands when dragged (bucket, index, kanban position by the position rule), the done-bucket rule, and which bucket shows which card.
import { positionBetween } from './position';
import type { Bucket } from '../api/buckets';
import type { Task } from '../api/tasks';

export interface MoveResult {
  buckets: Bucket[];
  task: Task;
}

/** Moves a task into `toBucketId` at `toIndex`; entering the done bucket marks it done, leaving it marks it undone. */
export function moveCard(buckets: Bucket[], taskId: number, toBucketId: number, toIndex: number): MoveResult | null {
  const from = buckets.find((b) => b.tasks.some((t) => t.id === taskId));
  const to = buckets.find((b) => b.id === toBucketId);
  if (!from || !to) return null;
  const task = from.tasks.find((t) => t.id === taskId)!;
  const targetTasks = to.tasks.filter((t) => t.id !== taskId);
  const index = Math.max(0, Math.min(toIndex, targetTasks.length));
  const kanbanPosition = positionBetween(targetTasks[index - 1]?.kanbanPosition, targetTasks[index]?.kanbanPosition);
  let done = task.done;
  if (to.isDoneBucket) done = true;
  else if (from.isDoneBucket && from.id !== to.id) done = false;
  const moved: Task = { ...task, bucketId: to.id, kanbanPosition, done };
  targetTasks.splice(index, 0, moved);
  return {
    task: moved,
    buckets: buckets.map((b) => {
      if (b.id === to.id) return { ...b, tasks: targetTasks };
      if (b.id === from.id) return { ...b, tasks: b.tasks.filter((t) => t.id !== taskId) };
      return b;
    }),
  };
}

/**
 * The cards of each bucket: every task of the list that names the bucket, sorted by kanban position (stable, so cards
 * with equal positions keep the order they were loaded in). A task saved with another bucket shows in that one.
 */
export function cardsByBucket(buckets: readonly Omit<Bucket, 'tasks'>[], tasks: readonly Task[], listId: number): Bucket[] {
  const byBucket = new Map<number, Task[]>();
  for (const task of tasks) {
    if (task.listId !== listId) continue;
    const cards = byBucket.get(task.bucketId);
    if (cards) cards.push(task);
    else byBucket.set(task.bucketId, [task]);
  }
  return buckets.map((b) => ({ ...b, tasks: (byBucket.get(b.id) ?? []).sort((x, y) => x.kanbanPosition - y.kanbanPosition) }));
}
