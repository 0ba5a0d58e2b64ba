// E-mail update: the new address and the current password; the server may ask to confirm the new address by mail.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { changeEmail } from '../../actions/settings';
import { userAtom } from '../../state/session';
import { TextField } from '../../components/TextField';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { error as errorToast } from '../../app/toast';
import { SettingsLayout } from './SettingsLayout';
import { emailError, passwordError } from './validation';

export default function EmailUpdate() {
  const t = useT();
  const user = useAtomValue(userAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string | null; password?: string | null }>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const found = { email: emailError(email), password: passwordError(password) };
    setErrors({ email: found.email && t(found.email), password: found.password && t(found.password) });
    if (found.email || found.password) return;
    setSaving(true);
    try {
      const { confirmationSent } = await changeEmail(email.trim(), password);
      setPassword('');
      setDone(confirmationSent ? 'user.settings.email.confirmSent' : 'user.settings.email.success');
    } catch (err) {
      void errorToast(err);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsLayout page="email-update">
      <form className="settings-form" onSubmit={submit} noValidate aria-label={t('user.settings.email.title')}>
        {user?.email && <p className="settings-text">{t('user.settings.email.current', { email: user.email })}</p>}
        {done && <Message variant="success">{t(done)}</Message>}
        <TextField
          label={t('user.settings.email.new')}
          name="newEmail"
          type="email"
          autoComplete="email"
          placeholder={t('user.auth.emailPlaceholder')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <PasswordField
          label={t('user.settings.email.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
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
