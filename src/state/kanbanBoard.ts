// The kanban board on screen, as the card commands (commands/kanban.ts) see it: the card with the roving focus and what can be done to it.

export interface ActiveBoard {
  listId: number;
  canWrite: boolean;
  /** The card holding the board's roving focus (the last one focused), or null on an empty board. */
  cardId: () => number | null;
  /** Whether the focus is on the board now (the card keys apply only then). */
  hasFocus: () => boolean;
  buckets: () => { id: number; title: string; taskIds: readonly number[] }[];
  open: (taskId: number) => void;
  toggleDone: (taskId: number) => Promise<void>;
  /** Asks the board to confirm, then deletes. */
  askDelete: (taskId: number) => void;
  moveToBucket: (taskId: number, bucketId: number) => Promise<void>;
}

let active: ActiveBoard | null = null;

export function setActiveBoard(board: ActiveBoard | null): void {
  active = board;
}

export function activeBoard(): ActiveBoard | null {
  return active;
}
