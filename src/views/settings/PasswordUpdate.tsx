// Password update: the current password, the new one and its confirmation.
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { changePassword } from '../../actions/settings';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { error as errorToast, success as successToast } from '../../app/toast';
import { SettingsLayout } from './SettingsLayout';
import { passwordConfirmError, passwordError } from './validation';
import { newPasswordProblem } from '../../model/accountRules';
import { errorCode, invalidFieldMessages } from '../../app/apiErrors';

/** The catalogue's "wrong username or password", which here can only mean the current password. */
const WRONG_CREDENTIALS = 1011;

export default function PasswordUpdate() {
  const t = useT();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ old?: string | null; next?: string | null; confirm?: string | null }>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const oldKey = passwordError(oldPassword);
    const nextProblem = newPasswordProblem(newPassword);
    const found = {
      old: oldKey && t(oldKey),
      next: nextProblem && t(nextProblem.key, nextProblem.params),
      confirm: newPassword !== '' ? passwordConfirmError(newPassword, confirmation) : null,
    };
    setErrors({ old: found.old, next: found.next, confirm: found.confirm && t(found.confirm) });
    if (found.old || found.next || found.confirm) return;
    setSaving(true);
    try {
      await changePassword(oldPassword, newPassword);
      setOldPassword('');
      setNewPassword('');
      setConfirmation('');
      void successToast('user.settings.password.success');
    } catch (err) {
      // What was typed stays; the reason shows at the field it concerns.
      const fields = invalidFieldMessages(err, t);
      if (errorCode(err) === WRONG_CREDENTIALS) setErrors({ old: t('user.settings.password.wrong') });
      else if (fields.old_password || fields.new_password) setErrors({ old: fields.old_password, next: fields.new_password });
      else void errorToast(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsLayout page="password-update">
      <form className="settings-form" onSubmit={submit} noValidate aria-label={t('user.settings.password.title')}>
        <PasswordField
          label={t('user.settings.password.current')}
          name="oldPassword"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
          error={errors.old}
        />
        <PasswordField
          label={t('user.settings.password.new')}
          name="newPassword"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
          error={errors.next}
        />
        <PasswordField
          label={t('user.settings.password.confirm')}
          name="newPasswordConfirm"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          error={errors.confirm}
        />
        <div className="settings-actions">
          <Button type="submit" loading={saving}>
            {t('misc.save')}
          </Button>
        </div>
      </form>
    </SettingsLayout>
  );
}
