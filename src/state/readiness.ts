// App readiness: loading → ready, or the error state with the API address form, or offline.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';
import { configAtom } from './config';
import { checkAuth } from './session';
import { discoverApiUrl, NoApiUrlError } from '../api/discovery';
import type { ServerInfo } from '../api/info';
import { readStorage, writeStorage, STORAGE_KEYS } from './storage';
import { API_SUFFIX } from '../constants';

export type Readiness =
  | { state: 'loading' }
  | { state: 'ready' }
  | { state: 'error'; message: string; noApiUrl: boolean };

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

/** Finds the API, loads /info, reads the session from the token, then marks the app ready (or the error state). */
export async function loadApp(): Promise<void> {
  appStore.set(readinessAtom, { state: 'loading' });
  try {
    const { url, info } = await discoverApiUrl(startingApiUrl());
    adoptApiUrl(url, info);
  } catch (err) {
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
