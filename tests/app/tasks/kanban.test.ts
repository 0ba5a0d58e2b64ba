// Kanban moves: positions by the rule, the done bucket marks done, leaving it marks undone, saved tasks re-sorted.
import { describe, expect, it } from 'vitest';
import { cardsByBucket, moveCard } from '../../../src/state/kanbanMoves';
import { insertionIndex, keyboardStep } from '../../../src/views/lists/views/dropPlace';
import { taskFromApi } from '../../../src/api/tasks';
import type { Bucket } from '../../../src/api/buckets';

const task = (id: number, bucketId: number, kanbanPosition: number, done = false) => taskFromApi({ id, title: `t${id}`, bucket_id: bucketId, kanban_position: kanbanPosition, done });
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

describe('cardsByBucket', () => {
  it('moves a saved task to its bucket sorted by kanban position', () => {
    const tasks = board().flatMap((b) => b.tasks).map((t) => (t.id === 2 ? { ...task(2, 2, 50), done: true } : t));
    const next = cardsByBucket(board(), tasks.map((t) => ({ ...t, listId: 1 })), 1);
    expect(next[0].tasks.map((t) => t.id)).toEqual([1, 3]);
    expect(next[1].tasks.map((t) => t.id)).toEqual([2, 4]);
  });

  it('leaves out a task moved to another list, and a bucket no task names is empty', () => {
    const tasks = board().flatMap((b) => b.tasks).map((t) => ({ ...t, listId: t.id === 4 ? 2 : 1 }));
    const next = cardsByBucket(board(), tasks, 1);
    expect(next[0].tasks.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(next[1].tasks).toEqual([]);
  });
});

describe('insertionIndex', () => {
  // The middles of the other cards of the bucket, top to bottom.
  const middles = [100, 160, 220];
  it('lands before the first card whose middle is below the dragged card', () => {
    expect(insertionIndex(middles, 50)).toBe(0);
    expect(insertionIndex(middles, 100)).toBe(1);
    expect(insertionIndex(middles, 161)).toBe(2);
    expect(insertionIndex(middles, 500)).toBe(3);
    expect(insertionIndex([], 10)).toBe(0);
  });
});

describe('keyboardStep', () => {
  const card = { left: 10, top: 70, width: 280, height: 60 }; // middle (150, 100)
  const buckets = [
    { id: 1, box: { left: 0, top: 0, width: 300, height: 800 } },
    { id: 2, box: { left: 320, top: 0, width: 300, height: 400 } },
  ];
  const middles = [40, 160, 220];
  const middleOf = (p: { x: number; y: number } | undefined) => p && { x: p.x + card.width / 2, y: p.y + card.height / 2 };

  it('up and down pass the middle of the next card, so the card lands one place further', () => {
    const down = middleOf(keyboardStep('ArrowDown', card, buckets, 1, middles))!;
    expect(down).toEqual({ x: 150, y: 161 });
    expect(insertionIndex(middles, down.y)).toBe(2);
    const up = middleOf(keyboardStep('ArrowUp', card, buckets, 1, middles))!;
    expect(up).toEqual({ x: 150, y: 39 });
    expect(insertionIndex(middles, up.y)).toBe(0);
  });

  it('stops at either end of the bucket', () => {
    expect(keyboardStep('ArrowDown', { ...card, top: 300 }, buckets, 1, middles)).toBeUndefined();
    expect(keyboardStep('ArrowUp', { ...card, top: -30 }, buckets, 1, middles)).toBeUndefined();
  });

  it('left and right go to the middle of the neighbouring bucket, kept within its height', () => {
    expect(middleOf(keyboardStep('ArrowRight', card, buckets, 1, middles))).toEqual({ x: 470, y: 100 });
    expect(middleOf(keyboardStep('ArrowRight', { ...card, top: 600 }, buckets, 1, middles))).toEqual({ x: 470, y: 399 });
    expect(keyboardStep('ArrowRight', card, buckets, 2, middles)).toBeUndefined();
    expect(middleOf(keyboardStep('ArrowLeft', { ...card, left: 330 }, buckets, undefined, middles))).toEqual({ x: 150, y: 100 });
  });

  it('ignores other keys', () => {
    expect(keyboardStep('KeyA', card, buckets, 1, middles)).toBeUndefined();
  });
});
