// The signed-in shell: top bar, side navigation (closing on route change below 768px) and the content.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { closeMenuForNavigationAtom, isMobileWidth, menuOpenAtom } from '../state/ui';
import { TopBar } from './TopBar';
import { Sidebar } from './Sidebar';
import { PaletteHost } from './palette/PaletteHost';
import { AfterFirstPaint } from './AfterFirstPaint';
import { SelectionCount } from './SelectionCount';
import { useT } from '../i18n';
import { sessionAtom } from '../state/session';
import { apiBase } from '../api/client';
import { startOutbox } from '../outbox/current';
import { keepLocalCopy } from '../local/localCopy';
import { asTold } from '../local/serverAway';
import { tellErrors } from './toast';
import './shell.css';

// Offline, or without the server, a read that got no answer is no news: the top bar says so, and the outbox's writes
// wait. Another write that got no answer says it was not saved.
tellErrors(asTold);

export default function SignedInLayout() {
  const t = useT();
  const menuOpen = useAtomValue(menuOpenAtom);
  const closeForNavigation = useSetAtom(closeMenuForNavigationAtom);
  const setMenuOpen = useSetAtom(menuOpenAtom);
  const location = useLocation();
  const session = useAtomValue(sessionAtom);
  const liveUserId = session.kind === 'user' ? session.claims.id : null;

  // One live-updates stream while a user is signed in (shared by the browser's tabs), ended on sign-out. Its code
  // loads after the first screen, in a chunk of its own, so it costs the start nothing.
  useEffect(() => {
    // Without EventSource (an old browser, a test's DOM) there is no stream to start: its code is not even loaded.
    if (liveUserId === null || typeof EventSource === 'undefined') return undefined;
    let stop: (() => void) | null = null;
    let ended = false;
    void import('../sync/live').then(({ startLive }) => {
      if (!ended) stop = startLive(liveUserId);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [liveUserId]);

  // The user's outbox (IndexedDB, shared by the tabs): writes made offline wait in it, across reloads.
  useEffect(() => (liveUserId === null ? undefined : startOutbox(apiBase(), liveUserId)), [liveUserId]);

  // The user's local copy (IndexedDB) is written from the store while they are signed in; signing out deletes it.
  useEffect(() => {
    if (liveUserId !== null) keepLocalCopy(apiBase(), liveUserId);
  }, [liveUserId]);

  useEffect(() => {
    if (isMobileWidth()) closeForNavigation();
  }, [location.pathname, closeForNavigation]);

  return (
    <div className={`app-shell${menuOpen ? ' menu-open' : ''}`}>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          // A screen whose main widget is one Tab stop (the kanban board) names it as the target: the skip link lands on it.
          const target = document.querySelector<HTMLElement>('#main [data-skip-target="true"]');
          if (!target) return;
          e.preventDefault();
          target.focus();
        }}
      >
        {t('misc.skipToContent')}
      </a>
      <TopBar />
      <Sidebar />
      {menuOpen && <button type="button" className="menu-overlay" aria-label={t('navigation.closeMenu')} onClick={() => setMenuOpen(false)} />}
      <main id="main" className="app-content" tabIndex={-1}>
        <Outlet />
      </main>
      <SelectionCount />
      <AfterFirstPaint>
        <PaletteHost />
      </AfterFirstPaint>
    </div>
  );
}
