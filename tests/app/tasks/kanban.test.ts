// Kanban moves: positions by the rule, the done bucket marks done, leaving it marks undone, saved tasks re-sorted.
import { describe, expect, it } from 'vitest';
import { moveCard, placeTask } from '../../../src/views/lists/views/kanbanState';
import { taskFromApi } from '../../../src/api/tasks';
import type { Bucket } from '../../../src/api/buckets';

const task = (id: number, bucketId: number, kanbanPosition: number, done = false) => taskFromApi({ id, title: `t${id}`, bucketId, kanbanPosition, done });
const board = (): Bucket[] => [
  { id: 1, title: 'Todo', listId: 1, limit: 0, isDoneBucket: false, position: 1, tasks: [task(1, 1, 100), task(2, 1, 200), task(3, 1, 300)] },
  { id: 2, title: 'Done', listId: 1, limit: 0, isDoneBucket: true, position: 2, tasks: [task(4, 2, 100, true)] },
];

describe('moveCard', () => {
  it('reorders within a bucket at the midpoint', () => {
    const r = moveCard(board(), 3, 1, 1)!;
    expect(r.task.kanbanPosition).toBe(150);
    expect(r.buckets[0].tasks.map((t) => t.id)).toEqual([1, 3, 2]);
  });
  it('moving into the done bucket marks done; at the end adds 65536', () => {
    const r = moveCard(board(), 1, 2, 1)!;
    expect(r.task).toMatchObject({ bucketId: 2, done: true, kanbanPosition: 100 + 65536 });
    expect(r.buckets[0].tasks.map((t) => t.id)).toEqual([2, 3]);
    expect(r.buckets[1].tasks.map((t) => t.id)).toEqual([4, 1]);
  });
  it('moving out of the done bucket marks undone; at the top halves the next', () => {
    const r = moveCard(board(), 4, 1, 0)!;
    expect(r.task).toMatchObject({ bucketId: 1, done: false, kanbanPosition: 50 });
  });
  it('into an empty bucket gets position 0', () => {
    const b = board();
    b[1].tasks = [];
    expect(moveCard(b, 1, 2, 0)!.task.kanbanPosition).toBe(0);
  });
});

describe('placeTask', () => {
  it('moves a saved task to its bucket sorted by kanban position', () => {
    const next = placeTask(board(), { ...task(2, 2, 50), done: true });
    expect(next[0].tasks.map((t) => t.id)).toEqual([1, 3]);
    expect(next[1].tasks.map((t) => t.id)).toEqual([2, 4]);
  });
});
