// The outbox's entries in IndexedDB, one database per server address and user, shared by the browser's tabs.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { createdField, type Entry, type OutboxStorage, type Write } from './types';

interface OutboxDb extends DBSchema {
  entries: { key: number; value: Entry };
  /** The last temporary id handed out, so that tabs creating at once never share one. */
  meta: { key: string; value: number };
}

export async function idbStorage(name: string): Promise<OutboxStorage> {
  let closed = false;
  const close = () => {
    closed = true;
    db.close();
  };
  const db: IDBPDatabase<OutboxDb> = await openDB<OutboxDb>(name, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: 'key', autoIncrement: true });
      d.createObjectStore('meta');
    },
    // Signing out in another tab deletes the database: this tab lets go rather than holding the delete up.
    blocking: close,
  });
  return {
    async add(write: Write, title: string, deferred: boolean) {
      if (closed) throw new Error('Keyflow: the outbox was closed (signed out)');
      const tx = db.transaction(['entries', 'meta'], 'readwrite');
      let stored = write;
      const field = createdField(write);
      if (field) {
        const last = (await tx.objectStore('meta').get('lastTemp')) ?? 0;
        await tx.objectStore('meta').put(last + 1, 'lastTemp');
        stored = { ...write, [field]: -(last + 1) } as Write;
      }
      // The key comes from the store (autoIncrement): left out of the value, it is filled in by add.
      const draft = { write: stored, title, state: 'queued', deferred } as Omit<Entry, 'key'> as Entry;
      const key = await tx.objectStore('entries').add(draft);
      await tx.done;
      return { ...draft, key };
    },
    // Once closed (signed out here or in another tab), a send still on its way finds nothing left to do.
    all: async () => (closed ? [] : db.getAll('entries')),
    async put(list: Entry[]) {
      if (closed || !list.length) return;
      const tx = db.transaction('entries', 'readwrite');
      await Promise.all([...list.map((e) => tx.store.put(e)), tx.done]);
    },
    async remove(keys: number[]) {
      if (closed) return;
      const tx = db.transaction('entries', 'readwrite');
      await Promise.all([...keys.map((k) => tx.store.delete(k)), tx.done]);
    },
    close,
  };
}

/** Deletes a user's outbox (signing out); waits until every tab has let go of it. */
export function deleteOutboxDb(name: string): Promise<void> {
  return deleteDB(name);
}
