// What the outbox keeps: one write per entry, in the order they were made, and where each one stands.
import type { RelationKind, Task } from '../api/tasks';
import type { Label } from '../api/labels';
import type { BucketFields } from '../api/buckets';
import type { List } from '../api/lists';
import type { Namespace } from '../api/namespaces';

/**
 * One write as it will be sent. What a write creates (a task, a label, a comment) gets a temporary id, negative and
 * unique among every create of this outbox, when the entry is stored; writes made on it later name that id until
 * the create is acknowledged, and then the real one.
 */
export type Write =
  | { kind: 'create'; taskId: number; listId: number; fields: Partial<Task> }
  /** `base` is the copy of the task the change was made on: its version goes out as If-Match. */
  | { kind: 'update'; taskId: number; base: Task; changes: Partial<Task> }
  | { kind: 'delete'; taskId: number }
  | { kind: 'labelAdd' | 'labelRemove'; taskId: number; labelId: number }
  | { kind: 'assigneeAdd' | 'assigneeRemove'; taskId: number; userId: number }
  | { kind: 'labelCreate'; labelId: number; fields: Partial<Label> }
  /** The label as it is to be saved (its id is `labelId`, which a label created offline has rewritten). */
  | { kind: 'labelUpdate'; labelId: number; label: Label }
  | { kind: 'labelDelete'; labelId: number }
  /** A bucket's fields (title, limit, done bucket) as they are to be saved. */
  | { kind: 'bucketUpdate'; listId: number; bucketId: number; bucket: BucketFields }
  /** A list's or namespace's fields as they are to be saved (title, colour, archived, favourite, position, …). */
  | { kind: 'listUpdate'; listId: number; list: List }
  | { kind: 'namespaceUpdate'; namespaceId: number; namespace: Namespace }
  | { kind: 'commentAdd'; taskId: number; commentId: number; text: string }
  | { kind: 'commentUpdate'; taskId: number; commentId: number; text: string }
  | { kind: 'commentDelete'; taskId: number; commentId: number }
  /** `relation` as seen from `taskId`; the server keeps the inverse on `otherId`. */
  | { kind: 'relationAdd' | 'relationRemove'; taskId: number; otherId: number; relation: RelationKind };

export type WriteKind = Write['kind'];

/** The fields of a write that name something by id: what a temporary id can stand in. */
const ID_FIELDS = ['taskId', 'labelId', 'commentId', 'otherId'] as const;
type IdField = (typeof ID_FIELDS)[number];

/** The field of a create that holds the id of what it creates; null for writes that create nothing. */
export function createdField(write: Write): IdField | null {
  return write.kind === 'create' ? 'taskId' : write.kind === 'labelCreate' ? 'labelId' : write.kind === 'commentAdd' ? 'commentId' : null;
}

/** The ids a write names. */
export function idsOf(write: Write): number[] {
  const fields = write as Partial<Record<IdField, number>>;
  return ID_FIELDS.flatMap((f) => (typeof fields[f] === 'number' ? [fields[f]] : []));
}

/** The write with each id `swap` maps changed (the others as they are). */
export function withIds(write: Write, swap: (id: number) => number): Write {
  const out = { ...write } as Record<string, unknown>;
  for (const f of ID_FIELDS) if (typeof out[f] === 'number') out[f] = swap(out[f]);
  return out as unknown as Write;
}

/**
 * What a write changes, for keeping writes in order: the writes of one task (or label, or bucket) wait behind a
 * refused one of the same, as each may build on it.
 */
export function subjectOf(write: Write): string {
  if (write.kind === 'bucketUpdate') return `bucket:${write.bucketId}`;
  if (write.kind === 'listUpdate') return `list:${write.listId}`;
  if (write.kind === 'namespaceUpdate') return `namespace:${write.namespaceId}`;
  return 'taskId' in write ? `task:${write.taskId}` : `label:${write.labelId}`;
}

/** The server's refusal as it is kept (an ApiError does not survive IndexedDB or a BroadcastChannel). */
export interface Refusal {
  status: number;
  code: number | null;
  message: string;
}

export interface Entry {
  /** The order of the write among all of this user's writes (every tab's): the outbox sends by it. */
  key: number;
  write: Write;
  /** The task's title when the write was made: what the person is shown if the write waits or is refused. */
  title: string;
  state: 'queued' | 'refused';
  /**
   * Whether the action that made the write has stopped waiting for it (the network failed): from then on its outcome
   * is the outbox's to show. A write whose action still waits is told to that action, as before the outbox.
   */
  deferred: boolean;
  refusal?: Refusal;
}

/** Where entries are kept: IndexedDB in the browser, memory where there is none (tests, old browsers). */
export interface OutboxStorage {
  /** Stores a write at the end; what it creates gets its temporary id here (unique among every tab of this outbox). */
  add(write: Write, title: string, deferred: boolean): Promise<Entry>;
  /** Every entry, in order. */
  all(): Promise<Entry[]>;
  put(entries: Entry[]): Promise<void>;
  remove(keys: number[]): Promise<void>;
  close(): void;
}
