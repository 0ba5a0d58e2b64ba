// The register screen: username, e-mail and password; registers and then logs in.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { pathFor } from '../../routes';
import { isSignedInAtom, register, takeLastVisitedPath } from '../../state/session';
import { TextField } from '../../components/TextField';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { useFieldCheck } from './useFieldCheck';
import { errorTextAsync } from '../../app/errorText';
import { serverMessage } from '../../app/apiErrors';

/** The loose e-mail rule of spec §5: something, an at sign, something. */
export const EMAIL_PATTERN = /^.+@.+$/;

export default function Register() {
  const t = useT();
  usePageTitle(t('user.auth.createAccount'));
  const navigate = useNavigate();
  const signedIn = useAtomValue(isSignedInAtom);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const usernameCheck = useFieldCheck(() => (username.trim() === '' ? t('user.auth.usernameRequired') : null), username);
  const emailCheck = useFieldCheck(() => (EMAIL_PATTERN.test(email) ? null : t('user.auth.emailInvalid')), email);
  const passwordCheck = useFieldCheck(() => (password === '' ? t('user.auth.passwordRequired') : null), password);

  useEffect(() => {
    if (signedIn) navigate(takeLastVisitedPath(), { replace: true });
  }, [signedIn, navigate]);

  const canSubmit = username.trim() !== '' && email !== '' && password !== '' && EMAIL_PATTERN.test(email);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const ok = [usernameCheck.validateNow(), emailCheck.validateNow(), passwordCheck.validateNow()].every(Boolean);
    if (!ok || !canSubmit) return;
    setBusy(true);
    try {
      await register({ username, email, password });
    } catch (err) {
      // Registration failures show the server's own message.
      setFailure(serverMessage(err) ?? (await errorTextAsync(err)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="auth-screen">
      <h1 className="auth-title">{t('user.auth.createAccount')}</h1>
      {failure && <Message variant="danger">{failure}</Message>}
      <form className="auth-form" onSubmit={submit} noValidate aria-label={t('user.auth.createAccount')}>
        <TextField
          label={t('user.auth.username')}
          name="username"
          autoComplete="username"
          placeholder={t('user.auth.usernamePlaceholder')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={usernameCheck.onBlur}
          error={usernameCheck.message}
          autoFocus
          required
        />
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
          required
        />
        <PasswordField
          label={t('user.auth.password')}
          name="password"
          autoComplete="new-password"
          placeholder={t('user.auth.passwordPlaceholder')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={passwordCheck.onBlur}
          error={passwordCheck.message}
          required
        />
        <Button type="submit" variant="primary" loading={busy} disabled={!canSubmit} wide>
          {t('user.auth.createAccount')}
        </Button>
        <p className="auth-alt">
          {t('user.auth.alreadyHaveAnAccount')} <Link to={pathFor('user.login')}>{t('user.auth.login')}</Link>
        </p>
      </form>
    </div>
  );
}
