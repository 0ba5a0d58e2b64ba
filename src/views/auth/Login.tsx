// The login screen: local form (username or e-mail, password, one-time code on 1017, remember me), OpenID buttons.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { pathFor } from '../../routes';
import { isSignedInAtom, login, takeLastVisitedPath } from '../../state/session';
import { configAtom, localAuthEnabledAtom, openIdProvidersAtom, registrationEnabledAtom } from '../../state/config';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../state/storage';
import { TextField } from '../../components/TextField';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { errorTextAsync } from '../../app/errorText';
import { useFieldCheck } from './useFieldCheck';

/** Off to an OpenID provider: its code loads only for that (the first page need not carry it). */
const toProvider = (...args: Parameters<typeof import('../../state/openId').redirectToProvider>) =>
  import('../../state/openId').then((m) => m.redirectToProvider(...args));

export default function Login() {
  const t = useT();
  usePageTitle(t('user.auth.login'));
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useAtomValue(isSignedInAtom);
  const config = useAtomValue(configAtom);
  const localEnabled = useAtomValue(localAuthEnabledAtom);
  const registrationEnabled = useAtomValue(registrationEnabledAtom);
  const providers = useAtomValue(openIdProvidersAtom);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [remember, setRemember] = useState(false);
  const [needsTotp, setNeedsTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<{ ok: boolean; text: string } | null>(null);
  const totpRef = useRef<HTMLInputElement>(null);

  const usernameCheck = useFieldCheck(() => (username.trim() === '' ? t('user.auth.usernameRequired') : null), username);
  const passwordCheck = useFieldCheck(() => (password === '' ? t('user.auth.passwordRequired') : null), password);

  // Already signed in: go where the visitor wanted to go.
  useEffect(() => {
    if (signedIn) navigate(takeLastVisitedPath(), { replace: true });
  }, [signedIn, navigate]);

  // A stored e-mail confirmation token is verified once, on load.
  useEffect(() => {
    const token = readStorage(STORAGE_KEYS.emailConfirmToken);
    if (!token) return;
    removeStorage(STORAGE_KEYS.emailConfirmToken);
    // Only a confirmation link needs it: the plain sign-in page does not load it.
    import('../../actions/session')
      .then(({ confirmEmail }) => confirmEmail(token))
      .then(() => setConfirmation({ ok: true, text: t('user.auth.confirmEmailSuccess') }))
      .catch(async (err: unknown) => setConfirmation({ ok: false, text: await errorTextAsync(err) }));
  }, [t]);

  // Local login off and a single provider: go straight to it when asked to.
  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const onEntry = location.pathname === '/login' || location.pathname === '/';
    if (!localEnabled && providers.length === 1 && onEntry && query.get('redirectToProvider') === 'true') {
      void toProvider(providers[0], config?.auth?.openidConnect?.redirectUrl ?? `${window.location.origin}/auth/openid/`);
    }
  }, [localEnabled, providers, location, config]);

  useEffect(() => {
    if (needsTotp) totpRef.current?.focus();
  }, [needsTotp]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    const userOk = usernameCheck.validateNow();
    const passOk = passwordCheck.validateNow();
    if (!userOk || !passOk) return;
    setBusy(true);
    try {
      const result = await login({ username, password, longToken: remember, totpPasscode: needsTotp ? totp : undefined });
      if (result === 'totpRequired') {
        setNeedsTotp(true);
        return;
      }
      setNeedsTotp(false);
      // The isSignedIn effect navigates to the remembered destination.
    } catch (err) {
      setFailure(await errorTextAsync(err));
    } finally {
      setBusy(false);
    }
  }

  const redirectBase = config?.auth?.openidConnect?.redirectUrl ?? `${window.location.origin}/auth/openid/`;

  return (
    <div className="auth-screen">
      <h1 className="auth-title">{t('user.auth.login')}</h1>
      {confirmation && <Message variant={confirmation.ok ? 'success' : 'danger'}>{confirmation.text}</Message>}
      {failure && <Message variant="danger">{failure}</Message>}
      {localEnabled && (
        <form className="auth-form" onSubmit={submit} noValidate aria-label={t('user.auth.login')}>
          <TextField
            label={t('user.auth.usernameEmail')}
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
          <PasswordField
            label={t('user.auth.password')}
            name="password"
            autoComplete="current-password"
            placeholder={t('user.auth.passwordPlaceholder')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={passwordCheck.onBlur}
            error={passwordCheck.message}
            required
            labelAside={
              <Link className="field-aside-link" to={pathFor('user.password-reset.request')}>
                {t('user.auth.forgotPassword')}
              </Link>
            }
          />
          {needsTotp && (
            <TextField
              ref={totpRef}
              label={t('user.auth.totpTitle')}
              name="totpPasscode"
              autoComplete="one-time-code"
              inputMode="numeric"
              placeholder={t('user.auth.totpPlaceholder')}
              help={t('user.auth.totpHelp')}
              value={totp}
              onChange={(e) => setTotp(e.target.value)}
            />
          )}
          <label className="checkbox">
            <input type="checkbox" name="longToken" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>{t('user.auth.remember')}</span>
          </label>
          <Button type="submit" variant="primary" loading={busy} wide>
            {t('user.auth.login')}
          </Button>
          {registrationEnabled && (
            <p className="auth-alt">
              {t('user.auth.noAccountYet')} <Link to={pathFor('user.register')}>{t('user.auth.createAccount')}</Link>
            </p>
          )}
        </form>
      )}
      {providers.length > 0 && (
        <div className="auth-providers">
          {providers.map((p) => (
            <Button key={p.key} variant="secondary" wide onClick={() => void toProvider(p, redirectBase)}>
              {t('user.auth.loginWith', { provider: p.name })}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}
