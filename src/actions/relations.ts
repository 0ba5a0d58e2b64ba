// Relation actions, each written once: relate two tasks (or a new task) and undo it; both tasks in the store follow
// at once, and the write goes through the outbox (without a network it is sent later; a refusal puts them back).
import type { RelationKind, Task } from '../api/tasks';
import { INVERSE_RELATION } from '../model/relations';
import { error as toastError } from '../app/toast';
import { taskAtomFamily, taskTitle } from '../state/tasks';
import { create as createTask, patch, type ActionOptions } from './tasks';
import { submit } from '../outbox/current';

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

const related = (taskId: number, otherId: number, kind: RelationKind) => !!taskAtomFamily.peek(taskId)?.relatedTasks[kind]?.some((x) => x.id === otherId);

/**
 * Relates a task to another (`kind` as seen from the first), given as a task or by id (then read from the store).
 * Returns whether it was saved or waits to be sent; `quiet` throws instead of toasting.
 */
export async function add(taskId: number, other: Task | number, kind: RelationKind, opts: ActionOptions = {}): Promise<boolean> {
  const otherId = typeof other === 'number' ? other : other.id;
  const otherTask = typeof other === 'number' ? taskAtomFamily.peek(other) : other;
  // Shown before it is saved; one shown already (the server will say so) is not taken away if refused.
  const shown = !related(taskId, otherId, kind) && !!otherTask;
  if (shown) showAdded(taskId, otherTask, kind);
  try {
    await submit({ kind: 'relationAdd', taskId, otherId, relation: kind }, taskTitle(taskId));
    return true;
  } catch (err) {
    if (shown) showRemoved(taskId, otherId, kind);
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

/** Removes a relation (the server removes the inverse one with it). Returns whether it went or waits to be sent. */
export async function remove(taskId: number, otherId: number, kind: RelationKind): Promise<boolean> {
  const other = taskAtomFamily.peek(taskId)?.relatedTasks[kind]?.find((x) => x.id === otherId);
  showRemoved(taskId, otherId, kind);
  try {
    await submit({ kind: 'relationRemove', taskId, otherId, relation: kind }, taskTitle(taskId));
    return true;
  } catch (err) {
    if (other) showAdded(taskId, taskAtomFamily.peek(otherId) ?? other, kind);
    void toastError(err);
    return false;
  }
}
