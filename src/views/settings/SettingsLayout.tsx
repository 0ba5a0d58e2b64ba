// The settings frame: the side navigation of the sub-pages and the current page in a card.
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { Card } from '../../components/Card';
import { configAtom } from '../../state/config';
import { refreshUser, userAtom } from '../../state/session';
import { pathFor } from '../../routes';
import { SETTINGS_PAGES, routeOf, type SettingsPageDef } from '../../app/settingsPages';
import { shortcutLabel } from '../../app/shortcutLabel';
import './settings.css';

export function SettingsLayout({ page, children, loading }: { page: SettingsPageDef['id']; children: ReactNode; loading?: boolean }) {
  const t = useT();
  const config = useAtomValue(configAtom);
  const user = useAtomValue(userAtom);
  const def = SETTINGS_PAGES.find((p) => p.id === page)!;
  usePageTitle(`${t(def.title)} | ${t('user.settings.title')}`);

  // The pages read the freshest settings (throttled to once a minute).
  useEffect(() => {
    refreshUser().catch(() => undefined);
  }, []);

  // Ctrl+Enter (⌘↩ on Apple) saves the form being edited from any of its fields, instead of a Tab to Save through
  // every field; the hint says so on each page that has a form.
  const content = useRef<HTMLDivElement>(null);
  const [hasForm, setHasForm] = useState(false);
  useLayoutEffect(() => setHasForm(!!content.current?.querySelector('form')), [children, loading]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
    const form = (e.target as Element).closest('form') ?? content.current?.querySelector('form');
    if (!form) return;
    e.preventDefault();
    form.requestSubmit();
  };

  return (
    <div className="settings">
      <nav className="settings-nav" aria-label={t('user.settings.navigation')}>
        <h2 className="settings-nav-title">{t('user.settings.title')}</h2>
        <ul>
          {SETTINGS_PAGES.filter((p) => p.available(config, user)).map((p) => (
            <li key={p.id}>
              <NavLink to={pathFor(routeOf(p.id))} className={({ isActive }) => `settings-nav-link${isActive ? ' is-active' : ''}`}>
                {t(p.title)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-content" ref={content} onKeyDown={onKeyDown}>
        <Card title={t(def.title)} headingLevel={1} loading={loading}>
          {children}
          {hasForm && <p className="settings-save-hint">{t('user.settings.saveHint', { keys: shortcutLabel('$mod+Enter') })}</p>}
        </Card>
      </div>
    </div>
  );
}
