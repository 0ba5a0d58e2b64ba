// Two-factor authentication: enrol (QR code and secret), enable with a passcode, disable with the password.
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import type { Totp as TotpState } from '../../api/totp';
import { disableTotp, enableTotp, enrollTotp, loadTotp, totpQrCode } from '../../actions/settings';
import { TextField } from '../../components/TextField';
import { PasswordField } from '../../components/PasswordField';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { error as errorToast, success as successToast } from '../../app/toast';
import { SettingsLayout } from './SettingsLayout';
import { passwordError } from './validation';

/**
 * The QR code is the server's own image (GET …/totp/qrcode), fetched with the token: it costs the
 * client no QR library, and the secret is printed beside it for people who type it in.
 */
function QrCode() {
  const t = useT();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    totpQrCode()
      .then((u) => {
        url = u;
        if (alive) setSrc(u);
        else URL.revokeObjectURL(u);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, []);
  if (failed) return null;
  return src ? <img className="settings-qr" src={src} alt={t('user.settings.totp.qrAlt')} width={200} height={200} /> : <div className="settings-qr" aria-hidden="true" />;
}

export default function Totp() {
  const t = useT();
  const [totp, setTotp] = useState<TotpState | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [passcode, setPasscode] = useState('');
  const [passcodeError, setPasscodeError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordMessage, setPasswordMessage] = useState<string | null>(null);
  const [disabling, setDisabling] = useState(false);

  useEffect(() => {
    let alive = true;
    loadTotp()
      .then((s) => alive && setTotp(s))
      .catch((err: unknown) => void errorToast(err))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  async function enroll() {
    setBusy(true);
    try {
      setTotp(await enrollTotp());
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  async function enable(e: FormEvent) {
    e.preventDefault();
    const code = passcode.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(code)) {
      setPasscodeError(t('user.settings.totp.passcodeInvalid'));
      return;
    }
    setPasscodeError(null);
    setBusy(true);
    try {
      await enableTotp(code);
      setTotp((s) => (s ? { ...s, enabled: true } : s));
      setPasscode('');
      void successToast('user.settings.totp.enableSuccess');
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  async function disable(e: FormEvent) {
    e.preventDefault();
    const problem = passwordError(password);
    setPasswordMessage(problem && t(problem));
    if (problem) return;
    setBusy(true);
    try {
      await disableTotp(password);
      setTotp(null);
      setPassword('');
      setDisabling(false);
      void successToast('user.settings.totp.disableSuccess');
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsLayout page="totp" loading={loading}>
      {!loading && !totp && (
        <div className="settings-form">
          <p className="settings-text">{t('user.settings.totp.intro')}</p>
          <div className="settings-actions">
            <Button onClick={() => void enroll()} loading={busy}>
              {t('user.settings.totp.enroll')}
            </Button>
          </div>
        </div>
      )}
      {totp && !totp.enabled && (
        <form className="settings-form" onSubmit={enable} noValidate aria-label={t('user.settings.totp.enable')}>
          <p className="settings-text">{t('user.settings.totp.scan')}</p>
          <QrCode />
          <p className="settings-text">{t('user.settings.totp.secretHelp')}</p>
          <code className="settings-code" aria-label={t('user.settings.totp.secret')}>
            {totp.secret}
          </code>
          <TextField
            label={t('user.settings.totp.passcode')}
            name="passcode"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('user.auth.totpPlaceholder')}
            value={passcode}
            onChange={(e) => setPasscode(e.target.value)}
            error={passcodeError}
          />
          <div className="settings-actions">
            <Button type="submit" loading={busy}>
              {t('user.settings.totp.enable')}
            </Button>
          </div>
        </form>
      )}
      {totp?.enabled && (
        <div className="settings-form">
          <Message variant="success">{t('user.settings.totp.isEnabled')}</Message>
          {!disabling ? (
            <div className="settings-actions">
              <Button variant="secondary" onClick={() => setDisabling(true)}>
                {t('user.settings.totp.disable')}
              </Button>
            </div>
          ) : (
            <form className="settings-form" onSubmit={disable} noValidate aria-label={t('user.settings.totp.disable')}>
              <PasswordField
                label={t('user.settings.totp.disablePassword')}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={passwordMessage}
                autoFocus
              />
              <div className="settings-actions">
                <Button variant="tertiary" onClick={() => setDisabling(false)}>
                  {t('misc.cancel')}
                </Button>
                <Button type="submit" className="btn-danger" loading={busy}>
                  {t('user.settings.totp.disable')}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </SettingsLayout>
  );
}
