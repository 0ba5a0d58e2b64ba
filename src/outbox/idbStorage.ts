// The outbox's entries in IndexedDB, one database per server address and user, shared by the browser's tabs.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Entry, OutboxStorage, Write } from './types';

interface OutboxDb extends DBSchema {
  entries: { key: number; value: Entry };
  /** The last temporary id handed out, so that tabs creating tasks at once never share one. */
  meta: { key: string; value: number };
}

export async function idbStorage(name: string): Promise<OutboxStorage> {
  const db: IDBPDatabase<OutboxDb> = await openDB<OutboxDb>(name, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: 'key', autoIncrement: true });
      d.createObjectStore('meta');
    },
  });
  return {
    async add(write: Write, title: string, deferred: boolean) {
      const tx = db.transaction(['entries', 'meta'], 'readwrite');
      let stored = write;
      if (write.kind === 'create') {
        const last = (await tx.objectStore('meta').get('lastTemp')) ?? 0;
        await tx.objectStore('meta').put(last + 1, 'lastTemp');
        stored = { ...write, taskId: -(last + 1) };
      }
      // The key comes from the store (autoIncrement): left out of the value, it is filled in by add.
      const draft = { write: stored, title, state: 'queued', deferred } as Omit<Entry, 'key'> as Entry;
      const key = await tx.objectStore('entries').add(draft);
      await tx.done;
      return { ...draft, key };
    },
    all: () => db.getAll('entries'),
    async put(list: Entry[]) {
      if (!list.length) return;
      const tx = db.transaction('entries', 'readwrite');
      await Promise.all([...list.map((e) => tx.store.put(e)), tx.done]);
    },
    async remove(keys: number[]) {
      const tx = db.transaction('entries', 'readwrite');
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
    close: () => db.close(),
  };
}
