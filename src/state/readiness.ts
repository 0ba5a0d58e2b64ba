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

/** The address discovery starts from: the stored API_URL, else the page setting, else this origin. */
export function startingApiUrl(): string {
  return readStorage(STORAGE_KEYS.apiUrl) ?? window.API_URL ?? API_SUFFIX;
}

/** Stores a discovered API address and its configuration. */
export function adoptApiUrl(url: string, info: ServerInfo): void {
  writeStorage(STORAGE_KEYS.apiUrl, url);
  appStore.set(configAtom, info);
}

/** Finds the API, loads /info, checks auth, then marks the app ready (or the error state). */
export async function loadApp(): Promise<void> {
  appStore.set(readinessAtom, { state: 'loading' });
  try {
    const { url, info } = await discoverApiUrl(startingApiUrl());
    adoptApiUrl(url, info);
  } catch (err) {
    appStore.set(readinessAtom, {
      state: 'error',
      message: err instanceof NoApiUrlError ? 'noApiUrlProvided' : err instanceof Error ? err.message : String(err),
      noApiUrl: err instanceof NoApiUrlError,
    });
    return;
  }
  await checkAuth();
  appStore.set(readinessAtom, { state: 'ready' });
}

/** Keeps onlineAtom in step with the browser. */
export function watchOnline(): () => void {
  const update = () => appStore.set(onlineAtom, navigator.onLine !== false);
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}
