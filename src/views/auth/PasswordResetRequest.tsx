// Asks for a password reset link by e-mail.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { pathFor } from '../../routes';
import { requestPasswordReset } from '../../actions/session';
import { TextField } from '../../components/TextField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { errorTextAsync } from '../../app/errorText';
import { useFieldCheck } from './useFieldCheck';
import { EMAIL_PATTERN } from './Register';

export default function PasswordResetRequest() {
  const t = useT();
  usePageTitle(t('user.auth.resetPassword'));
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailCheck = useFieldCheck(() => (EMAIL_PATTERN.test(email) ? null : t('user.auth.emailInvalid')), email);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    if (!emailCheck.validateNow()) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      setFailure(await errorTextAsync(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-screen">
      <h1 className="auth-title">{t('user.auth.resetPassword')}</h1>
      {failure && <Message variant="danger">{failure}</Message>}
      {sent ? (
        <Message variant="success">{t('user.auth.resetPasswordSuccess')}</Message>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate aria-label={t('user.auth.resetPassword')}>
          <TextField
            label={t('user.auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            placeholder={t('user.auth.emailPlaceholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={emailCheck.onBlur}
            error={emailCheck.message}
            autoFocus
            required
          />
          <Button type="submit" variant="primary" loading={busy} wide>
            {t('user.auth.resetPasswordAction')}
          </Button>
        </form>
      )}
      <p className="auth-alt">
        <Link to={pathFor('user.login')}>{t('user.auth.backToLogin')}</Link>
      </p>
    </div>
  );
}
