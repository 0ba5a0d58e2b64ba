// The local copy's IndexedDB database: one per server address and user, what it holds, opening and deleting it.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Task } from '../api/tasks';
import type { List } from '../api/lists';
import type { Label } from '../api/labels';
import type { User } from '../api/user';
import type { ServerInfo } from '../api/info';
import type { NamespaceEntity } from '../state/namespaces';
import type { StoredListQuery } from '../state/tasks';
import type { StoredBoard } from '../state/kanbanBoard';

/** The single values of the copy, by key in the meta store. */
export interface CopyMeta {
  /** The signed-in user as GET /user gave it (name, settings: language, week start). */
  user: User;
  /** The server's /info: a start without the server needs it as much as the data. */
  config: ServerInfo;
  /** The namespaces of the navigation, in the server's order. */
  namespaceIds: readonly number[];
  /** The visible labels, by title. */
  labelIds: readonly number[];
}

export type MetaKey = keyof CopyMeta;

/** How many records the tasks are kept in. */
export const TASK_SHARDS = 64;

/** The record a task is kept in: its id modulo TASK_SHARDS. */
export function shardOf(taskId: number): number {
  return ((taskId % TASK_SHARDS) + TASK_SHARDS) % TASK_SHARDS;
}

/**
 * The tasks are kept in a few records of many tasks rather than one record per task: IndexedDB's cost is mostly per
 * record (Chromium, 10,000 tasks: about 480 ms of main thread to put them one by one against 65 ms in 64 records,
 * and 210 ms to read them back against 70-100 ms). A changed task rewrites its shard, about 1/64 of the tasks.
 */
export interface TaskShard {
  shard: number;
  tasks: Task[];
}

export interface CopySchema extends DBSchema {
  taskShards: { key: number; value: TaskShard };
  lists: { key: number; value: List };
  namespaces: { key: number; value: NamespaceEntity };
  labels: { key: number; value: Label };
  /** Each list's loaded query (ids in order), by list id. */
  queries: { key: number; value: StoredListQuery };
  /** Each loaded kanban board, by list id. */
  boards: { key: number; value: StoredBoard };
  meta: { key: MetaKey; value: CopyMeta[MetaKey] };
}

export type CopyDb = IDBPDatabase<CopySchema>;
const VERSION = 1;

/**
 * Opens (or creates) a copy. `onBlocking` runs when another tab needs the database gone or upgraded (it signed out):
 * this tab must close its connection then, and stop writing.
 */
export function openCopy(name: string, onBlocking: () => void): Promise<CopyDb> {
  return openDB<CopySchema>(name, VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('taskShards')) db.createObjectStore('taskShards', { keyPath: 'shard' });
      for (const store of ['lists', 'namespaces', 'labels'] as const) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath: 'id' });
      }
      for (const store of ['queries', 'boards'] as const) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store, { keyPath: 'listId' });
      }
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta');
    },
    blocking: onBlocking,
  });
}

/** Deletes a copy; waits while another tab still has it open (it closes on being told, see openCopy). */
export function deleteCopy(name: string): Promise<void> {
  return deleteDB(name);
}
