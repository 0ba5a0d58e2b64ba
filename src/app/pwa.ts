// Service worker registration and the "a new version is waiting" state that the update banner reads.
import { useSyncExternalStore } from 'react';

/** Fired on window when a new worker is waiting (spec §4: service worker updates dispatch an update event). */
export const SW_UPDATE_EVENT = 'keyflow:sw-update';

/** The worker vite-plugin-pwa generates; it takes over when sent this message (registerType "prompt"). */
const WORKER_URL = `${import.meta.env.BASE_URL}sw.js`;
const SKIP_WAITING = { type: 'SKIP_WAITING' };

let waitingWorker: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker): void {
  waitingWorker = worker;
  listeners.forEach((l) => l());
  window.dispatchEvent(new Event(SW_UPDATE_EVENT));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers the worker and watches for a newer one. A new worker only counts as an update when an older one
 * already controls the page: the very first install has nothing to replace.
 *
 * This is the platform API directly rather than workbox-window: the wrapper and its virtual module were 2.8 KB
 * gzip on the signed-out first page, more than this whole file.
 */
export async function registerWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<void> {
  const registration = await container.register(WORKER_URL, { scope: import.meta.env.BASE_URL });
  if (registration.waiting && container.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) offer(worker);
    });
  });
}

/**
 * How long after the page has loaded the worker is registered. Its first install downloads and stores the whole app
 * (about 150 files, 2 MB): begun at the load event, it took the processor and the connections from the first screen's
 * rows, which come after the load event on a signed-in route.
 */
const REGISTER_AFTER_LOAD_MS = 3_000;

/** Registers the worker a little after the page has loaded. Production builds only: the dev server has no worker. */
export function startPwa(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () =>
    setTimeout(() => {
      registerWorker().catch((e: unknown) => console.warn('Keyflow: no service worker', e));
    }, REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Tells the waiting worker to take over; the page reloads once it controls the page. */
export async function applyUpdate(
  container: ServiceWorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const worker = waitingWorker;
  if (!worker) return;
  container.addEventListener('controllerchange', reload, { once: true });
  worker.postMessage(SKIP_WAITING);
}

/** Whether a new worker is waiting, and the action that activates it. */
export function usePwaUpdate(): { needRefresh: boolean; update: () => Promise<void> } {
  const needRefresh = useSyncExternalStore(subscribe, () => waitingWorker !== null, () => false);
  return { needRefresh, update: () => applyUpdate() };
}
