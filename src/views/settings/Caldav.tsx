// CalDAV: the address to give a calendar app, and app tokens (created, listed, deleted; a token is shown once).
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { useFormatDate } from '../../i18n/dateLocale';
import type { CaldavToken } from '../../api/caldav';
import { createCaldavToken, deleteCaldavToken, loadCaldavTokens, loadTotp } from '../../actions/settings';
import { caldavAddress } from '../../app/addresses';
import { userAtom } from '../../state/session';
import { configAtom } from '../../state/config';
import { Button } from '../../components/Button';
import { Message } from '../../components/Message';
import { error as errorToast, success as successToast } from '../../app/toast';
import { SettingsLayout } from './SettingsLayout';

export default function Caldav() {
  const t = useT();
  const formatDate = useFormatDate();
  const user = useAtomValue(userAtom);
  const [tokens, setTokens] = useState<CaldavToken[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [fresh, setFresh] = useState<CaldavToken | null>(null);
  const config = useAtomValue(configAtom);
  // With two-factor on, the server refuses the account password over CalDAV, so the page must say only tokens work.
  const [twoFactor, setTwoFactor] = useState(false);
  const url = user ? caldavAddress(user.username) : '';
  const mayHaveTotp = config?.totpEnabled !== false && user?.isLocalUser !== false;

  useEffect(() => {
    if (!mayHaveTotp) return;
    let alive = true;
    // Only a hint: when the status cannot be read the page still works, so a failure is not reported.
    loadTotp()
      .then((totp) => alive && setTwoFactor(Boolean(totp?.enabled)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [mayHaveTotp]);

  useEffect(() => {
    let alive = true;
    loadCaldavTokens()
      .then((list) => alive && setTokens(list))
      .catch((err: unknown) => void errorToast(err))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, []);

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      void successToast('user.settings.caldav.copied');
    } catch {
      void errorToast(new Error(t('misc.copyFailed')));
    }
  }

  async function create() {
    setBusy(true);
    try {
      const token = await createCaldavToken();
      setFresh(token);
      setTokens((list) => [...list, { id: token.id, created: token.created }]);
    } catch (err) {
      void errorToast(err);
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: number) {
    try {
      await deleteCaldavToken(id);
      setTokens((list) => list.filter((tk) => tk.id !== id));
      if (fresh?.id === id) setFresh(null);
      void successToast('user.settings.caldav.deleteSuccess');
    } catch (err) {
      void errorToast(err);
    }
  }

  return (
    <SettingsLayout page="caldav" loading={loading}>
      <div className="settings-form">
        <p className="settings-text">{t('user.settings.caldav.howTo')}</p>
        <div className="settings-row">
          <code className="settings-code" aria-label={t('user.settings.caldav.url')}>
            {url}
          </code>
          <Button variant="secondary" onClick={() => void copy(url)}>
            {t('user.settings.caldav.copy')}
          </Button>
        </div>
        <p className="settings-text">{t('user.settings.caldav.usernameHint', { username: user?.username ?? '' })}</p>
        {twoFactor && <Message variant="info">{t('user.settings.caldav.twoFactorTokensOnly')}</Message>}
        <h2 className="card-title">{t('user.settings.caldav.tokens')}</h2>
        <p className="settings-text">{t('user.settings.caldav.tokensHowTo')}</p>
        {fresh?.token && (
          <Message variant="warning">
            <p>{t('user.settings.caldav.tokenCreated')}</p>
            <div className="settings-row">
              <code className="settings-code" aria-label={t('user.settings.caldav.newToken')}>
                {fresh.token}
              </code>
              <Button variant="secondary" onClick={() => void copy(fresh.token ?? '')}>
                {t('user.settings.caldav.copy')}
              </Button>
            </div>
          </Message>
        )}
        {tokens.length > 0 ? (
          <table className="settings-table">
            <thead>
              <tr>
                <th scope="col">{t('user.settings.caldav.tokenId')}</th>
                <th scope="col">{t('user.settings.caldav.created')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('user.settings.caldav.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((tk) => (
                <tr key={tk.id}>
                  <td>{tk.id}</td>
                  <td>{tk.created ? formatDate(tk.created) : ''}</td>
                  <td>
                    <Button variant="tertiary" onClick={() => void remove(tk.id)} aria-label={t('user.settings.caldav.deleteToken', { id: tk.id })}>
                      {t('user.settings.caldav.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          !loading && <p className="settings-text">{t('user.settings.caldav.noTokens')}</p>
        )}
        <div className="settings-actions">
          <Button onClick={() => void create()} loading={busy}>
            {t('user.settings.caldav.createToken')}
          </Button>
        </div>
      </div>
    </SettingsLayout>
  );
}
