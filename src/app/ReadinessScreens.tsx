// The not-ready screens: loading, offline, and the error screen with the API address form.
import { hasKey, useT } from '../i18n';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import { Logo } from './Logo';
import { ApiUrlForm } from './ApiUrlForm';
import { Message } from '../components/Message';
import { Loading } from '../components/Loading';
import { loadApp } from '../state/readiness';
import { usePageTitle } from './usePageTitle';

export function LoadingScreen() {
  const t = useT();
  return (
    <main className="screen-center" aria-busy="true">
      <Logo />
      <Loading label={t('ready.loading')} />
    </main>
  );
}

export function OfflineScreen() {
  const t = useT();
  usePageTitle(t('offline.title'));
  return (
    <main className="screen-center">
      <Logo />
      <div className="screen-card">
        <h1 className="screen-title">{t('offline.title')}</h1>
        <p>{t('offline.text')}</p>
      </div>
    </main>
  );
}

export function ErrorScreen({ message }: { message: string }) {
  const t = useT();
  const configured = readStorage(STORAGE_KEYS.apiUrl) !== null || Boolean(window.API_URL);
  usePageTitle(t('ready.errorOccured').replace(/:$/, ''));
  return (
    <main className="screen-center">
      <Logo />
      <div className="screen-card">
        <Message variant="danger">
          <strong>{t('ready.errorOccured')}</strong> {hasKey(`ready.${message}`) ? t(`ready.${message}`) : message}
        </Message>
        <p>{configured ? t('ready.checkApiUrl') : t('ready.noApiUrlConfigured')}</p>
        <ApiUrlForm onFound={() => void loadApp()} />
      </div>
    </main>
  );
}
