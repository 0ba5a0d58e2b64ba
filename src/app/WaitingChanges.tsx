// The waiting-changes dialog: the writes still in the outbox, and those the server refused with its reason, each
// with Retry and Discard.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { Modal } from '../components/Modal';
import { Button } from '../components/Button';
import { flushOutbox, outboxStateAtom, retryWrite, signOutAskedAtom } from '../outbox/current';
import { logout } from '../state/session';
import type { Entry } from '../outbox/types';
import * as actions from '../actions';
import { ApiError } from '../api/apiError';
import { errorText } from './errorText';
import { ensureErrorMessages, useT } from '../i18n';

export default function WaitingChanges({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { entries } = useAtomValue(outboxStateAtom);
  const [busy, setBusy] = useState<number | null>(null);
  const signOutAsked = useAtomValue(signOutAskedAtom);
  // The refusals are told in the person's language: the error catalogue loads on demand.
  useEffect(() => void ensureErrorMessages(), []);
  const refused = entries.filter((e) => e.state === 'refused');
  const waiting = entries.filter((e) => e.state === 'queued' && e.deferred);
  const what = (e: Entry) => t(`outbox.kind.${e.write.kind}`, { title: e.title });
  const discardButton = (e: Entry) => (
    <Button variant="tertiary" disabled={busy === e.key} onClick={() => void act(e.key, () => actions.tasks.discardWaiting(e.key))} aria-label={`${t('outbox.discard')}: ${what(e)}`}>
      {t('outbox.discard')}
    </Button>
  );
  const act = async (key: number, run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } finally {
      setBusy(null);
    }
  };
  return (
    <Modal enabled title={t('outbox.title')} onClose={onClose}>
      {signOutAsked && (
        <section className="outbox-sign-out" aria-label={t('user.auth.logout')}>
          {entries.length > 0 ? <p role="alert">{t('outbox.signOutWarning', { count: entries.length })}</p> : <p>{t('outbox.none')}</p>}
          <Button
            onClick={() => {
              onClose();
              void logout();
            }}
          >
            {entries.length > 0 ? t('outbox.signOutAnyway') : t('user.auth.logout')}
          </Button>
        </section>
      )}
      {!signOutAsked && refused.length === 0 && waiting.length === 0 && <p>{t('outbox.none')}</p>}
      {refused.length > 0 && (
        <section aria-labelledby="outbox-refused-heading">
          <h3 id="outbox-refused-heading">{t('outbox.refusedHeading')}</h3>
          <ul className="outbox-list">
            {refused.map((e) => (
              <li key={e.key} className="outbox-entry">
                <span className="outbox-what">{what(e)}</span>
                {/* The translated message for the server's code, else its own words. */}
                <span className="outbox-reason">{e.refusal ? errorText(new ApiError({ ...e.refusal, fromServer: true })) : null}</span>
                <span className="outbox-actions">
                  <Button variant="secondary" disabled={busy === e.key} onClick={() => void act(e.key, () => retryWrite(e.key))} aria-label={`${t('outbox.retry')}: ${what(e)}`}>
                    {t('outbox.retry')}
                  </Button>
                  {discardButton(e)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {waiting.length > 0 && (
        <section aria-labelledby="outbox-waiting-heading">
          <h3 id="outbox-waiting-heading">{t('outbox.waitingHeading')}</h3>
          <ul className="outbox-list">
            {waiting.map((e) => (
              <li key={e.key} className="outbox-entry">
                <span className="outbox-what">{what(e)}</span>
                <span className="outbox-actions">
                  {discardButton(e)}
                </span>
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={flushOutbox}>
            {t('outbox.sendNow')}
          </Button>
        </section>
      )}
    </Modal>
  );
}
