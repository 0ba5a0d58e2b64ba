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

/** Where a dragged card lands among the other cards of a bucket (their middles, top to bottom): before the first one whose middle is below `y`. */
export function insertionIndex(middles: readonly number[], y: number): number {
  const index = middles.findIndex((middle) => middle > y);
  return index === -1 ? middles.length : index;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The next top-left of a card dragged with the keyboard. Up and down step just past the middle of the next card of
 * the bucket (so the card lands one place further), left and right move to the middle of the neighbouring bucket
 * (`buckets` in their order on screen). Undefined when there is nowhere further to go.
 */
export function keyboardStep(key: string, card: Box, buckets: readonly { id: number; box: Box }[], bucketId: number | undefined, middles: readonly number[]): { x: number; y: number } | undefined {
  const x = card.left + card.width / 2;
  const y = card.top + card.height / 2;
  const at = (cx: number, cy: number) => ({ x: cx - card.width / 2, y: cy - card.height / 2 });
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const next = key === 'ArrowDown' ? middles.find((m) => m > y) : [...middles].reverse().find((m) => m < y);
    return next === undefined ? undefined : at(x, key === 'ArrowDown' ? next + 1 : next - 1);
  }
  if (key !== 'ArrowLeft' && key !== 'ArrowRight') return undefined;
  let index = buckets.findIndex((b) => b.id === bucketId);
  if (index === -1) index = buckets.findIndex((b) => x >= b.box.left && x <= b.box.left + b.box.width);
  const next = index === -1 ? undefined : buckets[index + (key === 'ArrowRight' ? 1 : -1)];
  if (!next) return undefined;
  const top = next.box.top + 1;
  const bottom = next.box.top + next.box.height - 1;
  return at(next.box.left + next.box.width / 2, Math.min(Math.max(y, top), bottom));
}
