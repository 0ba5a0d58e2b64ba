// The kanban board's roving focus: where each arrow key leads from a card.
import { describe, expect, it } from 'vitest';
import { nextBoardTarget, rovingTarget } from '../../../src/views/lists/views/boardFocus';

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
});
