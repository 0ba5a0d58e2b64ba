// Boot: version log, colour scheme, language (before mount), API discovery, router, command bindings, render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai/react';
import { CLIENT_VERSION, PRODUCT_NAME } from './constants';
import { applyColorScheme, storedColorScheme } from './state/theme';
import { ensureErrorMessages, initLanguage } from './i18n';
import { appStore } from './state/store';
import { loadApp, onServerBack, watchLocalCopy, watchOnline } from './state/readiness';
import { sessionAtom } from './state/session';
import { paletteCommandAtom, paletteOpenAtom } from './state/ui';
import { setNavigator } from './state/navigator';
import { createAppRouter, type AppRouter } from './app/router';
import { installGlobalErrorHandler } from './app/globalErrors';
import { startPwa } from './app/pwa';
import './styles/base.css';

/**
 * The command definitions (and the API modules they use) are only for sessions: a signed-out visitor's first
 * page never downloads them, nor the registry or the keymap (every binding is for a session).
 */
function loadCommandsWhenSignedIn(router: AppRouter): void {
  let requested = false;
  const check = () => {
    if (requested || appStore.get(sessionAtom).kind === 'none') return;
    requested = true;
    unsubscribe();
    // Keys typed before the keymap is bound are held (a page can show its rows first); a small chunk of its own,
    // loaded with the signed-in screens' code rather than with the sign-in page.
    const held = import('./app/earlyKeys').then((k) => k.holdEarlyKeys());
    // The context builder (it reads the store's task and list atoms) comes with the commands, not with the first page;
    // and after the first route has painted: the first rows do not wait for the registry, the keymap and the commands'
    // code (the keys typed meanwhile are held).
    afterFirstRoute(router, () => void import('../commands').then((m) => {
      m.registerAppCommands();
      m.bindKeymap(
        window,
        m.registry,
        () => m.routerCommandContext(router),
        (command) => {
          appStore.set(paletteCommandAtom, command.id);
          appStore.set(paletteOpenAtom, true);
        },
      );
      m.trackFocusOrigin();
      void held.then((replay) => replay());
    }));
  };
  const unsubscribe = appStore.sub(sessionAtom, check);
  check();
}

/** At most this long for the first route's paint (a hidden tab runs no animation frames). */
const FIRST_ROUTE_WAIT_MS = 1500;

/** Runs `run` once, after the router has rendered its first route and the browser has painted it. */
function afterFirstRoute(router: AppRouter, run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(once, FIRST_ROUTE_WAIT_MS);
  // The frame's callback runs before its paint; the task after it, once it has painted.
  const painted = () => void requestAnimationFrame(() => setTimeout(once, 0));
  const idle = (state: AppRouter['state']) => state.initialized && state.navigation.state === 'idle';
  if (idle(router.state)) return painted();
  const unsubscribe = router.subscribe((state) => {
    if (!idle(state)) return;
    unsubscribe();
    painted();
  });
}

async function boot(): Promise<void> {
  console.info(`${PRODUCT_NAME} ${CLIENT_VERSION}`);
  applyColorScheme(storedColorScheme());
  // Discovery and /info (or, for a returning user, the local copy) run while the language and the first route's chunk load.
  const loading = loadApp();
  watchLocalCopy();
  // Started from the local copy before the server answered: once it does, what is shown is loaded again.
  onServerBack(() => void import('./app/routeLoads').then((m) => m.refreshFromServer()));
  await initLanguage();
  installGlobalErrorHandler();
  // The error catalogue is fetched on the first interaction, ahead of any failure it may have to explain.
  const warmErrors = () => void ensureErrorMessages();
  window.addEventListener('pointerdown', warmErrors, { once: true, capture: true });
  window.addEventListener('keydown', warmErrors, { once: true, capture: true });
  watchOnline();
  const router = createAppRouter();
  setNavigator((to, opts) => void router.navigate(to, { replace: opts?.replace }));
  loadCommandsWhenSignedIn(router);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={appStore}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  startPwa();
  await loading;
}

void boot();
