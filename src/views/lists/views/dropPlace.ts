// Where a dragged task lands, from the middles of the items beside it: shared by the kanban board and the task list.
/** Where a dragged item lands among the other items of a column (their middles, top to bottom): before the first one whose middle is below `y`. */
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
 * The next top-left of an item dragged with the keyboard. Up and down step just past the middle of the next item of
 * the column (so the item lands one place further), left and right move to the middle of the neighbouring column
 * (`buckets` in their order on screen; none for a single list). Undefined when there is nowhere further to go.
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
