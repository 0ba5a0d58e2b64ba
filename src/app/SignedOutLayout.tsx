// The signed-out welcome wrapper: logo, message of the day, the screen, the API address and legal links.
import { Outlet } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { configAtom } from '../state/config';
import { useT } from '../i18n';
import { Logo } from './Logo';
import { ApiUrlForm } from './ApiUrlForm';
import { Message } from '../components/Message';
import { LegalLinks } from './LegalLinks';
import { loadApp } from '../state/readiness';

export function SignedOutLayout() {
  const t = useT();
  const config = useAtomValue(configAtom);
  const motd = config?.motd?.trim();
  return (
    <div className="welcome">
      <a className="skip-link" href="#main">
        {t('misc.skipToContent')}
      </a>
      <main id="main" className="welcome-main">
        <div className="welcome-logo">
          <Logo />
        </div>
        {motd && <Message variant="info">{motd}</Message>}
        <div className="welcome-card">
          <Outlet />
        </div>
        <ApiUrlForm collapsible onFound={() => void loadApp()} />
        <LegalLinks />
      </main>
    </div>
  );
}
