// Pure kanban moves: where a card lands when dragged (bucket, index, kanban position by the position rule), and the done-bucket rule.
import { positionBetween } from '../../../state/position';
import type { Bucket } from '../../../api/buckets';
import type { Task } from '../../../api/tasks';

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

/** A saved task goes to its (possibly new) bucket, which stays sorted by kanban position. */
export function placeTask(buckets: Bucket[], task: Task): Bucket[] {
  return buckets.map((b) => {
    const without = b.tasks.filter((t) => t.id !== task.id);
    if (b.id !== task.bucketId) return without.length === b.tasks.length ? b : { ...b, tasks: without };
    return { ...b, tasks: [...without, task].sort((x, y) => x.kanbanPosition - y.kanbanPosition) };
  });
}

