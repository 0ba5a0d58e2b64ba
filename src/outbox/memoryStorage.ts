// The outbox's entries in memory: for a browser without IndexedDB and for unit tests (lost on reload).
import { createdField, type Entry, type OutboxStorage, type Write } from './types';

export function memoryStorage(): OutboxStorage {
  const entries = new Map<number, Entry>();
  let nextKey = 1;
  let nextTemp = 1;
  // Copies in and out, as IndexedDB does: a caller changing its object does not change what is stored.
  const copy = (e: Entry): Entry => structuredClone(e);
  return {
    add(write: Write, title: string, deferred: boolean) {
      const field = createdField(write);
      const stored = field ? ({ ...write, [field]: -nextTemp++ } as Write) : write;
      const entry: Entry = { key: nextKey++, write: stored, title, state: 'queued', deferred };
      entries.set(entry.key, copy(entry));
      return Promise.resolve(entry);
    },
    all: () => Promise.resolve([...entries.values()].sort((a, b) => a.key - b.key).map(copy)),
    put(list: Entry[]) {
      for (const e of list) entries.set(e.key, copy(e));
      return Promise.resolve();
    },
    remove(keys: number[]) {
      for (const k of keys) entries.delete(k);
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
