// Sets a new password with the stored reset token (from the userPasswordReset link).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { pathFor } from '../../routes';
import { resetPassword } from '../../actions/session';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../state/storage';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { errorTextAsync } from '../../app/errorText';
import { useFieldCheck } from './useFieldCheck';
import { invalidFieldMessages } from '../../app/apiErrors';
import { newPasswordProblem } from '../../model/accountRules';

export default function PasswordReset() {
  const t = useT();
  usePageTitle(t('user.auth.resetPassword'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const token = readStorage(STORAGE_KEYS.passwordResetToken);
  // The server's reason for the new password, until the password is edited.
  const [serverError, setServerError] = useState<string | null>(null);
  const passwordCheck = useFieldCheck(() => {
    const problem = newPasswordProblem(password);
    return problem && t(problem.key, problem.params);
  }, password);
  const confirmCheck = useFieldCheck(() => (confirm !== password ? t('user.auth.passwordsDontMatch') : null), `${confirm}\u0000${password}`);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const ok = [passwordCheck.validateNow(), confirmCheck.validateNow()].every(Boolean);
    if (!ok || !token) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      removeStorage(STORAGE_KEYS.passwordResetToken);
      setDone(true);
    } catch (err) {
      const fields = invalidFieldMessages(err, t);
      if (fields.new_password) setServerError(fields.new_password);
      else setFailure(await errorTextAsync(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-screen">
      <h1 className="auth-title">{t('user.auth.resetPassword')}</h1>
      {failure && <Message variant="danger">{failure}</Message>}
      {!token && !done && <Message variant="warning">{t('user.auth.noResetToken')}</Message>}
      {done ? (
        <Message variant="success">{t('user.auth.passwordResetSuccess')}</Message>
      ) : (
        token && (
          <form className="auth-form" onSubmit={submit} noValidate aria-label={t('user.auth.resetPassword')}>
            <PasswordField
              label={t('user.auth.newPassword')}
              name="newPassword"
              autoComplete="new-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setServerError(null);
              }}
              onBlur={passwordCheck.onBlur}
              error={passwordCheck.message ?? serverError}
              autoFocus
            />
            <PasswordField
              label={t('user.auth.newPasswordConfirm')}
              name="newPasswordConfirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              onBlur={confirmCheck.onBlur}
              error={confirmCheck.message}
            />
            <Button type="submit" variant="primary" loading={busy} wide>
              {t('user.auth.setNewPassword')}
            </Button>
          </form>
        )
      )}
      <p className="auth-alt">
        <Link to={pathFor('user.login')}>{t('user.auth.backToLogin')}</Link>
      </p>
    </div>
  );
}
