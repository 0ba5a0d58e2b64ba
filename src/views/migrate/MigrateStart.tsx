// migrate.start: the import services the server offers (from /info), each linking to its own page.
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { configAtom } from '../../state/config';
import { pathFor } from '../../routes';
import { Card } from '../../components/Card';
import { Message } from '../../components/Message';
import { migratorFor, migratorName } from './migrators';
import '../settings/settings.css';

export default function MigrateStart() {
  const t = useT();
  usePageTitle(t('migrate.title'));
  const migrators = useAtomValue(configAtom)?.availableMigrators ?? [];

  return (
    <div className="page-narrow">
      <Card title={t('migrate.title')} headingLevel={1}>
        <div className="settings-form">
          <p className="settings-text">{t('migrate.description')}</p>
          {migrators.length === 0 ? (
            <Message>{t('migrate.noneAvailable')}</Message>
          ) : (
            <ul className="migrate-services">
              {migrators.map((id) => {
                const def = migratorFor(id);
                return (
                  <li key={id}>
                    <Link className="migrate-service" to={pathFor('migrate.service', { service: id })}>
                      <strong>{migratorName(def, t)}</strong>
                      <span className="settings-text">{t(def.kind === 'file' ? 'migrate.kindFile' : 'migrate.kindOauth')}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}
