// Kanban boards: each list's buckets in the store (cards read from the task atoms), and the board on screen as the card commands see it.
import { atom, type PrimitiveAtom, type SetStateAction, type WritableAtom } from 'jotai/vanilla';
import type { Bucket } from '../api/buckets';
import type { Task } from '../api/tasks';
import { appStore } from './store';
import { onClearStore } from './entities';
import { taskAtomFamily } from './tasks';
import { cardsByBucket } from './kanbanMoves';

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

/** A bucket as the store keeps it: its cards are not copies but the tasks whose bucketId is this bucket's. */
export type BucketMeta = Omit<Bucket, 'tasks'>;

/** Paging of one bucket's cards (the first 25 come with the buckets; the rest on scrolling). */
export interface BucketPage {
  page: number;
  exhausted: boolean;
  loading: boolean;
}

interface BoardQuery {
  buckets: BucketMeta[] | null;
  /** Every card loaded on this board, in the order loaded. */
  taskIds: number[];
  pages: Record<number, BucketPage>;
}

type BoardAtom = WritableAtom<Bucket[] | null, [SetStateAction<Bucket[]>], void>;
type PagesAtom = WritableAtom<Record<number, BucketPage>, [SetStateAction<Record<number, BucketPage>>], void>;

const EMPTY_BOARD: BoardQuery = { buckets: null, taskIds: [], pages: {} };
const boards = new Map<number, { query: PrimitiveAtom<BoardQuery>; view: BoardAtom; pages: PagesAtom }>();
/** Changes with every write of any board: what the local copy (src/local) watches to keep the boards. */
export const boardsVersionAtom = atom(0);

function boardEntry(listId: number) {
  let entry = boards.get(listId);
  if (!entry) {
    const query = atom<BoardQuery>(EMPTY_BOARD);
    const view: BoardAtom = atom(
      (get) => {
        const { buckets, taskIds } = get(query);
        if (!buckets) return null;
        // A card sits in the bucket its task names now: a save anywhere (detail, done toggle) moves it.
        const all = get(taskAtomFamily.all);
        const cards: Task[] = [];
        for (const id of taskIds) {
          const task = all.get(id);
          if (task) cards.push(task);
        }
        return cardsByBucket(buckets, cards, listId);
      },
      (get, set, update) => {
        const next = typeof update === 'function' ? update(get(view) ?? []) : update;
        const cards = next.flatMap((b) => b.tasks);
        const all = taskAtomFamily.withItems(get(taskAtomFamily.all), cards);
        if (all) set(taskAtomFamily.all, all);
        const ids = cards.map((t) => t.id);
        set(query, (q) => ({ ...q, buckets: next.map(({ tasks: _tasks, ...meta }) => meta), taskIds: ids }));
        set(boardsVersionAtom, (v) => v + 1);
      },
    );
    const pages: PagesAtom = atom(
      (get) => get(query).pages,
      (_get, set, update) => {
        set(query, (q) => ({ ...q, pages: typeof update === 'function' ? update(q.pages) : update }));
        set(boardsVersionAtom, (v) => v + 1);
      },
    );
    entry = { query, view, pages };
    boards.set(listId, entry);
  }
  return entry;
}

/** The buckets of a list's board with their cards (null before the first load); kept while the app runs. */
export function boardAtom(listId: number): BoardAtom {
  return boardEntry(listId).view;
}

/** The paging state of a board's buckets. */
export function boardPagesAtom(listId: number): PagesAtom {
  return boardEntry(listId).pages;
}

onClearStore(() => {
  for (const { query } of boards.values()) appStore.set(query, EMPTY_BOARD);
  appStore.set(boardsVersionAtom, (v) => v + 1);
});

/** A loaded board as the local copy keeps it: its buckets, the ids of its cards and how far each bucket is paged. */
export interface StoredBoard {
  listId: number;
  buckets: BucketMeta[];
  taskIds: readonly number[];
  pages: Record<number, BucketPage>;
}

/** Every loaded board. */
export function loadedBoards(): StoredBoard[] {
  const out: StoredBoard[] = [];
  for (const [listId, { query }] of boards) {
    const { buckets, taskIds, pages } = appStore.get(query);
    if (buckets) out.push({ listId, buckets, taskIds, pages });
  }
  return out;
}

/** Shows a board as the local copy kept it (its cards must be in the store already), unless it is loaded already. */
export function restoreBoard({ listId, buckets, taskIds, pages }: StoredBoard): void {
  const { query } = boardEntry(listId);
  if (appStore.get(query).buckets) return;
  const idle = Object.fromEntries(Object.entries(pages).map(([id, p]) => [id, { ...p, loading: false }]));
  appStore.set(query, { buckets, taskIds: [...taskIds], pages: idle });
  appStore.set(boardsVersionAtom, (v) => v + 1);
}

/** Lists whose board is loaded. */
export function loadedBoardIds(): number[] {
  return [...boards].filter(([, { query }]) => appStore.get(query).buckets !== null).map(([id]) => id);
}

/** A card known under another id now (created offline, then saved). */
export function renameBoardTask(from: number, to: number): void {
  for (const { query } of boards.values()) {
    const q = appStore.get(query);
    if (q.taskIds.includes(from)) appStore.set(query, { ...q, taskIds: q.taskIds.filter((id) => id !== to).map((id) => (id === from ? to : id)) });
  }
}
