// The signed-in user's local copy (IndexedDB): read into the store at start, kept written while they are signed in,
// deleted when they sign out. The boot path (src/state/readiness.ts) loads this module only for a user's session.
import { appStore } from '../state/store';
import { isTokenValid, onSignOut, parseToken, sessionAtom } from '../state/session';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import { deleteCopy, openCopy, type CopyDb } from './localDb';
import { copyName, screensKey } from './copyNames';
import { canStartFrom, putCopyInStore, readCopy, takeEarlyCopy } from './readCopy';
import { writeCopy, type CopyWriter } from './writeCopy';
import { keepScreens, type ScreenKeeper } from './screens';

import { awaitServer, type Discovery, type Server } from './serverBack';

interface Open {
  name: string;
  userId: number;
  db: Promise<CopyDb>;
  /** Set once the copy was read into the store: then the store holds what the copy holds. */
  read: boolean;
  writer: CopyWriter | null;
  /** Keeps the last screen of each path beside the data (shown by index.html at the next start). */
  screens: ScreenKeeper | null;
  closed: boolean;
}

let open: Open | null = null;

/** A point of the start on the page's timeline (the cold-start benchmark reads them). */
function mark(name: string): void {
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(name);
}

function close(copy: Open): void {
  copy.closed = true;
  copy.writer?.stop();
  copy.writer = null;
  copy.screens?.stop();
  copy.screens = null;
  void copy.db.then((db) => db.close()).catch(() => undefined);
  if (open === copy) open = null;
}

/** The copy of a user on a server, opened once. Another tab deleting it (signing out) closes it here. */
function openFor(apiUrl: string, userId: number): Open {
  const name = copyName(apiUrl, userId);
  if (open && open.name === name) return open;
  if (open) close(open);
  const copy: Open = { name, userId, db: openCopy(name, () => close(copy)), read: false, writer: null, screens: null, closed: false };
  // Whoever uses the database handles its failure; this only keeps a failed open from being reported as unhandled.
  copy.db.catch(() => undefined);
  open = copy;
  return copy;
}

/**
 * At start, with a user's token: reads their copy into the store. True when the copy can carry the start without the
 * server (it knows the server's config and the user): the app then shows it at once and the loads refresh it.
 */
export async function startFromCopy(apiUrl: string, userId: number): Promise<boolean> {
  mark('keyflow:copy-open');
  const copy = openFor(apiUrl, userId);
  try {
    // Read by index.html's boot script while the scripts loaded, else now.
    const content = (await takeEarlyCopy(copy.name)) ?? (await readCopy(await copy.db));
    mark('keyflow:copy-read');
    if (copy.closed || !canStartFrom(content)) return false;
    putCopyInStore(content);
    mark('keyflow:copy-in-store');
    copy.read = true;
    return true;
  } catch (err) {
    console.warn('Keyflow: the local copy could not be read', err);
    return false;
  }
}

/** The id of the user whose token is stored and has not expired (link shares have no local copy), else null. */
function storedUserId(): number | null {
  const token = readStorage(STORAGE_KEYS.token);
  const claims = token ? parseToken(token) : null;
  return isTokenValid(claims) && claims.type === 1 && claims.id > 0 ? claims.id : null;
}

/**
 * The start from the stored user's copy: once it is in the store, `ready` shows the app, and the server's answer to
 * `discovery` is adopted as it comes (or the server is asked until it answers). False when there is no copy to start from.
 */
export async function bootFromCopy(apiUrl: string, discovery: Promise<Discovery>, server: Server, ready: () => Promise<void>): Promise<boolean> {
  const userId = storedUserId();
  if (userId === null || !(await startFromCopy(apiUrl, userId))) return false;
  await ready();
  void awaitServer(discovery, server);
  return true;
}

/**
 * Keeps the signed-in user's copy written from the store until they sign out (or another user's session replaces
 * theirs). A copy not read at start is written afresh: what it held before is not what the store holds.
 */
export function keepLocalCopy(apiUrl: string, userId: number): void {
  const session = appStore.get(sessionAtom);
  if (session.kind !== 'user' || session.claims.id !== userId) return;
  // Signed out in another tab (the token is gone from the shared storage, the copy deleted): not written again here.
  const token = readStorage(STORAGE_KEYS.token);
  if (parseToken(token ?? '')?.id !== userId) return;
  const copy = openFor(apiUrl, userId);
  if (copy.writer) return;
  void copy.db.then(
    (db) => {
      if (copy.closed || copy.writer) return;
      copy.writer = writeCopy(db, { fresh: !copy.read, onError: (err) => console.warn('Keyflow: the local copy could not be written', err) });
      copy.screens = keepScreens(screensKey(apiUrl, userId));
    },
    (err: unknown) => console.warn('Keyflow: the local copy could not be opened', err),
  );
}

/** Writes what is pending now (the page is going away). */
export function flushLocalCopy(): Promise<void> {
  open?.screens?.flush();
  return open?.writer?.flush() ?? Promise.resolve();
}

/** Stops writing and deletes the user's copy (signing out). Resolves once it is gone. */
export function deleteLocalCopy(apiUrl: string, userId: number): Promise<void> {
  const name = copyName(apiUrl, userId);
  if (open?.name === name) close(open);
  return deleteCopy(name).catch((err: unknown) => console.warn('Keyflow: the local copy could not be deleted', err));
}

// Signing out deletes the copy before the store is emptied, so the emptying is never written to it.
onSignOut((apiUrl, userId) => deleteLocalCopy(apiUrl, userId));

// A session that ends otherwise (the token ran out) or becomes another user's stops the writing at once, before the
// store is emptied: the copy stays as it was, for this user's next start.
appStore.sub(sessionAtom, () => {
  const session = appStore.get(sessionAtom);
  if (open?.writer && (session.kind !== 'user' || session.claims.id !== open.userId)) close(open);
});

if (typeof window !== 'undefined') {
  // A reload or a closed tab right after a change keeps the change.
  window.addEventListener('pagehide', () => void flushLocalCopy());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushLocalCopy();
  });
}
