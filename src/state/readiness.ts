// App readiness: loading → ready (at once from the local copy when there is one), or the error state with the API
// address form, or offline.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { configAtom } from './config';
import { checkAuth } from './session';
import { apiBase } from '../api/client';
import { discoverApiUrl, NoApiUrlError } from '../api/discovery';
import type { ServerInfo } from '../api/info';
import type { Discovery } from '../local/serverBack';
import { readStorage, writeStorage, STORAGE_KEYS } from './storage';
import { API_SUFFIX } from '../constants';

export type Readiness = { state: 'loading' } | { state: 'ready' } | { state: 'error'; message: string; noApiUrl: boolean };

export const readinessAtom = atom<Readiness>({ state: 'loading' });
export const onlineAtom = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine !== false);
/** Set while the shell came from the service worker cache but this site's server does not answer at all. */
export const serverUnreachableAtom = atom<boolean>(false);

/** How often a shell served from the cache checks whether its server is back. */
const UNREACHABLE_RETRY_MS = 5_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Offline or misconfigured? The offline message is for a browser without network, or for a page the service
 * worker served while this origin's server answers nothing at all (not even an error status): then no API
 * address could work. If the origin answers, the API address is what is wrong, so the error screen with the
 * address form stays.
 */
async function serverOffline(): Promise<boolean> {
  if (typeof navigator === 'undefined') return false;
  if (navigator.onLine === false) return true;
  if (!navigator.serviceWorker?.controller) return false;
  try {
    // The worker never handles /api/, so this always goes to the network.
    await fetch(`${API_SUFFIX}/info`, { cache: 'no-store' });
    return false;
  } catch {
    return true;
  }
}

/** The address discovery starts from: the stored API_URL, else the page setting, else this origin. */
export function startingApiUrl(): string {
  return readStorage(STORAGE_KEYS.apiUrl) ?? window.API_URL ?? API_SUFFIX;
}

/** Stores a discovered API address and its configuration. */
export function adoptApiUrl(url: string, info: ServerInfo): void {
  writeStorage(STORAGE_KEYS.apiUrl, url);
  appStore.set(configAtom, info);
}

/** The local copy (src/local: IndexedDB), loaded only for a user's session. */
const localCopy = () => import('../local/localCopy');

function discover(): Promise<Discovery> {
  const known = readStorage(STORAGE_KEYS.apiUrl) !== null;
  return discoverApiUrl(startingApiUrl(), undefined, undefined, known).then(
    ({ url, info }) => ({ ok: true as const, url, info }),
    (err: unknown) => ({ ok: false as const, err }),
  );
}

let copyRead: Promise<unknown> = Promise.resolve();

/**
 * Settles once the local copy is in the store, or there is none: route loads start after it, so that the copy never
 * covers their answers, and a load that fails at once (offline) finds the copy there to keep.
 */
export function localCopyRead(): Promise<unknown> {
  return copyRead;
}

/**
 * Finds the API, loads /info, reads the session from the token, then marks the app ready (or the error state).
 * With a user's token and a local copy, the copy goes into the store first and the app is ready at once: /info and
 * the data refresh it when the server answers, and a start without network shows the copy instead of the offline screen.
 */
export async function loadApp(): Promise<void> {
  appStore.set(readinessAtom, { state: 'loading' });
  const discovery = discover();
  // With a user's token, their local copy (src/local) may carry the start: the app is ready at once from it.
  if (readStorage(STORAGE_KEYS.token) !== null) {
    const started = localCopy()
      .then((m) =>
        m.bootFromCopy(apiBase(), discovery, { discover, adopt: adoptApiUrl }, async () => {
          appStore.set(serverUnreachableAtom, false);
          await checkAuth({ userInBackground: true });
          appStore.set(readinessAtom, { state: 'ready' });
        }),
      )
      .catch(() => false);
    copyRead = started;
    // Without the server, src/local/serverBack.ts asks it until it answers.
    if (await started) return;
  }
  const found = await discovery;
  if (!found.ok) {
    const { err } = found;
    clearTimeout(retryTimer);
    const offline = await serverOffline();
    appStore.set(serverUnreachableAtom, offline);
    if (offline) retryTimer = setTimeout(() => void loadApp(), UNREACHABLE_RETRY_MS);
    appStore.set(readinessAtom, {
      state: 'error',
      message: err instanceof NoApiUrlError ? 'noApiUrlProvided' : err instanceof Error ? err.message : String(err),
      noApiUrl: err instanceof NoApiUrlError,
    });
    return;
  }
  adoptApiUrl(found.url, found.info);
  appStore.set(serverUnreachableAtom, false);
  // GET /user runs beside the route's data rather than before it; a dead token still ends the session when it answers.
  await checkAuth({ userInBackground: true });
  appStore.set(readinessAtom, { state: 'ready' });
}

/** Keeps onlineAtom in step with the browser. */
export function watchOnline(): () => void {
  const update = () => {
    appStore.set(onlineAtom, navigator.onLine !== false);
    // Back online after a failed start: try again rather than leave the error screen up.
    if (navigator.onLine !== false && appStore.get(readinessAtom).state === 'error') void loadApp();
  };
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
