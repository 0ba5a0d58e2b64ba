// The top bar's quiet word on unsent changes: offline and how many wait, how many are on their way, how many the
// server refused; nothing while every change has arrived. It opens the waiting-changes dialog.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import { onlineAtom } from '../state/readiness';
import { outboxDialogOpenAtom, outboxStateAtom, signOutAskedAtom } from '../outbox/current';
import { useT } from '../i18n';
import { ChunkBoundary } from '../components/ChunkBoundary';

const loadWaitingChanges = () => import('./WaitingChanges');
/** A new lazy component per try: one whose chunk failed to load (offline, before the worker served it) stays failed. */
const lazyWaitingChanges = () => lazy(loadWaitingChanges);

export function OutboxIndicator() {
  const t = useT();
  const { entries, stalled } = useAtomValue(outboxStateAtom);
  const online = useAtomValue(onlineAtom);
  const [open, setOpen] = useAtom(outboxDialogOpenAtom);
  const setSignOutAsked = useSetAtom(signOutAskedAtom);
  const [WaitingChanges, setWaitingChanges] = useState(lazyWaitingChanges);
  // The dialog is what offline is for: its code is fetched while the network is there, not when it is needed.
  useEffect(() => {
    const idle = window.requestIdleCallback?.(() => void loadWaitingChanges().catch(() => undefined), { timeout: 5000 });
    return () => (idle === undefined ? undefined : window.cancelIdleCallback(idle));
  }, []);
  const offline = !online || stalled;
  // Writes an action still waits for are on their way as they always were: not worth a word.
  const waiting = entries.filter((e) => e.state === 'queued' && e.deferred).length;
  const refused = entries.filter((e) => e.state === 'refused').length;
  const parts: string[] = [];
  if (offline) parts.push(waiting ? t('outbox.waiting', { count: waiting }) : t('outbox.offline'));
  else if (waiting) parts.push(t('outbox.sending', { count: waiting }));
  if (refused) parts.push(t('outbox.refused', { count: refused }));
  const text = parts.join(' · ');
  // Narrow screens show an icon and the count; the words stay for screen readers and as the tooltip.
  const count = refused || waiting;
  return (
    <>
      <div className="outbox-indicator" role="status" aria-live="polite">
        {text && (
          <button type="button" className={`outbox-indicator-button${refused ? ' outbox-refused' : ''}`} onClick={() => setOpen(true)} aria-haspopup="dialog" title={text} data-testid="outbox-indicator">
            <span className="outbox-long">{text}</span>
            {/* The count comes from CSS (data-count): the button's text stays the words alone. */}
            <span className="outbox-short" aria-hidden="true" data-count={count > 0 ? count : undefined}>
              <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
                {refused ? (
                  <path d="M12 8v5m0 3h.01M12 3l9.5 17h-19z" />
                ) : offline ? (
                  <path d="M3 3l18 18M8.5 6.3A6 6 0 0 1 17.7 10h.3a4 4 0 0 1 2.3 7.3M17 19H7a5 5 0 0 1-1.6-9.7" />
                ) : (
                  <path d="M12 19V6m-5 5 5-5 5 5" />
                )}
              </svg>
            </span>
          </button>
        )}
      </div>
      {open && (
        <ChunkBoundary
          onError={() => {
            setOpen(false);
            setWaitingChanges(lazyWaitingChanges);
          }}
        >
          <Suspense fallback={null}>
            <WaitingChanges
              onClose={() => {
                setOpen(false);
                setSignOutAsked(false);
              }}
            />
          </Suspense>
        </ChunkBoundary>
      )}
    </>
  );
}
