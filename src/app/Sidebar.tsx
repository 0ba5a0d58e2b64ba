// The side navigation: the five main links, and below them the namespaces (added by the namespaces issue).
import { NavLink } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { menuOpenAtom } from '../state/ui';
import { useT } from '../i18n';
import { pathFor, type RouteName } from '../routes';
import { CalendarIcon, CloseIcon, HomeIcon, LayersIcon, TagIcon, UsersIcon } from './icons';
import { AfterFirstPaint } from './AfterFirstPaint';

// The namespace tree (with drag and drop) is its own chunk.
const NamespaceTree = lazy(() => import('../views/namespaces/NamespaceTree'));

interface NavItem {
  route: RouteName;
  label: string;
  icon: ReactNode;
  keys: string;
}

const items: NavItem[] = [
  { route: 'home', label: 'navigation.overview', icon: <HomeIcon />, keys: 'g o' },
  { route: 'tasks.range', label: 'navigation.upcoming', icon: <CalendarIcon />, keys: 'g u' },
  { route: 'namespaces.index', label: 'navigation.namespaces', icon: <LayersIcon />, keys: 'g n' },
  { route: 'labels.index', label: 'navigation.labels', icon: <TagIcon />, keys: 'g a' },
  { route: 'teams.index', label: 'navigation.teams', icon: <UsersIcon />, keys: 'g m' },
];

export function Sidebar() {
  const t = useT();
  const open = useAtomValue(menuOpenAtom);
  const setOpen = useSetAtom(menuOpenAtom);
  return (
    <aside id="sidebar" className="sidebar" hidden={!open} aria-label={t('navigation.main')}>
      <div className="sidebar-header">
        <button type="button" className="icon-button sidebar-close" onClick={() => setOpen(false)} aria-label={t('navigation.closeMenu')}>
          <CloseIcon />
        </button>
      </div>
      <nav className="sidebar-nav">
        <ul>
          {items.map((item) => (
            <li key={item.route}>
              <NavLink to={pathFor(item.route)} end={item.route === 'home'} className="sidebar-link" aria-keyshortcuts={item.keys}>
                <span className="sidebar-icon">{item.icon}</span>
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* The tree (and its drag and drop) renders after the screen's first rows. */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <NamespaceTree />
        </Suspense>
      </AfterFirstPaint>
    </aside>
  );
}
