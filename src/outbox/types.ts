// What the outbox keeps: one task write per entry, in the order they were made, and where each one stands.
import type { Task } from '../api/tasks';

/**
 * One task write as it will be sent. `taskId` of a create is its temporary id (negative), given when the entry is
 * stored; writes made on that task later name the same temporary id until the create is acknowledged.
 */
export type Write =
  | { kind: 'create'; taskId: number; listId: number; fields: Partial<Task> }
  /** `base` is the copy of the task the change was made on: its version goes out as If-Match. */
  | { kind: 'update'; taskId: number; base: Task; changes: Partial<Task> }
  | { kind: 'delete'; taskId: number }
  | { kind: 'labelAdd' | 'labelRemove'; taskId: number; labelId: number }
  | { kind: 'assigneeAdd' | 'assigneeRemove'; taskId: number; userId: number };

export type WriteKind = Write['kind'];

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
  /** Stores a write at the end; a create gets its temporary id here (unique among every tab of this outbox). */
  add(write: Write, title: string, deferred: boolean): Promise<Entry>;
  /** Every entry, in order. */
  all(): Promise<Entry[]>;
  put(entries: Entry[]): Promise<void>;
  remove(keys: number[]): Promise<void>;
  close(): void;
}
