// The register screen: username, e-mail and password; registers and then logs in.
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
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
import { invalidFieldMessages, serverMessage } from '../../app/apiErrors';
import { newPasswordProblem, usernameProblem, type FieldProblem } from '../../model/accountRules';

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
  // The server's reason per field from its last refusal; a field's own check takes over once it is checked again.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const message = (p: FieldProblem | null) => (p ? t(p.key, p.params) : null);
  const usernameCheck = useFieldCheck(() => message(usernameProblem(username)), username);
  const emailCheck = useFieldCheck(() => (EMAIL_PATTERN.test(email) ? null : t('user.auth.emailInvalid')), email);
  const passwordCheck = useFieldCheck(() => message(newPasswordProblem(password)), password);
  const edited = (field: string, set: (v: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    setServerErrors(({ [field]: _gone, ...rest }) => rest);
  };

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
      // A refusal naming fields shows each reason at its field; other failures show the server's own message.
      const fields = invalidFieldMessages(err, t);
      setServerErrors(fields);
      if (Object.keys(fields).length) setFailure(t('user.auth.fieldsInvalid'));
      else setFailure(serverMessage(err) ?? (await errorTextAsync(err)));
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
          onChange={edited('username', setUsername)}
          onBlur={usernameCheck.onBlur}
          error={usernameCheck.message ?? serverErrors.username}
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
          onChange={edited('email', setEmail)}
          onBlur={emailCheck.onBlur}
          error={emailCheck.message ?? serverErrors.email}
          required
        />
        <PasswordField
          label={t('user.auth.password')}
          name="password"
          autoComplete="new-password"
          placeholder={t('user.auth.passwordPlaceholder')}
          value={password}
          onChange={edited('password', setPassword)}
          onBlur={passwordCheck.onBlur}
          error={passwordCheck.message ?? serverErrors.password}
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
