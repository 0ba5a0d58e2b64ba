// Whether the server is out of reach while the signed-in app goes on from what it has (the local copy, the outbox):
// a load that got no answer then is no news to toast (src/app/SignedInLayout.tsx tells the toasts so). The top bar's
// indicator already says that changes wait, and the views keep showing the copy. A write outside the outbox that got
// no answer is told plainly as not saved. The signed-out screens keep every toast (the offline screen covers them
// offline).
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

/** A request's failure as the HTTP client words it starts with its method: "[POST] …" is a write. */
const WRITE = /^\[(POST|PUT|PATCH|DELETE)\]/;

/**
 * What the signed-in app tells of a failure (src/app/toast.ts): a refusal as it is; a read that got no answer,
 * nothing while the server is known to be out of reach (else that the server did not answer); a write that got no
 * answer (one the outbox does not keep: a list's settings, a team, a label's colour), that it was not saved.
 */
export function asTold(err: unknown): unknown {
  if (!isNetworkError(err)) return err;
  if (err instanceof Error && WRITE.test(err.message)) return 'outbox.notSaved';
  return serverOutOfReach() ? null : 'outbox.noAnswer';
}
