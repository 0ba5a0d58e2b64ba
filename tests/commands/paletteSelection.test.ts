// The list selection model behind j/k/x/shift+x/Escape: focus moves within bounds, toggles, ranges from the anchor, clear.
import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, clearSelection, moveFocus, selectRange, toggleFocused } from '../../src/state/selection';

const ids = [10, 11, 12, 13, 14];

describe('list selection', () => {
  it('moves focus from nothing to the first or last row, then within bounds', () => {
    let s = moveFocus(EMPTY_SELECTION, ids, 1);
    expect(s.focusedId).toBe(10);
    s = moveFocus(s, ids, -1);
    expect(s.focusedId).toBe(10);
    expect(moveFocus(EMPTY_SELECTION, ids, -1).focusedId).toBe(14);
    s = moveFocus(moveFocus(s, ids, 1), ids, 10);
    expect(s.focusedId).toBe(14);
    expect(moveFocus(s, [], 1).focusedId).toBeNull();
  });

  it('restarts from the top when the focused row disappeared', () => {
    expect(moveFocus({ ...EMPTY_SELECTION, focusedId: 99 }, ids, 1).focusedId).toBe(10);
  });

  it('toggles the focused row with x and remembers it as the anchor', () => {
    let s = toggleFocused({ ...EMPTY_SELECTION, focusedId: 11 });
    expect(s.selectedIds).toEqual([11]);
    expect(s.anchorId).toBe(11);
    s = toggleFocused(s);
    expect(s.selectedIds).toEqual([]);
    expect(toggleFocused(EMPTY_SELECTION)).toBe(EMPTY_SELECTION);
  });

  it('selects a range from the anchor to the focus with shift+x, in both directions', () => {
    let s = toggleFocused({ ...EMPTY_SELECTION, focusedId: 11 });
    s = selectRange({ ...s, focusedId: 13 }, ids);
    expect(s.selectedIds.sort()).toEqual([11, 12, 13]);
    s = selectRange({ ...clearSelection(s), anchorId: 13, focusedId: 10 }, ids);
    expect(s.selectedIds.sort()).toEqual([10, 11, 12, 13]);
  });

  it('selects only the focused row when there is no anchor', () => {
    expect(selectRange({ ...EMPTY_SELECTION, focusedId: 12 }, ids).selectedIds).toEqual([12]);
  });

  it('clears the selection but keeps the focus', () => {
    const s = clearSelection({ ...EMPTY_SELECTION, focusedId: 12, selectedIds: [10, 12], anchorId: 10 });
    expect(s).toEqual({ ...EMPTY_SELECTION, focusedId: 12 });
  });
});
