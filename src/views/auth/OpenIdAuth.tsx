// The OpenID callback: checks the state, exchanges the code for a token, then continues where the visitor wanted.
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { signInWithOpenId } from '../../actions/session';
import { takeLastVisitedPath } from '../../state/session';
import { readStorage, removeStorage, writeStorage, STORAGE_KEYS } from '../../state/storage';
import { Message } from '../../components/Message';
import { Loading } from '../../components/Loading';
import { errorTextAsync } from '../../app/errorText';

/** Longer than any code exchange takes; the server gives up on the provider after 10 s. */
const MARKER_STALE_MS = 60_000;

export default function OpenIdAuth() {
  const t = useT();
  usePageTitle(t('user.auth.authenticating'));
  const { provider = '' } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const queryError = query.get('error');
    if (queryError) {
      setFailure(query.get('error_description') || queryError || t('user.auth.openIdGeneralError'));
      setLoading(false);
      return;
    }
    if (query.get('state') !== readStorage(STORAGE_KEYS.openIdState)) {
      setFailure(t('user.auth.openIdStateError'));
      setLoading(false);
      return;
    }
    // The marker keeps a second run (e.g. StrictMode, a second tab) from spending the code twice. It holds the
    // start time: a marker left by an attempt that never finished (tab closed mid-request) goes stale instead
    // of blocking every later sign-in.
    const started = Number(readStorage(STORAGE_KEYS.openIdAuthenticating));
    if (started && Date.now() - started < MARKER_STALE_MS) return;
    writeStorage(STORAGE_KEYS.openIdAuthenticating, String(Date.now()));
    signInWithOpenId(provider, query.get('code') ?? '')
      .then(() => navigate(takeLastVisitedPath(), { replace: true }))
      .catch(async (err: unknown) => setFailure((await errorTextAsync(err)) || t('user.auth.openIdGeneralError')))
      .finally(() => {
        removeStorage(STORAGE_KEYS.openIdAuthenticating);
        // A state is good for one attempt: a replayed callback URL must not pass the check again.
        removeStorage(STORAGE_KEYS.openIdState);
        setLoading(false);
      });
  }, [provider, query, navigate, t]);

  return (
    <div className="auth-screen">
      <h1 className="auth-title">{t('user.auth.login')}</h1>
      {loading && <Loading label={t('user.auth.authenticating')} />}
      {failure && <Message variant="danger">{failure}</Message>}
    </div>
  );
}
