// Roving focus over the kanban board, one Tab stop for the whole board: where an arrow key moves the focus.

/**
 * A focus target's key: "task:12" for a card, "bucket:3" for the placeholder of an empty bucket, "add:3" for a
 * bucket's add-task box; header controls ("toggle:3", "title:3", "menu:3") and "newBucket" sit in the header row.
 */
export type BoardTarget = string;

/**
 * The target an arrow key leads to from `current`. `columns` are the buckets left to right with their body targets
 * top to bottom (empty for a collapsed bucket); `heads[i]` are the header controls of column i, left to right, and
 * may have one more entry than `columns` (the new-bucket box after the last bucket).
 *
 * In a body: up and down stay in the column (up from the top reaches its header), left and right go to the
 * neighbouring column at the same height (or its last target), Home and End to the column's first and last.
 * In the header row: left and right walk the header controls of all buckets in reading order, down enters the
 * bucket's body. Null when the key leads nowhere.
 */
export function nextBoardTarget(
  columns: readonly (readonly BoardTarget[])[],
  current: BoardTarget,
  key: string,
  heads: readonly (readonly BoardTarget[])[] = [],
): BoardTarget | null {
  const headCol = heads.findIndex((h) => h.includes(current));
  if (headCol >= 0) return fromHead(columns, heads, headCol, heads[headCol].indexOf(current), key);
  const col = columns.findIndex((c) => c.includes(current));
  if (col < 0) return null;
  const row = columns[col].indexOf(current);
  const column = columns[col];
  switch (key) {
    case 'ArrowDown':
      return column[row + 1] ?? null;
    case 'ArrowUp':
      return row > 0 ? column[row - 1] : (heads[col]?.[0] ?? null);
    case 'Home':
      return row > 0 ? column[0] : null;
    case 'End':
      return row < column.length - 1 ? column[column.length - 1] : null;
    case 'ArrowLeft':
    case 'ArrowRight': {
      const step = key === 'ArrowLeft' ? -1 : 1;
      // A card goes to a card (or placeholder), never to the add-task box below a shorter column; that box goes to
      // the neighbouring one.
      const fromFoot = isFoot(current);
      for (let c = col + step; c >= 0 && c < columns.length; c += step) {
        const next = columns[c];
        const foot = next.find(isFoot);
        if (fromFoot && foot) return foot;
        const items = next.filter((k) => !isFoot(k));
        if (items.length > 0) return fromFoot ? items[items.length - 1] : items[Math.min(row, items.length - 1)];
      }
      return null;
    }
    default:
      return null;
  }
}

const isFoot = (key: BoardTarget) => key.startsWith('add:');

function fromHead(columns: readonly (readonly BoardTarget[])[], heads: readonly (readonly BoardTarget[])[], col: number, at: number, key: string): BoardTarget | null {
  const row = heads.flat();
  const index = row.indexOf(heads[col][at]);
  switch (key) {
    case 'ArrowLeft':
      return index > 0 ? row[index - 1] : null;
    case 'ArrowRight':
      return row[index + 1] ?? null;
    case 'ArrowDown':
      return columns[col]?.[0] ?? null;
    case 'Home':
      return index > 0 ? row[0] : null;
    case 'End':
      return index < row.length - 1 ? row[row.length - 1] : null;
    default:
      return null;
  }
}

/** The roving target: the remembered one while it is still on the board, else the first card (or header control). */
export function rovingTarget(columns: readonly (readonly BoardTarget[])[], remembered: BoardTarget | null, heads: readonly (readonly BoardTarget[])[] = []): BoardTarget | null {
  if (remembered !== null && (columns.some((c) => c.includes(remembered)) || heads.some((h) => h.includes(remembered)))) return remembered;
  for (const c of columns) if (c.length > 0) return c[0];
  for (const h of heads) if (h.length > 0) return h[0];
  return null;
}

/**
 * Whether an arrow key in a text box moves the focus rather than the caret: up and down always (a one-line box has
 * no lines to move between), left and right only at the text's start or end, Home and End never.
 */
export function arrowLeavesInput(input: HTMLInputElement, key: string): boolean {
  if (key === 'ArrowUp' || key === 'ArrowDown') return true;
  const { selectionStart: start, selectionEnd: end, value } = input;
  // Number and other boxes without a caret position report null: their arrows change the value.
  if (start === null || end === null) return false;
  if (key === 'ArrowLeft') return start === 0 && end === 0;
  if (key === 'ArrowRight') return start === value.length && end === value.length;
  return false;
}

/** The new-bucket box after the last bucket: the last stop of the header row. */
export const NEW_BUCKET_TARGET: BoardTarget = 'newBucket';

/**
 * The board's targets from its buckets: per bucket its header controls (collapse, title, and the options menu when the
 * person can write) and its body (cards or the empty placeholder, then the add-task box; nothing while collapsed).
 */
export function boardTargets(
  buckets: readonly { id: number; tasks: readonly { id: number }[] }[],
  collapsed: Readonly<Record<string, boolean>>,
  canWrite: boolean,
): { columns: BoardTarget[][]; heads: BoardTarget[][] } {
  const columns = buckets.map((b) => {
    if (collapsed[b.id]) return [];
    const body = b.tasks.length > 0 ? b.tasks.map((x) => `task:${x.id}`) : [`bucket:${b.id}`];
    return canWrite ? [...body, `add:${b.id}`] : body;
  });
  const heads = buckets.map((b) => (canWrite ? [`toggle:${b.id}`, `title:${b.id}`, `menu:${b.id}`] : [`toggle:${b.id}`, `title:${b.id}`]));
  if (canWrite) heads.push([NEW_BUCKET_TARGET]);
  return { columns, heads };
}

/** A target's attributes: only the roving one is in the Tab order, and the skip link lands on it. */
export function boardStop(key: BoardTarget, roving: BoardTarget | null) {
  return { tabIndex: roving === key ? 0 : -1, 'data-board-target': key, 'data-skip-target': roving === key || undefined };
}
