// Service worker registration and the "a new version is waiting" state that the update banner reads.
/// <reference types="vite-plugin-pwa/client" />
import { useSyncExternalStore } from 'react';

/** Fired on window when a new worker is waiting (spec §4: service worker updates dispatch an update event). */
export const SW_UPDATE_EVENT = 'keyflow:sw-update';

let waiting = false;
let updateWorker: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function setWaiting(value: boolean): void {
  waiting = value;
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers the worker once the page has loaded. Production builds only: the dev server has no worker,
 * and the registration code is imported lazily so it never weighs on the first page.
 */
export function startPwa(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    void import('virtual:pwa-register').then(({ registerSW }) => {
      updateWorker = registerSW({
        onNeedRefresh() {
          setWaiting(true);
          window.dispatchEvent(new Event(SW_UPDATE_EVENT));
        },
      });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Tells the waiting worker to take over; the page reloads once it controls the page. */
export async function applyUpdate(): Promise<void> {
  if (updateWorker) await updateWorker(true);
}

/** Whether a new worker is waiting, and the action that activates it. */
export function usePwaUpdate(): { needRefresh: boolean; update: () => Promise<void> } {
  const needRefresh = useSyncExternalStore(subscribe, () => waiting, () => false);
  return { needRefresh, update: applyUpdate };
}
