// Roving focus over the kanban board: which card (or empty bucket) an arrow key moves the focus to.

/** A focus target's key: "task:12" for a card, "bucket:3" for the placeholder of an empty bucket. */
export type BoardTarget = string;

/**
 * The target an arrow key leads to from `current`, given the columns (expanded buckets, left to right) and their
 * targets (top to bottom). Up and down stay in the column; left and right go to the neighbouring column at the same
 * height (or its last card); Home and End go to the column's first and last. Null when the key leads nowhere.
 */
export function nextBoardTarget(columns: readonly (readonly BoardTarget[])[], current: BoardTarget, key: string): BoardTarget | null {
  const col = columns.findIndex((c) => c.includes(current));
  if (col < 0) return null;
  const row = columns[col].indexOf(current);
  const column = columns[col];
  switch (key) {
    case 'ArrowDown':
      return column[row + 1] ?? null;
    case 'ArrowUp':
      return row > 0 ? column[row - 1] : null;
    case 'Home':
      return row > 0 ? column[0] : null;
    case 'End':
      return row < column.length - 1 ? column[column.length - 1] : null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowLeft' ? -1 : 1;
      for (let c = col + step; c >= 0 && c < columns.length; c += step) {
        const next = columns[c];
        if (next.length > 0) return next[Math.min(row, next.length - 1)];
      }
      return null;
    }
    default:
      return null;
  }
}

/** The roving target: the remembered one while it is still on the board, else the first target there is. */
export function rovingTarget(columns: readonly (readonly BoardTarget[])[], remembered: BoardTarget | null): BoardTarget | null {
  if (remembered !== null && columns.some((c) => c.includes(remembered))) return remembered;
  for (const c of columns) if (c.length > 0) return c[0];
  return null;
}
