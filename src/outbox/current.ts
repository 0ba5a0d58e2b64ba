// The signed-in user's outbox: in IndexedDB and shared by the browser's tabs once started, in memory before that
// (and in tests); its state in an atom for the indicator and the waiting-changes dialog.
import { atom } from 'jotai/vanilla';
import { appStore } from '../state/store';
import { onSignOut } from '../state/session';
import { taskFromApi, type Task } from '../api/tasks';
import { addTasksToList, listTasksAtom, putTasks, taskAtomFamily } from '../state/tasks';
import { Outbox, type OutboxMessage, type OutboxState, type Outcome } from './outbox';
import { memoryStorage } from './memoryStorage';
import { sendWrite } from './send';
import type { Entry, Write } from './types';
import { outboxStalledAtom } from '../local/serverAway';

export const outboxStateAtom = atom<OutboxState>({ entries: [], stalled: false });

/** Whether the waiting-changes dialog is open (the top bar's outbox indicator and "Show waiting changes" open it). */
export const outboxDialogOpenAtom = atom(false);

/** Set when signing out found changes not yet sent: the waiting-changes dialog then asks before signing out. */
export const signOutAskedAtom = atom(false);

type AckListener = (write: Write, result: unknown) => void;
const ackListeners = new Set<AckListener>();

function adopt(box: Outbox): Outbox {
  box.subscribe((state) => {
    if (active !== box) return;
    appStore.set(outboxStateAtom, state);
    appStore.set(outboxStalledAtom, state.stalled);
  });
  box.onAcked((write, result) => {
    for (const l of ackListeners) l(write, result);
  });
  return box;
}

function memoryOutbox(): Outbox {
  const box = adopt(new Outbox({ storage: memoryStorage(), send: sendWrite }));
  box.lead();
  return box;
}

let active: Outbox = memoryOutbox();
let ready: Promise<Outbox> = Promise.resolve(active);

/** Hears writes the server acknowledged after their action stopped waiting (offline writes, other tabs' writes). */
export function onOutboxAck(listener: AckListener): () => void {
  ackListeners.add(listener);
  return () => ackListeners.delete(listener);
}

/** Stores a write in the outbox and waits for its outcome (see Outbox.submit). */
export async function submit<W extends Write>(write: W, title: string): Promise<Outcome<W>> {
  return (await ready).submit(write, title);
}

export async function retryWrite(key: number): Promise<void> {
  await (await ready).retry(key);
}

type DiscardListener = (dropped: Entry[]) => void;
const discardListeners = new Set<DiscardListener>();

/** Hears the writes the person discarded, so that what they showed can be put back as the server has it. */
export function onOutboxDiscard(listener: DiscardListener): () => void {
  discardListeners.add(listener);
  return () => discardListeners.delete(listener);
}

export async function discardWrite(key: number): Promise<Entry[]> {
  const dropped = await (await ready).discard(key);
  if (dropped.length) for (const l of discardListeners) l(dropped);
  return dropped;
}

/** Sends what waits now, without waiting for the next try. */
export function flushOutbox(): void {
  active.wake();
}

/** The fields of a task changed by writes still in the outbox, in order: shown over any copy of it from the server. */
export function pendingChanges(taskId: number): Partial<Task> {
  let out: Partial<Task> = {};
  for (const e of appStore.get(outboxStateAtom).entries) if (e.write.kind === 'update' && e.write.taskId === taskId) out = { ...out, ...e.write.changes };
  return out;
}

/** A task as the server would create it from these fields (the defaults for the rest; an unset field keeps its default). */
export function createdTask(id: number, listId: number, fields: Partial<Task>): Task {
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...taskFromApi({ id, list_id: listId }), ...set, id, listId };
}

/**
 * Puts the tasks that creates waiting in the outbox make (made offline, or in another tab: no action waits for them)
 * where they are missing: in the store, with the changes waiting for them, and in their list's loaded query. At start
 * the local copy may not have kept them yet (it writes in idle time), and a list the server answered does not have them.
 */
export function showPendingCreates(): void {
  for (const { write, deferred } of appStore.get(outboxStateAtom).entries) {
    if (write.kind !== 'create' || !deferred || pendingDelete(write.taskId)) continue;
    let task = taskAtomFamily.peek(write.taskId);
    if (!task) {
      task = createdTask(write.taskId, write.listId, { ...write.fields, ...pendingChanges(write.taskId) });
      putTasks([task]);
    }
    const list = appStore.get(listTasksAtom(write.listId));
    if (list.loaded && !list.tasks.some((t) => t.id === write.taskId)) addTasksToList(write.listId, [task]);
  }
}

/** Whether a delete of the task waits in the outbox. */
export function pendingDelete(taskId: number): boolean {
  return appStore.get(outboxStateAtom).entries.some((e) => e.write.kind === 'delete' && e.write.taskId === taskId);
}

/** The copy the oldest waiting change of a task was made on: a newer change is based on it too. */
export function pendingBase(taskId: number): Task | undefined {
  for (const e of appStore.get(outboxStateAtom).entries) if (e.write.kind === 'update' && e.write.taskId === taskId) return e.write.base;
  return undefined;
}

/**
 * Opens the user's outbox in IndexedDB (one per server address and user). One tab sends, the one holding the Web
 * Lock; the others store their writes and hear the outcomes on a BroadcastChannel. Returns the stop (sign-out).
 */
const outboxName = (apiUrl: string, userId: number) => `keyflow-outbox:${apiUrl}:${userId}`;
let stopActive: (() => Promise<void>) | null = null;

/** How many changes have not reached the server (waiting, on their way, or refused). */
export function unsentCount(): number {
  return appStore.get(outboxStateAtom).entries.length;
}

// Signing out deletes the outbox with the local copy: what was not sent is gone (the sign-out asked first), and the
// next person at this browser finds nothing of it.
onSignOut(async (apiUrl, userId) => {
  await stopActive?.();
  if (typeof indexedDB === 'undefined') return;
  const { deleteOutboxDb } = await import('./idbStorage');
  await deleteOutboxDb(outboxName(apiUrl, userId)).catch((err: unknown) => console.warn('Keyflow: the outbox could not be deleted', err));
});

export function startOutbox(apiUrl: string, userId: number): () => void {
  if (typeof indexedDB === 'undefined') return () => undefined;
  const stopped = new AbortController();
  const name = outboxName(apiUrl, userId);
  const previous = active;
  ready = import('./idbStorage')
    .then(({ idbStorage }) => idbStorage(name))
    .then((storage) => {
      if (stopped.signal.aborted) {
        storage.close();
        return active;
      }
      const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(name) : null;
      const box = adopt(new Outbox({ storage, send: sendWrite, channel }));
      if (channel) channel.onmessage = (e: MessageEvent<OutboxMessage>) => box.receive(e.data);
      active = box;
      box.receive({ type: 'changed' });
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks) {
        locks
          .request(name, { signal: stopped.signal }, () => {
            box.lead();
            return new Promise<void>((release) => stopped.signal.addEventListener('abort', () => release()));
          })
          .catch(() => undefined);
      } else box.lead();
      return box;
    })
    .catch(() => previous);
  const onOnline = () => active.wake();
  window.addEventListener('online', onOnline);
  let stoppedOnce: Promise<void> | null = null;
  const stop = () => {
    stoppedOnce ??= (async () => {
      stopped.abort();
      window.removeEventListener('online', onOnline);
      const box = await ready;
      if (box !== previous) box.close();
      active = memoryOutbox();
      ready = Promise.resolve(active);
      appStore.set(outboxStateAtom, { entries: [], stalled: false });
      appStore.set(outboxStalledAtom, false);
    })();
    if (stopActive === stop) stopActive = null;
    return stoppedOnce;
  };
  stopActive = stop;
  return () => void stop();
}
