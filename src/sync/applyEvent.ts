// Applies one live event from the server (see server/events.ts) to the store: tasks, list queries, kanban boards,
// comments and namespaces directly; lists and labels by reloading them through their own loaders (as does a
// namespace the tree does not show yet, or one whose lists change with it: archived, deleted).
import type { WireTask, Task } from '../api/tasks';
import { tasksFromApi } from '../api/tasks';
import { bucketFromServer, type Bucket } from '../api/buckets';
import { fromApi } from '../api/convert';
import type { TaskComment } from '../api/comments';
import { appStore } from '../state/store';
import { addTasksToList, listTasksAtom, removeTask, taskAtomFamily } from '../state/tasks';
import { receive } from '../actions/tasks';
import { boardAtom, boardPagesAtom } from '../state/kanbanBoard';
import { loadLabels, loadNamespaces, namespaceAtomFamily, namespaceIdsAtom, putNamespace, removeNamespaceFromState, upsertNamespace } from '../state/namespaces';
import { normalizeNamespace, type Namespace } from '../api/namespaces';
import { commentDeleted, commentSaved } from '../state/comments';

export interface LiveEvent {
  id: number;
  type: string;
  data: unknown;
}

/** Fields the server sends as they are now even when the task's own `updated` did not move (sub-resources). */
const SUB_RESOURCES = ['labels', 'assignees', 'attachments', 'relatedTasks', 'coverImageAttachmentId'] as const;

const time = (d: Date | null | undefined) => d?.getTime() ?? 0;

/**
 * The task to store from an event, or null when the store's copy is as new: the sender's own change comes back
 * as an event too, and must not overwrite an edit made since. Each reader keeps its own star and subscription.
 */
function incoming(raw: WireTask): Task | null {
  const [task] = tasksFromApi([raw]) as [Task];
  const stored = taskAtomFamily.peek(task.id);
  if (!stored) return task;
  const own = { isFavorite: stored.isFavorite, subscription: stored.subscription };
  if (time(task.updated) > time(stored.updated)) return { ...task, ...own };
  // Same version: only what changes beside it (a label, an assignee) can be news.
  const changed = SUB_RESOURCES.filter((k) => JSON.stringify(task[k]) !== JSON.stringify(stored[k]));
  if (changed.length === 0) return null;
  const next = { ...stored };
  for (const k of changed) (next as Record<string, unknown>)[k] = task[k];
  return next;
}

/** Puts a task on the board of its list when the board is loaded and does not show it yet. */
function placeOnBoard(task: Task): void {
  const a = boardAtom(task.listId);
  const buckets = appStore.get(a);
  if (!buckets || buckets.some((b) => b.tasks.some((t) => t.id === task.id))) return;
  const target = buckets.find((b) => b.id === task.bucketId) ?? buckets[0];
  if (!target) return;
  appStore.set(
    a,
    buckets.map((b) => (b === target ? { ...b, tasks: [...b.tasks, task] } : b)),
  );
}

/** Puts a task in its list's loaded query when the query does not hold it yet. */
function placeInList(task: Task): void {
  const state = appStore.get(listTasksAtom(task.listId));
  if (!state.loaded || state.tasks.some((t) => t.id === task.id)) return;
  addTasksToList(task.listId, [task]);
}

function applyTask(raw: WireTask): void {
  const task = incoming(raw);
  if (!task) return;
  receive(task);
  placeInList(task);
  placeOnBoard(task);
}

function applyBucket(bucket: Bucket): void {
  const a = boardAtom(bucket.listId);
  const buckets = appStore.get(a);
  if (!buckets) return;
  const known = buckets.find((b) => b.id === bucket.id);
  const next = known ? buckets.map((b) => (b.id === bucket.id ? { ...bucket, tasks: b.tasks } : b)) : [...buckets, bucket];
  appStore.set(
    a,
    next.sort((x, y) => x.position - y.position || x.id - y.id),
  );
  // A new bucket has no cards yet: nothing to page in.
  if (!known) appStore.set(boardPagesAtom(bucket.listId), (p) => ({ ...p, [bucket.id]: { page: 1, exhausted: true, loading: false } }));
}

/** A deleted bucket's cards go to the first remaining bucket, as the server moves them. */
function removeBucket(listId: number, bucketId: number): void {
  const a = boardAtom(listId);
  const buckets = appStore.get(a);
  if (!buckets) return;
  const gone = buckets.find((b) => b.id === bucketId);
  const rest = buckets.filter((b) => b.id !== bucketId);
  if (!gone || rest.length === 0) return;
  const moved = gone.tasks.map((t) => ({ ...t, bucketId: rest[0]!.id }));
  appStore.set(
    a,
    rest.map((b, i) => (i === 0 ? { ...b, tasks: [...b.tasks, ...moved] } : b)),
  );
}

/** Reloads run at most once per burst of events (a bulk edit sends many). */
function debounced(run: () => unknown, ms = 300): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void Promise.resolve(run()).catch(() => undefined);
    }, ms);
  };
}

const reloadLists = debounced(loadNamespaces);
const reloadLabels = debounced(loadLabels);

/**
 * A namespace created, edited, archived or newly shared: its fields are shown at once. One the tree does not show
 * (shared with this user just now) and one archived or taken out of the archive reload the tree, which decides
 * which namespaces it shows and with which lists. A copy older than the stored one (the writer's own change coming
 * back after a later one) changes nothing.
 */
function applyNamespace(raw: unknown, created: boolean): void {
  const ns = normalizeNamespace(fromApi<Namespace>(raw));
  if (!(ns.id > 0)) return;
  const known = namespaceAtomFamily.peek(ns.id);
  if (known && time(known.updated) > time(ns.updated)) return;
  const shown = appStore.get(namespaceIdsAtom).includes(ns.id);
  if (created && !ns.isArchived) {
    // A new namespace has no lists yet: it joins the tree as it is.
    upsertNamespace(ns);
    return;
  }
  putNamespace(ns);
  if ((!shown && !ns.isArchived) || (known && known.isArchived !== ns.isArchived)) reloadLists();
}

/** A namespace deleted, or no longer shared with this user: it leaves the tree, and the tree reloads for its lists. */
function removeNamespace(id: number): void {
  removeNamespaceFromState(id);
  reloadLists();
}

type Listener = () => void;
const resetListeners = new Set<Listener>();

/** Hears a reset (the server lost events this client missed): whoever shows server data refetches it. */
export function onLiveReset(listener: Listener): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/** Applies one event; unknown types are ignored (a newer server may send more). */
export function applyLiveEvent(event: LiveEvent): void {
  const data = (event.data ?? {}) as Record<string, unknown>;
  switch (event.type) {
    case 'task.created':
    case 'task.updated':
      applyTask(data as unknown as WireTask);
      return;
    case 'task.deleted':
      removeTask(Number(data.id));
      return;
    case 'bucket.created':
    case 'bucket.updated':
      applyBucket(bucketFromServer(data));
      return;
    case 'bucket.deleted':
      removeBucket(Number(data.list_id), Number(data.id));
      return;
    case 'comment.created':
    case 'comment.updated':
      commentSaved(Number(data.task_id), fromApi<TaskComment>(data.comment));
      return;
    case 'comment.deleted':
      commentDeleted(Number(data.task_id), Number(data.id));
      return;
    case 'list.created':
    case 'list.updated':
    case 'list.deleted':
      reloadLists();
      return;
    case 'namespace.created':
    case 'namespace.updated':
      applyNamespace(data, event.type === 'namespace.created');
      return;
    case 'namespace.deleted':
      removeNamespace(Number(data.id));
      return;
    case 'label.created':
    case 'label.updated':
    case 'label.deleted':
      reloadLabels();
      return;
    case 'reset':
      reloadLists();
      reloadLabels();
      for (const l of resetListeners) l();
      return;
    default:
  }
}
