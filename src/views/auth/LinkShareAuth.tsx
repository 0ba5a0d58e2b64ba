// Link-share sign-in: tries the share once on load, asks for a password when needed, then opens the list view.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { signInWithLinkShare } from '../../actions/session';
import { errorCode, serverMessage } from '../../app/apiErrors';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { Loading } from '../../components/Loading';
import { pathFor } from '../../routes';

const VIEWS = ['list', 'gantt', 'table', 'kanban'] as const;

export default function LinkShareAuth() {
  const t = useT();
  usePageTitle(t('sharing.linkShare'));
  const { share = '' } = useParams();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const tried = useRef(false);

  const authenticate = useCallback(
    async (pw: string) => {
      setBusy(true);
      setFailure(null);
      try {
        const listId = await signInWithLinkShare(share, pw, { logoVisible: query.get('logoVisible') !== 'false' });
        const wanted = query.get('view') ?? 'list';
        const view = VIEWS.find((v) => v === wanted) ?? 'list';
        navigate(pathFor(`list.${view}`, { listId }), { replace: true });
      } catch (err) {
        const code = errorCode(err);
        if (code === 13001) setNeedsPassword(true);
        else if (code === 13002) setFailure(t('sharing.invalidPassword'));
        else setFailure(serverMessage(err) ?? t('sharing.error'));
      } finally {
        setBusy(false);
      }
    },
    [share, query, navigate, t],
  );

  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    void authenticate('');
  }, [authenticate]);

  function submit(e: FormEvent) {
    e.preventDefault();
    void authenticate(password);
  }

  return (
    <div className="auth-screen auth-screen-narrow">
      {busy && !needsPassword && <Loading label={t('sharing.authenticating')} />}
      {failure && <Message variant="danger">{failure}</Message>}
      {needsPassword && (
        <form className="auth-form" onSubmit={submit} noValidate aria-label={t('sharing.linkShare')}>
          <p>{t('sharing.passwordRequired')}</p>
          <PasswordField label={t('user.auth.password')} name="password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
          <Button type="submit" variant="primary" loading={busy} wide>
            {t('user.auth.login')}
          </Button>
        </form>
      )}
    </div>
  );
}
