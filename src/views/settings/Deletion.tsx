// Account deletion: request with the password (a confirmation link is mailed), or cancel a scheduled deletion.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { useFormatDate } from '../../i18n/dateLocale';
import { cancelDeletion, requestDeletion } from '../../actions/settings';
import { refreshUser, userAtom } from '../../state/session';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { error as errorToast, success as successToast } from '../../app/toast';
import { SettingsLayout } from './SettingsLayout';
import { deletionPasswordError } from './validation';

export default function Deletion() {
  const t = useT();
  const formatDate = useFormatDate();
  const user = useAtomValue(userAtom);
  const scheduled = user?.deletionScheduledAt ?? null;
  const needsPassword = user?.isLocalUser !== false;
  const [password, setPassword] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [requested, setRequested] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = needsPassword ? deletionPasswordError(password) : null;
    setPasswordMessage(problem && t(problem));
    if (problem) return;
    setBusy(true);
    try {
      if (scheduled) {
        await cancelDeletion(password);
        void successToast('user.deletion.cancelSuccess');
        await refreshUser(true).catch(() => undefined);
      } else {
        await requestDeletion(password);
        setRequested(true);
      }
      setPassword('');
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsLayout page="deletion">
      <form className="settings-form" onSubmit={submit} noValidate aria-label={t('user.deletion.title')} id="deletion">
        {scheduled ? (
          <Message variant="danger">{t('user.deletion.scheduled', { date: formatDate(scheduled) })}</Message>
        ) : (
          <p className="settings-text">{t('user.deletion.text')}</p>
        )}
        {requested && !scheduled && <Message variant="success">{t('user.deletion.requestSuccess')}</Message>}
        {needsPassword && (
          <PasswordField
            label={scheduled ? t('user.deletion.cancelPassword') : t('user.deletion.confirmPassword')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordMessage}
          />
        )}
        <div className="settings-actions">
          {scheduled ? (
            <Button type="submit" loading={busy}>
              {t('user.deletion.scheduledCancel')}
            </Button>
          ) : (
            <Button type="submit" className="btn-danger" loading={busy}>
              {t('user.deletion.request')}
            </Button>
          )}
        </div>
      </form>
    </SettingsLayout>
  );
}
