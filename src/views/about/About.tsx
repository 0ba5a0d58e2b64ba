// The about page: client and API versions and the API address in use.
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { configAtom } from '../../state/config';
import { apiAddress } from '../../app/addresses';
import { CLIENT_VERSION } from '../../constants';
import { Card } from '../../components/Card';
import { Logo } from '../../app/Logo';

export default function About() {
  const t = useT();
  usePageTitle(t('about.title'));
  const config = useAtomValue(configAtom);
  return (
    <div className="page-narrow">
      <Card title={t('about.title')} headingLevel={1}>
        <Logo />
        <dl className="facts">
          <dt>{t('about.clientVersion')}</dt>
          <dd>{CLIENT_VERSION}</dd>
          <dt>{t('about.apiVersion')}</dt>
          <dd>{config?.version ?? '—'}</dd>
          <dt>{t('about.apiAddress')}</dt>
          <dd>
            <code>{apiAddress()}</code>
          </dd>
        </dl>
      </Card>
    </div>
  );
}
