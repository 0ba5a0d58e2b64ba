// Relations as values: the kind the server records on the other task for each kind; no network.
import type { RelationKind, Task } from '../api/tasks';

export const INVERSE_RELATION: Record<RelationKind, RelationKind> = {
  subtask: 'parenttask',
  parenttask: 'subtask',
  related: 'related',
  duplicateof: 'duplicates',
  duplicates: 'duplicateof',
  blocking: 'blocked',
  blocked: 'blocking',
  precedes: 'follows',
  follows: 'precedes',
  copiedfrom: 'copiedto',
  copiedto: 'copiedfrom',
};

/**
 * A related task in a list the reader cannot open: the server sends its id without content, so it has no title
 * (a task always has one). It is named as such and not linked.
 */
export const isUndisclosed = (task: Pick<Task, 'title'>): boolean => task.title === '';
