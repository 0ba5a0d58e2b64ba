// After a start from the local copy without the server (offline, or the server away): asking it again, slowing down,
// until it answers; then its configuration is adopted and what the copy showed is loaded again. Part of the local
// copy's chunk, so the signed-out first page does not carry it.
import type { ServerInfo } from '../api/info';
import { appStore } from '../state/store';
import { serverAwayAtom } from './serverAway';

export type Discovery = { ok: true; url: string; info: ServerInfo } | { ok: false; err: unknown };

export interface Server {
  /** Finds the API and reads /info. */
  discover: () => Promise<Discovery>;
  /** Keeps the address and configuration found. */
  adopt: (url: string, info: ServerInfo) => void;
}

/** The first retry's delay; each one after doubles it, up to a minute. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;

let server: Server | null = null;
let asks = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Back online: the server is asked at once rather than at the next retry. */
const onOnline = () => void askServerNow();

function stopAsking(): void {
  server = null;
  clearTimeout(timer);
  if (typeof window !== 'undefined') window.removeEventListener('online', onOnline);
}

function answered(found: Extract<Discovery, { ok: true }>, from: Server): void {
  stopAsking();
  appStore.set(serverAwayAtom, false);
  asks = 0;
  from.adopt(found.url, found.info);
  void import('../app/routeLoads').then((m) => m.refreshFromServer());
}

/** Asks the server again (the browser came online, or the timer); nothing to do once it has answered. */
async function askServerNow(): Promise<void> {
  const from = server;
  if (!from) return;
  clearTimeout(timer);
  const found = await from.discover();
  if (server !== from) return;
  if (found.ok) return answered(found, from);
  // Offline, the browser's online event asks again; with a network, the timer: the app works from the copy meanwhile.
  if (typeof navigator === 'undefined' || navigator.onLine !== false) {
    timer = setTimeout(() => void askServerNow(), Math.min(FIRST_RETRY_MS * 2 ** asks, LAST_RETRY_MS));
    asks += 1;
  }
}

/**
 * The app runs from the copy: `first` is the discovery started with the page. Its answer is adopted as it comes
 * (nothing shown needs loading again: the route loads run beside it); without one, the server is asked until it answers.
 */
export async function awaitServer(first: Promise<Discovery>, from: Server): Promise<void> {
  server = from;
  const found = await first;
  if (server !== from) return;
  if (found.ok) {
    stopAsking();
    from.adopt(found.url, found.info);
    return;
  }
  appStore.set(serverAwayAtom, true);
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline);
  void askServerNow();
}
