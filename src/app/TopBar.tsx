// The top bar: menu toggle, logo, current list title, the unsent-changes indicator, quick search, notifications slot and the user menu.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { currentListAtom, menuOpenAtom } from '../state/ui';
import { onlineAtom } from '../state/readiness';
import { ChunkBoundary } from '../components/ChunkBoundary';
import { useT } from '../i18n';
import { pathFor } from '../routes';
import { Logo } from './Logo';
import { OutboxIndicator } from './OutboxIndicator';
import { useRunCommand } from './useCommand';
import { InfoIcon, MenuIcon, SearchIcon } from './icons';
import { shortcutLabel } from './shortcutLabel';
import { AfterFirstPaint } from './AfterFirstPaint';

// List settings and the notifications bell load with their own chunks.
const loadListSettings = () => import('../views/lists/TopBarListSettings');
const loadNotificationBell = () => import('../views/notifications/NotificationBell');
// The user menu brings Radix's menu with it: its own chunk, rendered after the first rows like the bell.
const loadUserMenu = () => import('./UserMenu').then((m) => ({ default: m.UserMenu }));

/**
 * A part of the bar whose code loads lazily. When its chunk cannot load (offline, on a page no service worker serves
 * yet) the part is left out, not the screen replaced by the error screen, and it is tried again once the browser is
 * online (a failed lazy component stays failed: a new one is made).
 */
function LazyPart({ load }: { load: () => Promise<{ default: ComponentType }> }) {
  const online = useAtomValue(onlineAtom);
  const [part, setPart] = useState(() => ({ Part: lazy(load), failed: false }));
  // Only when the browser comes online again: a chunk that failed while online is not asked for over and over.
  useEffect(() => {
    if (online) setPart((p) => (p.failed ? { Part: lazy(load), failed: false } : p));
  }, [online, load]);
  if (part.failed) return null;
  return (
    <ChunkBoundary onError={() => setPart((p) => ({ ...p, failed: true }))}>
      <Suspense fallback={null}>
        <part.Part />
      </Suspense>
    </ChunkBoundary>
  );
}

export function TopBar() {
  const t = useT();
  const run = useRunCommand();
  const menuOpen = useAtomValue(menuOpenAtom);
  const list = useAtomValue(currentListAtom);
  const listTitle = list ? (list.id === -1 ? t('navigation.favorites') : list.title || t('misc.loading')) : null;

  return (
    <header className="topbar">
      <div className="topbar-start">
        <button
          type="button"
          className="icon-button"
          onClick={() => void run('menu.toggle')}
          aria-label={t('navigation.toggleMenu')}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          title={`${t('navigation.toggleMenu')} (${shortcutLabel('$mod+e')})`}
        >
          <MenuIcon />
        </button>
        <Link to={pathFor('home')} className="topbar-logo" aria-label={t('navigation.home')}>
          <Logo width={110} height={32} />
        </Link>
      </div>
      <div className="topbar-middle">
        {listTitle !== null && list && (
          <>
            <h1 className="topbar-list-title">{listTitle}</h1>
            {list.id > 0 && (
              <Link className="icon-button" to={`/lists/${list.id}/info`} aria-label={t('navigation.listInfo')}>
                <InfoIcon />
              </Link>
            )}
            <LazyPart load={loadListSettings} />
          </>
        )}
      </div>
      <div className="topbar-end">
        <OutboxIndicator />
        <button
          type="button"
          className="search-button"
          onClick={() => void run('palette.open')}
          // No aria-label: the name comes from the visible text, so it contains what sighted speech-input users say.
          aria-keyshortcuts="Control+K Meta+K"
        >
          <SearchIcon />
          <span className="search-button-text">{t('navigation.quickSearch')}</span>
          <kbd>{shortcutLabel('$mod+k')}</kbd>
        </button>
        {/* After the first rows: the bell asks for notifications, the menu for the avatar, and Radix's menu is not small. */}
        <AfterFirstPaint>
          <LazyPart load={loadNotificationBell} />
          <LazyPart load={loadUserMenu} />
        </AfterFirstPaint>
      </div>
    </header>
  );
}
