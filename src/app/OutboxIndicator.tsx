// The top bar's quiet word on unsent changes: offline and how many wait, how many are on their way, how many the
// server refused; nothing while every change has arrived. It opens the waiting-changes dialog.
import { lazy, Suspense } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai/react';
import { onlineAtom } from '../state/readiness';
import { outboxDialogOpenAtom, outboxStateAtom, signOutAskedAtom } from '../outbox/current';
import { useT } from '../i18n';

const WaitingChanges = lazy(() => import('./WaitingChanges'));

export function OutboxIndicator() {
  const t = useT();
  const { entries, stalled } = useAtomValue(outboxStateAtom);
  const online = useAtomValue(onlineAtom);
  const [open, setOpen] = useAtom(outboxDialogOpenAtom);
  const setSignOutAsked = useSetAtom(signOutAskedAtom);
  const offline = !online || stalled;
  // Writes an action still waits for are on their way as they always were: not worth a word.
  const waiting = entries.filter((e) => e.state === 'queued' && e.deferred).length;
  const refused = entries.filter((e) => e.state === 'refused').length;
  const parts: string[] = [];
  if (offline) parts.push(waiting ? t('outbox.waiting', { count: waiting }) : t('outbox.offline'));
  else if (waiting) parts.push(t('outbox.sending', { count: waiting }));
  if (refused) parts.push(t('outbox.refused', { count: refused }));
  const text = parts.join(' · ');
  return (
    <>
      <div className="outbox-indicator" role="status" aria-live="polite">
        {text && (
          <button type="button" className={`outbox-indicator-button${refused ? ' outbox-refused' : ''}`} onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="outbox-indicator">
            {text}
          </button>
        )}
      </div>
      {open && (
        <Suspense fallback={null}>
          <WaitingChanges
            onClose={() => {
              setOpen(false);
              setSignOutAsked(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
