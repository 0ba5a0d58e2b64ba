// Relation actions, each written once: relate two tasks (or a new task) and undo it; both tasks in the store follow.
import * as api from '../api/relations';
import type { RelationKind, Task } from '../api/tasks';
import { INVERSE_RELATION } from '../model/relations';
import { error as toastError } from '../app/toast';
import { taskAtomFamily } from '../state/tasks';
import { create as createTask, patch, type ActionOptions } from './tasks';

type Related = Task['relatedTasks'];

const withRelated = (related: Related, kind: RelationKind, other: Task): Related => ({
  ...related,
  [kind]: [...(related[kind] ?? []).filter((x) => x.id !== other.id), other],
});
const withoutRelated = (related: Related, kind: RelationKind, otherId: number): Related => ({
  ...related,
  [kind]: (related[kind] ?? []).filter((x) => x.id !== otherId),
});

/** A task as another task lists it: without its own relations (they are not sent that deep either). */
const asRelated = (task: Task): Task => ({ ...task, relatedTasks: {} });

/** Shows a relation on both tasks, as the server records it on both (the other one with the inverse kind). */
function showAdded(taskId: number, other: Task, kind: RelationKind): void {
  const task = taskAtomFamily.peek(taskId);
  if (task) patch(taskId, { relatedTasks: withRelated(task.relatedTasks, kind, asRelated(other)) });
  const otherNow = taskAtomFamily.peek(other.id);
  if (task && otherNow) patch(other.id, { relatedTasks: withRelated(otherNow.relatedTasks, INVERSE_RELATION[kind], asRelated(task)) });
}

function showRemoved(taskId: number, otherId: number, kind: RelationKind): void {
  const task = taskAtomFamily.peek(taskId);
  if (task) patch(taskId, { relatedTasks: withoutRelated(task.relatedTasks, kind, otherId) });
  const other = taskAtomFamily.peek(otherId);
  if (other) patch(otherId, { relatedTasks: withoutRelated(other.relatedTasks, INVERSE_RELATION[kind], taskId) });
}

/**
 * Relates a task to another (`kind` as seen from the first), given as a task or by id (then read from the store).
 * Returns whether it was saved; `quiet` throws instead of toasting.
 */
export async function add(taskId: number, other: Task | number, kind: RelationKind, opts: ActionOptions = {}): Promise<boolean> {
  const otherId = typeof other === 'number' ? other : other.id;
  try {
    await api.createRelation(taskId, otherId, kind);
    const otherTask = typeof other === 'number' ? taskAtomFamily.peek(other) : other;
    if (otherTask) showAdded(taskId, otherTask, kind);
    return true;
  } catch (err) {
    if (opts.quiet) throw err;
    void toastError(err);
    return false;
  }
}

/** Creates a task with this title in the task's list and relates the two. Returns whether both were saved. */
export async function addNew(task: Task, title: string, kind: RelationKind): Promise<boolean> {
  let created: Task;
  try {
    created = await createTask(task.listId, { title });
  } catch (err) {
    void toastError(err);
    return false;
  }
  return add(task.id, created, kind);
}

/** Removes a relation (the server removes the inverse one with it). Returns whether it went. */
export async function remove(taskId: number, otherId: number, kind: RelationKind): Promise<boolean> {
  try {
    await api.deleteRelation(taskId, otherId, kind);
    showRemoved(taskId, otherId, kind);
    return true;
  } catch (err) {
    void toastError(err);
    return false;
  }
}
