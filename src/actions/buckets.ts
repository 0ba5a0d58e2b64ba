// Kanban actions, each written once: load a board and its next cards, move a card, create, change and delete buckets.
import * as api from '../api/buckets';
import { BUCKET_PAGE_SIZE, type Bucket } from '../api/buckets';
import { getListTasks, type Task } from '../api/tasks';
import { success, error as toastError } from '../app/toast';
import { t } from '../i18n';
import { appStore } from '../state/store';
import { onClearStore } from '../state/entities';
import { boardAtom, boardPagesAtom, type BucketMeta } from '../state/kanbanBoard';
import { moveCard as placeCard } from '../state/kanbanMoves';
import { setBucketChoices } from '../state/bucketChoices';
import * as tasks from './tasks';
import { onOutboxAck, onOutboxDiscard, submit } from '../outbox/current';

/**
 * Reads a list's buckets (id and title) into the store for the task's bucket field and command; not the board (that
 * is `load`). A list whose buckets cannot be read counts as having none: the rest of the task still works.
 */
export async function loadChoices(listId: number): Promise<void> {
  try {
    setBucketChoices(listId, (await api.getBuckets(listId)).map((b) => ({ id: b.id, title: b.title })));
  } catch {
    setBucketChoices(listId, []);
  }
}

/** A board loaded ahead of its view (by the navigation, a hover) is shown by the view if it opens within this time. */
const PRELOAD_KEPT_MS = 10_000;
/** Loads started ahead of a view, each joined by the next view of that board to open, once. */
const preloads = new Map<number, { done: Promise<void>; settledAt: number | null }>();
onClearStore(() => preloads.clear());

/** Loads a list's buckets with their first cards into the store; errors are toasted. */
export async function load(listId: number): Promise<void> {
  try {
    const loaded = await api.getBuckets(listId);
    appStore.set(boardAtom(listId), loaded);
    appStore.set(boardPagesAtom(listId), Object.fromEntries(loaded.map((b) => [b.id, { page: 1, exhausted: b.tasks.length < BUCKET_PAGE_SIZE, loading: false }])));
  } catch (err) {
    void toastError(err);
  }
}

/** Loads a board ahead of its view (the navigation to it, or a hover): the view, once open, shows this load. */
export function preload(listId: number): Promise<void> {
  const entry: { done: Promise<void>; settledAt: number | null } = { done: Promise.resolve(), settledAt: null };
  entry.done = load(listId).finally(() => {
    entry.settledAt = Date.now();
  });
  preloads.set(listId, entry);
  return entry.done;
}

/**
 * The board as a view opening it needs it: the load started ahead of it is joined, not asked again; otherwise the
 * board loads (a board seen before shows at once meanwhile).
 */
export function open(listId: number): Promise<void> {
  const ahead = preloads.get(listId);
  preloads.delete(listId);
  if (ahead && (ahead.settledAt === null || Date.now() - ahead.settledAt < PRELOAD_KEPT_MS)) return ahead.done;
  return load(listId);
}

/** Loads a bucket's next page of cards (once at a time; nothing when every card is there). */
export async function loadMore(listId: number, bucketId: number): Promise<void> {
  const pagesAtom = boardPagesAtom(listId);
  const state = appStore.get(pagesAtom)[bucketId];
  if (!state || state.loading || state.exhausted) return;
  appStore.set(pagesAtom, (p) => ({ ...p, [bucketId]: { ...state, loading: true } }));
  try {
    const next = state.page + 1;
    const res = await getListTasks(listId, { filters: [{ field: 'bucket_id', comparator: 'equals', value: String(bucketId) }], sortBy: ['kanban_position'], orderBy: ['asc'], perPage: BUCKET_PAGE_SIZE, page: next });
    addCards(listId, res.items);
    appStore.set(pagesAtom, (p) => ({ ...p, [bucketId]: { page: next, loading: false, exhausted: next >= res.totalPages || res.items.length < BUCKET_PAGE_SIZE } }));
  } catch (err) {
    appStore.set(pagesAtom, (p) => ({ ...p, [bucketId]: { ...state, loading: false } }));
    void toastError(err);
  }
}

/** Puts tasks on a board (created there, or the next page of a bucket); each lands in the bucket it names. */
export function addCards(listId: number, cards: Task[]): void {
  const own = cards.filter((c) => c.listId === listId);
  appStore.set(boardAtom(listId), (all) => all.map((b) => ({ ...b, tasks: [...b.tasks.filter((x) => !own.some((c) => c.id === x.id)), ...own.filter((c) => c.bucketId === b.id)] })));
}

/**
 * Moves a card to a bucket at an index among that bucket's other cards (the end when not given): its kanban position
 * comes from its new neighbours, and the done bucket marks it done (leaving it, undone). Returns the saved task.
 */
export async function moveCard(listId: number, taskId: number, bucketId: number, index?: number, opts: { announce?: boolean } = {}): Promise<Task | null> {
  const all = appStore.get(boardAtom(listId));
  const to = all?.find((b) => b.id === bucketId);
  if (!all || !to) return null;
  const result = placeCard(all, taskId, bucketId, index ?? to.tasks.filter((x) => x.id !== taskId).length);
  if (!result) return null;
  // The board reads each card's bucket from its task: saving the task (or rolling it back) is the whole move.
  const saved = await tasks.update(result.task);
  if (saved && opts.announce) void success(t('task.kanban.movedTo', { title: saved.title, bucket: to.title }));
  return saved;
}

/** Shows a bucket as the server saved it: the new stamp, so the next edit of it is not taken for a stale one. */
function showSaved(listId: number, saved: Bucket): void {
  appStore.set(boardAtom(listId), (all) => all.map((b) => (b.id === saved.id ? { ...b, ...api.bucketFields(saved) } : b)));
}

// A change sent after the network came back (or by another tab).
onOutboxAck((write, result) => {
  if (write.kind === 'bucketUpdate') showSaved(write.listId, result as Bucket);
});

// A change the person discarded: its board is shown as the server has it again.
onOutboxDiscard((dropped) => {
  const boards = new Set(dropped.flatMap(({ write }) => (write.kind === 'bucketUpdate' ? [write.listId] : [])));
  for (const listId of boards) void load(listId);
});

/**
 * Changes a bucket (title, limit, done bucket) at once, through the outbox (without a network it is sent later), and
 * back when the server refuses (e.g. a second done bucket).
 */
export async function update(listId: number, bucketId: number, change: Partial<BucketMeta>, message?: string): Promise<boolean> {
  const board = boardAtom(listId);
  const before = appStore.get(board)?.find((b) => b.id === bucketId);
  if (!before) return false;
  const withChange = (all: Bucket[], value: Bucket) => all.map((b) => (b.id === bucketId ? { ...value, tasks: b.tasks } : b));
  appStore.set(board, (all) => withChange(all, { ...before, ...change }));
  try {
    const outcome = await submit({ kind: 'bucketUpdate', listId, bucketId, bucket: api.bucketFields({ ...before, ...change }) }, before.title);
    if (outcome.sent) showSaved(listId, outcome.result as Bucket);
    if (message && outcome.sent) void success(message);
    return true;
  } catch (err) {
    appStore.set(board, (all) => withChange(all, before));
    void toastError(err);
    return false;
  }
}

/** Creates a bucket at the end of the board. Returns whether it was created. */
export async function create(listId: number, title: string): Promise<boolean> {
  try {
    const created = await api.createBucket(listId, title);
    // Its live event may have put it on the board already.
    appStore.set(boardAtom(listId), (all) => (all.some((b) => b.id === created.id) ? all : [...all, created]));
    appStore.set(boardPagesAtom(listId), (p) => ({ ...p, [created.id]: { page: 1, exhausted: true, loading: false } }));
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}

/** Deletes a bucket; its cards go to another bucket on the server, so the board loads again. */
export async function remove(listId: number, bucketId: number): Promise<boolean> {
  try {
    await api.deleteBucket(listId, bucketId);
  } catch (err) {
    void toastError(err);
    return false;
  }
  await load(listId);
  return true;
}
