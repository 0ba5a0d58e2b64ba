// Boot: version log, colour scheme, language (before mount), API discovery, router, command bindings, render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai/react';
import { CLIENT_VERSION, PRODUCT_NAME } from './constants';
import { applyColorScheme, storedColorScheme } from './state/theme';
import { ensureErrorMessages, initLanguage } from './i18n';
import { appStore } from './state/store';
import { loadApp, watchOnline } from './state/readiness';
import { sessionAtom } from './state/session';
import { setNavigator } from './state/navigator';
import { createAppRouter, type AppRouter } from './app/router';
import { installGlobalErrorHandler } from './app/globalErrors';
import { startPwa } from './app/pwa';
import './styles/base.css';

/** The keyboard of a session (the commands, the keymap, the keys typed before it is bound), once one starts. */
function loadCommandsWhenSignedIn(router: AppRouter): void {
  let requested = false;
  const check = () => {
    if (requested || appStore.get(sessionAtom).kind === 'none') return;
    requested = true;
    unsubscribe();
    void import('./app/sessionKeys').then((m) => m.startSessionKeys(router));
  };
  const unsubscribe = appStore.sub(sessionAtom, check);
  check();
}

async function boot(): Promise<void> {
  console.info(`${PRODUCT_NAME} ${CLIENT_VERSION}`);
  applyColorScheme(storedColorScheme());
  // Discovery and /info (or, for a returning user, the local copy) run while the language and the first route's chunk load.
  const loading = loadApp();
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
