// Task actions, each written once: the optimistic write to the store, the request, the saved task or the rollback, and the toast.
import * as api from '../api/tasks';
import type { Task, TaskQuery, UserRef } from '../api/tasks';
import type { Page } from '../api/client';
import type { Label } from '../api/labels';
import { success, error as toastError } from '../app/toast';
import { appStore } from '../state/store';
import { sameData } from '../state/sameData';
import { hideDoneInRestoredLists, putTasks, removeTask, renameTask, taskAtomFamily, taskTitle } from '../state/tasks';
import { renameBoardTask } from '../state/kanbanBoard';
import { renameCommentsTask } from '../state/comments';
import { listSelectionAtom } from '../state/selection';
import { navigateTo } from '../state/navigator';
import {
  createdTask,
  discardWrite,
  onOutboxAck,
  outboxStateAtom,
  pendingBase,
  pendingChanges,
  pendingDelete,
  showPendingCreates,
  submit,
} from '../outbox/current';
import { ApiError } from '../api/apiError';
import { isNetworkError } from '../api/networkError';
import type { Write } from '../outbox/types';
import { playPop, popSoundEnabled } from '../state/taskSettings';

/**
 * How an action reports: by default a failure is toasted and the action resolves to null; `quiet` leaves the toast to
 * the caller (a bulk command reports once for many tasks), and `saved` names the success toast, when there is one.
 */
export interface ActionOptions {
  quiet?: boolean;
  saved?: string;
}

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);

/** Writes `optimistic` now, runs `request`, then keeps what the server answered or puts the task back as it was. */
async function optimistic(before: Task | undefined, optimisticTask: Task, request: () => Promise<Task>, opts: ActionOptions): Promise<Task | null> {
  putTasks([optimisticTask]);
  try {
    const saved = await request();
    putTasks([saved]);
    if (opts.saved) void success(opts.saved);
    return saved;
  } catch (err) {
    // Only undo our own write: a newer one (another action on the same task) has already replaced it.
    if (taskAtomFamily.peek(optimisticTask.id) === optimisticTask) {
      if (before) putTasks([before]);
      else removeTask(optimisticTask.id);
    }
    if (!opts.quiet) void toastError(err);
    else throw err;
    return null;
  }
}

/** The task as the store has it, else as given (a task a view loaded but the store has not seen). */
const current = (task: Task): Task => taskAtomFamily.peek(task.id) ?? task;

/**
 * The saves of one task go out one after another. A second change made while the first is on its way (`m` then `t`
 * on an open task) used to go out at once with the version the task had before the first: the server refused it as a
 * stale edit, and the second change was lost. Each change is kept as the fields it changed and sent on top of the
 * copy the server last confirmed; the store shows that copy with every change still waiting.
 */
interface SaveLine {
  confirmed: Task | undefined;
  /** What this line last put in the store: a different value there was written by someone else (a reload). */
  shown: Task;
  waiting: Partial<Task>[];
  tail: Promise<unknown>;
}
const saveLines = new Map<number, SaveLine>();

/** The fields `to` changes from `from` (compared by identity: untouched values keep theirs). */
function changedFields(from: Task | undefined, to: Task): Partial<Task> {
  if (!from) return to;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(to) as (keyof Task)[]) if (to[key] !== from[key]) out[key] = to[key];
  return out as Partial<Task>;
}

/** Saves a changed task; the server's conflict merge is told in a toast. Returns the saved task, or null on failure. */
export function update(next: Task, opts: ActionOptions = {}): Promise<Task | null> {
  const id = next.id;
  const stored = taskAtomFamily.peek(id);
  let line = saveLines.get(id);
  if (!line) {
    // Changes of this task still in the outbox (made offline) were made on an older copy: this one builds on it too.
    line = { confirmed: pendingBase(id) ?? stored, shown: next, waiting: [], tail: Promise.resolve() };
    saveLines.set(id, line);
  }
  const own = line;
  const change = changedFields(stored, next);
  own.waiting.push(change);
  own.shown = next;
  putTasks([next]);
  const withWaiting = (base: Task) => own.waiting.reduce<Task>((task, fields) => ({ ...task, ...fields }), base);
  const settle = () => {
    own.waiting.splice(own.waiting.indexOf(change), 1);
    if (own.waiting.length === 0 && saveLines.get(id) === own) saveLines.delete(id);
  };
  const send = async (): Promise<Task | null> => {
    try {
      // Named by the title the person knew it by (a refused rename is shown as a change of the old title).
      const outcome = await submit({ kind: 'update', taskId: id, base: own.confirmed ?? next, changes: change }, (own.confirmed ?? next).title);
      if (!outcome.sent) {
        // No network: the change waits in the outbox (which shows it over any copy from the server) and stays shown.
        settle();
        return taskAtomFamily.peek(outcome.write.taskId) ?? next;
      }
      const saved = outcome.result as Task;
      own.confirmed = saved;
      settle();
      own.shown = withWaiting(saved);
      putTasks([own.shown]);
      if (opts.saved) void success(opts.saved);
      return saved;
    } catch (err) {
      settle();
      // Back to what the server has, with the changes still waiting; a value someone else wrote meanwhile stays.
      if (taskAtomFamily.peek(id) === own.shown) {
        if (own.confirmed) putTasks([(own.shown = withWaiting(own.confirmed))]);
        else if (own.waiting.length === 0) removeTask(id);
      }
      if (opts.quiet) throw err;
      void toastError(err);
      return null;
    }
  };
  const result = own.tail.then(send, send);
  own.tail = result.catch(() => null);
  return result;
}

/** Saves a task and throws on failure (no toast): for callers that report errors their own way. */
export async function save(next: Task): Promise<Task> {
  return (await update(next, { quiet: true }))!;
}

/**
 * Marks a task done or not done: saves, plays the pop when enabled, and toasts with an Undo that flips it back.
 * `afterSave` runs after every successful save, the Undo's too, so a view that dropped the task can put it back.
 */
export async function setDone(task: Task, done: boolean, afterSave?: (saved: Task) => void): Promise<Task | null> {
  const saved = await update({ ...current(task), done });
  if (!saved) return null;
  afterSave?.(saved);
  if (done && popSoundEnabled()) playPop();
  void success(done ? 'task.doneSuccess' : 'task.undoneSuccess', {
    label: 'task.undo',
    onClick: () => void setDone(saved, !done, afterSave),
  });
  return saved;
}

/** Moves a task to another list (its bucket there is the server's choice: the default one). */
export function move(task: Task, listId: number, opts: ActionOptions = {}): Promise<Task | null> {
  return update({ ...current(task), listId, bucketId: 0 }, opts);
}

/** Deletes a task: gone from every view at once, back where it was if the server refuses. Returns whether it went. */
export async function remove(taskId: number, opts: ActionOptions = {}): Promise<boolean> {
  const before = taskAtomFamily.peek(taskId);
  removeTask(taskId);
  try {
    await submit({ kind: 'delete', taskId }, before?.title ?? '');
    return true;
  } catch (err) {
    if (before && taskAtomFamily.peek(taskId) === undefined) putTasks([before]);
    if (opts.quiet) throw err;
    void toastError(err);
    return false;
  }
}

/** Adds a label to a task (nothing to do when it has it already). */
export function addLabel(task: Task, label: Label | Task['labels'][number], opts: ActionOptions = {}): Promise<Task | null> {
  const before = current(task);
  if (before.labels.some((l) => l.id === label.id)) return Promise.resolve(before);
  const next = { ...before, labels: [...before.labels, label].sort(byTitle) };
  return optimistic(
    before,
    next,
    async () => (await submit({ kind: 'labelAdd', taskId: task.id, labelId: label.id }, before.title), taskAtomFamily.peek(task.id) ?? next),
    opts,
  );
}

export function removeLabel(task: Task, labelId: number, opts: ActionOptions = {}): Promise<Task | null> {
  const before = current(task);
  const next = { ...before, labels: before.labels.filter((l) => l.id !== labelId) };
  return optimistic(
    before,
    next,
    async () => (await submit({ kind: 'labelRemove', taskId: task.id, labelId }, before.title), taskAtomFamily.peek(task.id) ?? next),
    opts,
  );
}

/** Assigns someone to a task (listed last; nothing is sent when they are assigned already). */
export function assign(task: Task, user: UserRef, opts: ActionOptions = {}): Promise<Task | null> {
  const before = current(task);
  if (before.assignees.some((a) => a.id === user.id)) return Promise.resolve(before);
  const next = { ...before, assignees: [...before.assignees, user] };
  return optimistic(
    before,
    next,
    async () => (await submit({ kind: 'assigneeAdd', taskId: task.id, userId: user.id }, before.title), taskAtomFamily.peek(task.id) ?? next),
    opts,
  );
}

export function unassign(task: Task, userId: number, opts: ActionOptions = {}): Promise<Task | null> {
  const before = current(task);
  const next = { ...before, assignees: before.assignees.filter((a) => a.id !== userId) };
  return optimistic(
    before,
    next,
    async () => (await submit({ kind: 'assigneeRemove', taskId: task.id, userId }, before.title), taskAtomFamily.peek(task.id) ?? next),
    opts,
  );
}

/**
 * Creates a task in a list and puts it in the store; throws on failure (quick-add reports its own way). Without a
 * network the task is shown at once under a temporary (negative) id, which becomes the real one when the server has it.
 */
export async function create(listId: number, fields: Partial<Task>): Promise<Task> {
  const outcome = await submit({ kind: 'create', taskId: 0, listId, fields }, fields.title ?? '');
  const task = outcome.sent ? (outcome.result as Task) : createdTask(outcome.write.taskId, listId, fields);
  putTasks([task]);
  return task;
}

/** Shows the tasks created offline (or in another tab) that a list the server answered does not have yet. */
export const showCreatesWaiting = showPendingCreates;

/** Adds a label to a task by ids (quick-add, on a task it is still building); throws on failure. */
export async function attachLabel(taskId: number, labelId: number): Promise<void> {
  await submit({ kind: 'labelAdd', taskId, labelId }, taskTitle(taskId));
}

/**
 * One page of a list's tasks for a query; throws on failure. The caller writes them to the store where they belong
 * (a list's query atom, a chart), once it knows the answer is still wanted.
 */
export function fetchListPage(listId: number, query: TaskQuery): Promise<Page<Task>> {
  return api.getListTasks(listId, query);
}

/** One page of the tasks of every list matching a query (home's upcoming tasks); throws on failure. Like a list page, the caller writes them to the store. */
export function fetchPage(query: TaskQuery): Promise<Page<Task>> {
  return api.getAllTasks(query);
}

/** Every page of the tasks of every list matching a query (upcoming, search), put in the store; throws on failure. */
export async function loadAll(query: TaskQuery): Promise<Task[]> {
  const tasks = await api.getAllPages((page) => api.getAllTasks({ ...query, page }));
  putTasks(tasks);
  return tasks;
}

/** The first page of tasks matching a search (`s`), for pickers; not kept in the store. Throws on failure. */
export async function search(query: TaskQuery): Promise<Task[]> {
  return (await api.getAllTasks(query)).items;
}

/** Loads a task and puts it in the store (the detail view opens a task this way). */
export async function load(taskId: number): Promise<Task> {
  // A task created offline is only here until the server has it (its real id replaces the temporary one then).
  const local = taskId < 0 ? taskAtomFamily.peek(taskId) : undefined;
  if (local) return local;
  let task: Task;
  try {
    task = await api.getTask(taskId);
  } catch (err) {
    // Offline the copy shown stays what there is to see.
    const known = taskAtomFamily.peek(taskId);
    if (known && isNetworkError(err)) return known;
    throw err;
  }
  putTasks([task]);
  return task;
}

/** A change the server has made already (an attachment uploaded, a relation added): shown in every view. */
export function patch(taskId: number, change: Partial<Task>): void {
  const task = appStore.get(taskAtomFamily(taskId));
  if (task) putTasks([{ ...task, ...change }]);
}

/**
 * A newer copy of a task the server sent on its own (a live update). While this tab still has changes of the task
 * on their way, they stay shown over it, and the next of them is sent on this copy.
 */
export function receive(task: Task): void {
  const line = saveLines.get(task.id);
  if (!line) return putTasks([withPending(task)]);
  const confirmedAt = line.confirmed?.updated?.getTime() ?? 0;
  if ((task.updated?.getTime() ?? 0) > confirmedAt) line.confirmed = task;
  line.shown = line.waiting.reduce<Task>((t, fields) => ({ ...t, ...fields }), withPending(task));
  putTasks([line.shown]);
}

/** A copy of a task from the server with the changes of it still waiting in the outbox over it. */
function withPending(task: Task): Task {
  const pending = pendingChanges(task.id);
  return Object.keys(pending).length ? { ...task, ...pending } : task;
}

/** A task created offline got its real id: every view, the open task and the changes in flight follow. */
function adoptRealId(tempId: number, saved: Task): void {
  const shown = taskAtomFamily.peek(tempId);
  const line = saveLines.get(tempId);
  if (line) {
    saveLines.delete(tempId);
    saveLines.set(saved.id, { ...line, confirmed: saved });
  }
  removeTask(tempId);
  renameTask(tempId, saved.id);
  renameBoardTask(tempId, saved.id);
  renameCommentsTask(tempId, saved.id);
  appStore.set(listSelectionAtom, (sel) => {
    const swap = (id: number | null) => (id === tempId ? saved.id : id);
    return { ...sel, focusedId: swap(sel.focusedId), anchorId: swap(sel.anchorId), selectedIds: sel.selectedIds.map((id) => swap(id)!) };
  });
  // What this tab shows of it (labels, assignees and relations added since) stays; the rest is the server's.
  receive(shown ? { ...saved, labels: shown.labels, assignees: shown.assignees, relatedTasks: shown.relatedTasks } : saved);
  if (typeof window !== 'undefined' && window.location.pathname === `/tasks/${tempId}`)
    navigateTo(`/tasks/${saved.id}${window.location.search}`, { replace: true });
}

/** Writes the server acknowledged while no action waited for them (sent after the network came back, or by another tab). */
function applyAck(write: Write, result: unknown): void {
  if (write.kind === 'create') {
    const saved = result as Task;
    if (taskAtomFamily.peek(write.taskId)) adoptRealId(write.taskId, saved);
    // Another tab's task (this one never showed it), unless it is deleted already, the delete still to go.
    else if (!taskAtomFamily.peek(saved.id) && !pendingDelete(write.taskId) && !pendingDelete(saved.id)) putTasks([saved]);
  } else if (write.kind === 'update' && !saveLines.has(write.taskId)) {
    receive(result as Task);
  }
}
onOutboxAck(applyAck);

/**
 * The changes waiting in the outbox, shown on the tasks the store has. A start from the local copy (a reload while
 * offline) can find a task as it was before its change, when the copy's last write had not finished as the page
 * went; another tab's waiting changes show here too. Changes this tab is still saving are shown already.
 */
function showWaitingChanges(): void {
  showPendingCreates();
  const changed = new Map<number, Task>();
  for (const entry of appStore.get(outboxStateAtom).entries) {
    const { write } = entry;
    if (entry.state !== 'queued' || write.kind !== 'update' || saveLines.has(write.taskId)) continue;
    const task = changed.get(write.taskId) ?? taskAtomFamily.peek(write.taskId);
    if (!task) continue;
    const fields = task as unknown as Record<string, unknown>;
    if (Object.entries(write.changes).every(([key, value]) => sameData(fields[key], value))) continue;
    changed.set(write.taskId, { ...task, ...write.changes });
  }
  if (changed.size === 0) return;
  putTasks([...changed.values()]);
  hideDoneInRestoredLists([...changed.keys()]);
}
appStore.sub(outboxStateAtom, showWaitingChanges);

/** Shows a task as the server has it again, with the changes still waiting over it; one the server no longer has goes. */
async function reloadTask(taskId: number): Promise<void> {
  if (pendingDelete(taskId)) return;
  try {
    receive(await api.getTask(taskId));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) removeTask(taskId);
    else void toastError(err);
  }
}

/** The writes on a task that change it as the server keeps it (its creation aside): a discard loads it again. */
const TASK_CHANGES = new Set<Write['kind']>(['update', 'delete', 'labelAdd', 'labelRemove', 'assigneeAdd', 'assigneeRemove', 'relationAdd', 'relationRemove']);

/**
 * Drops a waiting or refused write, with the writes that name what it would have created, and shows the tasks they
 * touched as the server has them again: a dropped create's task goes; a changed task is loaded again (with the other
 * changes still waiting over it). What else they touched (labels, comments, boards, the namespaces) the modules
 * owning it put back (onOutboxDiscard).
 */
export async function discardWaiting(key: number): Promise<void> {
  const dropped = await discardWrite(key);
  if (!dropped.length) return;
  const tasks = new Set<number>();
  for (const { write } of dropped) {
    if (write.kind === 'create') removeTask(write.taskId);
    else if (TASK_CHANGES.has(write.kind) && 'taskId' in write) {
      tasks.add(write.taskId);
      if (write.kind === 'relationAdd' || write.kind === 'relationRemove') tasks.add(write.otherId);
    }
  }
  // A task created offline is not on the server yet: it stays as shown.
  await Promise.all([...tasks].filter((id) => id > 0 && taskAtomFamily.peek(id)).map(reloadTask));
  void success('outbox.discarded');
}
