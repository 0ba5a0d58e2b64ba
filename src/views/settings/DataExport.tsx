// Data export: request an export of everything with the password; the server mails a link to the download page.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { requestExport } from '../../actions/settings';
import { userAtom } from '../../state/session';
import { pathFor } from '../../routes';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { error as errorToast } from '../../app/toast';
import { SettingsLayout } from './SettingsLayout';
import { passwordError } from './validation';

export default function DataExport() {
  const t = useT();
  const user = useAtomValue(userAtom);
  // Accounts from an OpenID provider have no password; the server does not ask them for one.
  const needsPassword = user?.isLocalUser !== false;
  const [password, setPassword] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requested, setRequested] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = needsPassword ? passwordError(password) : null;
    setPasswordMessage(problem && t(problem));
    if (problem) return;
    setBusy(true);
    try {
      await requestExport(password);
      setPassword('');
      setRequested(true);
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsLayout page="data-export">
      <form className="settings-form" onSubmit={submit} noValidate aria-label={t('user.export.title')}>
        <p className="settings-text">{t('user.export.description')}</p>
        {requested && (
          <Message variant="success">
            {t('user.export.success')} <Link to={pathFor('user.export.download')}>{t('user.export.goToDownload')}</Link>
          </Message>
        )}
        {needsPassword && (
          <PasswordField
            label={t('user.export.confirmPassword')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordMessage}
          />
        )}
        <div className="settings-actions">
          <Button type="submit" loading={busy}>
            {t('user.export.request')}
          </Button>
        </div>
      </form>
    </SettingsLayout>
  );
}
