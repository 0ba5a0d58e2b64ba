// user.export.download: the page the export mail links to; the password downloads the zip.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import * as actions from '../../actions';
import { userAtom } from '../../state/session';
import { pathFor } from '../../routes';
import { Card } from '../../components/Card';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { error as errorToast } from '../../app/toast';
import '../settings/settings.css';

export default function ExportDownload() {
  const t = useT();
  usePageTitle(t('user.export.downloadTitle'));
  const user = useAtomValue(userAtom);
  const needsPassword = user?.isLocalUser !== false;
  const [password, setPassword] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (needsPassword && password === '') {
      setPasswordMessage(t('user.auth.passwordRequired'));
      return;
    }
    setPasswordMessage(null);
    setBusy(true);
    try {
      await actions.exports.download(password);
      setPassword('');
      setDone(true);
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page-narrow">
      <Card title={t('user.export.downloadTitle')} headingLevel={1}>
        <form className="settings-form" onSubmit={submit} noValidate aria-label={t('user.export.downloadTitle')}>
          <p className="settings-text">{t('user.export.downloadText')}</p>
          {done && <Message variant="success">{t('user.export.downloadSuccess')}</Message>}
          {needsPassword && (
            <PasswordField
              label={t('user.export.confirmPassword')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordMessage}
              autoFocus
            />
          )}
          <div className="settings-actions">
            <Link className="btn btn-tertiary" to={pathFor('user.settings.data-export')}>
              {t('user.export.requestNew')}
            </Link>
            <Button type="submit" loading={busy}>
              {t('user.export.download')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
