// The kanban board's roving focus: where each arrow key leads from a card.
import { describe, expect, it } from 'vitest';
import { boardTargets, nextBoardTarget, rovingTarget } from '../../../src/views/lists/views/boardFocus';

// Three buckets: two cards, an empty bucket (its placeholder), three cards.
const columns = [['task:1', 'task:2'], ['bucket:8'], ['task:3', 'task:4', 'task:5']];

describe('board focus', () => {
  it('moves up and down within a bucket and stops at its ends', () => {
    expect(nextBoardTarget(columns, 'task:1', 'ArrowDown')).toBe('task:2');
    expect(nextBoardTarget(columns, 'task:2', 'ArrowDown')).toBeNull();
    expect(nextBoardTarget(columns, 'task:2', 'ArrowUp')).toBe('task:1');
    expect(nextBoardTarget(columns, 'task:1', 'ArrowUp')).toBeNull();
    expect(nextBoardTarget(columns, 'task:3', 'End')).toBe('task:5');
    expect(nextBoardTarget(columns, 'task:5', 'Home')).toBe('task:3');
  });

  it('moves left and right to the neighbouring bucket at the same height, or its last card', () => {
    expect(nextBoardTarget(columns, 'task:2', 'ArrowRight')).toBe('bucket:8');
    expect(nextBoardTarget(columns, 'bucket:8', 'ArrowRight')).toBe('task:3');
    expect(nextBoardTarget(columns, 'task:5', 'ArrowLeft')).toBe('bucket:8');
    expect(nextBoardTarget(columns, 'bucket:8', 'ArrowLeft')).toBe('task:1');
    expect(nextBoardTarget(columns, 'task:5', 'ArrowRight')).toBeNull();
    expect(nextBoardTarget(columns, 'task:1', 'ArrowLeft')).toBeNull();
  });

  it('ignores other keys and unknown targets', () => {
    expect(nextBoardTarget(columns, 'task:1', 'Enter')).toBeNull();
    expect(nextBoardTarget(columns, 'task:99', 'ArrowDown')).toBeNull();
  });

  it('keeps the remembered target while it exists, else the first one', () => {
    expect(rovingTarget(columns, 'task:4')).toBe('task:4');
    expect(rovingTarget(columns, 'task:99')).toBe('task:1');
    expect(rovingTarget(columns, null)).toBe('task:1');
    expect(rovingTarget([[], ['task:7']], null)).toBe('task:7');
    expect(rovingTarget([], null)).toBeNull();
  });

  describe('with the bucket headers and add boxes', () => {
    const buckets = [
      { id: 1, tasks: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      { id: 2, tasks: [] },
      { id: 3, tasks: [{ id: 4 }] },
    ];
    const { columns: cols, heads } = boardTargets(buckets, { 3: true }, true);
    const next = (from: string, key: string) => nextBoardTarget(cols, from, key, heads);

    it('lists header controls per bucket, the new-bucket box last, and nothing under a collapsed bucket', () => {
      expect(heads).toEqual([['toggle:1', 'title:1', 'menu:1'], ['toggle:2', 'title:2', 'menu:2'], ['toggle:3', 'title:3', 'menu:3'], ['newBucket']]);
      expect(cols).toEqual([['task:1', 'task:2', 'task:3', 'add:1'], ['bucket:2', 'add:2'], []]);
      // Read-only: no menus, add boxes or new bucket.
      expect(boardTargets(buckets, {}, false)).toEqual({ columns: [['task:1', 'task:2', 'task:3'], ['bucket:2'], ['task:4']], heads: [['toggle:1', 'title:1'], ['toggle:2', 'title:2'], ['toggle:3', 'title:3']] });
    });

    it('goes up from the top of a bucket to its header, and down from any header control into the bucket', () => {
      expect(next('task:1', 'ArrowUp')).toBe('toggle:1');
      expect(next('title:2', 'ArrowDown')).toBe('bucket:2');
      expect(next('menu:3', 'ArrowDown')).toBeNull();
      expect(next('toggle:1', 'ArrowUp')).toBeNull();
    });

    it('walks the header row left and right across buckets to the new-bucket box', () => {
      expect(next('toggle:1', 'ArrowRight')).toBe('title:1');
      expect(next('menu:1', 'ArrowRight')).toBe('toggle:2');
      expect(next('menu:3', 'ArrowRight')).toBe('newBucket');
      expect(next('newBucket', 'ArrowRight')).toBeNull();
      expect(next('toggle:2', 'ArrowLeft')).toBe('menu:1');
      expect(next('newBucket', 'End')).toBeNull();
      expect(next('newBucket', 'Home')).toBe('toggle:1');
    });

    it('moves sideways card to card and add box to add box, skipping collapsed buckets', () => {
      expect(next('task:3', 'ArrowRight')).toBe('bucket:2');
      expect(next('add:1', 'ArrowRight')).toBe('add:2');
      expect(next('add:2', 'ArrowRight')).toBeNull();
      expect(next('task:3', 'ArrowDown')).toBe('add:1');
      expect(next('add:1', 'ArrowUp')).toBe('task:3');
    });

    it('starts on the first card, or on the first header control of a board without any', () => {
      expect(rovingTarget(cols, null, heads)).toBe('task:1');
      expect(rovingTarget(cols, 'menu:2', heads)).toBe('menu:2');
      expect(rovingTarget([[]], null, [['toggle:1']])).toBe('toggle:1');
    });
  });
});
