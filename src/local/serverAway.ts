// Whether the server is out of reach while the signed-in app goes on from what it has (the local copy, the outbox):
// a load that got no answer then is no news to toast (src/app/SignedInLayout.tsx tells the toasts so). The top bar's
// indicator already says that changes wait, and the views keep showing the copy. The signed-out screens keep every
// toast (the offline screen covers them offline).
import { atom } from 'jotai/vanilla';
import { appStore } from '../state/store';
import { isNetworkError } from '../api/networkError';

/** Set while a start from the local copy waits for the server to answer (src/local/serverBack.ts). */
export const serverAwayAtom = atom(false);

/** Set while the outbox's sending fails for want of an answer (src/outbox/current.ts). */
export const outboxStalledAtom = atom(false);

/** The browser is offline, the start from the copy has not reached the server yet, or the outbox cannot send. */
export function serverOutOfReach(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || appStore.get(serverAwayAtom) || appStore.get(outboxStalledAtom);
}

/** A failure that is no news now: no answer came, and the app knows it goes on without the server. */
export function noNews(err: unknown): boolean {
  return isNetworkError(err) && serverOutOfReach();
}
