// The root route: readiness gate, route guard, startup query handling, focus renewal and the toast host.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { onlineAtom, readinessAtom, serverUnreachableAtom } from '../state/readiness';
import { isSignedInAtom, onWindowFocus, saveLastVisited } from '../state/session';
import { readStorage, STORAGE_KEYS } from '../state/storage';
import { routes, pathFor, matchRoute, listlessRouteNames } from '../routes';
import { currentListAtom } from '../state/ui';
import { guardRoute } from './routeGuard';
import { handleStartupQuery } from './startupQuery';
import { ErrorScreen, LoadingScreen, OfflineScreen } from './ReadinessScreens';
import { ToastHost } from './ToastHost';
import { rememberPage } from '../state/backdrop';
import { usePwaUpdate } from './pwa';

// Shown only when a new version waits, so its code loads then.
const UpdateBanner = lazy(() => import('./UpdateBanner').then((m) => ({ default: m.UpdateBanner })));

/** The deepest matched route that is a named route of the table, with its params. */
export function useRouteName(): { name: string; params: Record<string, string> } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const m = matches[i];
    if (m.id in routes) return { name: m.id, params: m.params as Record<string, string> };
  }
  return { name: 'not-found', params: {} };
}

function GuardedOutlet() {
  const location = useLocation();
  const { name, params } = useRouteName();
  const signedIn = useAtomValue(isSignedInAtom);
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const decision = guardRoute({
    routeName: name,
    query,
    ready: true,
    signedIn,
    passwordResetToken: readStorage(STORAGE_KEYS.passwordResetToken),
    emailConfirmToken: readStorage(STORAGE_KEYS.emailConfirmToken),
  });
  if (decision.action === 'redirect') {
    const carried = decision.query ?? {};
    if (decision.remember) {
      const kept = Object.fromEntries(Object.entries(query).filter(([k]) => !(k in carried)));
      // Routes without a view yet fall to the 404 route: name them from the table, else keep the path.
      const known = name === 'not-found' ? matchRoute(location.pathname) : { name, params };
      saveLastVisited(known.name === 'not-found' ? { name: known.name, params: { path: location.pathname }, query: kept } : { ...known, query: kept });
    }
    return <Navigate to={pathFor(decision.to, {}, carried)} replace />;
  }
  return <Outlet />;
}

export function Root() {
  const readiness = useAtomValue(readinessAtom);
  const online = useAtomValue(onlineAtom);
  const unreachable = useAtomValue(serverUnreachableAtom);
  const location = useLocation();
  const handledQuery = useRef(false);

  useEffect(() => {
    if (readiness.state !== 'ready' || handledQuery.current) return;
    handledQuery.current = true;
    void handleStartupQuery(location.search);
  }, [readiness.state, location.search]);

  // The page a modal route will open over (see RouteModal).
  const { name: routeName } = useRouteName();
  useEffect(() => {
    rememberPage(routeName, location.pathname + location.search);
  }, [routeName, location.pathname, location.search]);

  // Decided here by route name rather than in each view, so a view shown as a modal's backdrop cannot clear
  // (or forget to clear) the list for the route actually open.
  const setCurrentList = useSetAtom(currentListAtom);
  useEffect(() => {
    if (listlessRouteNames.has(routeName)) setCurrentList(null);
  }, [routeName, setCurrentList]);

  useEffect(() => {
    const onFocus = () => void onWindowFocus();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);

  const { needRefresh } = usePwaUpdate();

  // Signed in with the app loaded, it keeps working without a network (writes wait in the outbox; the top bar says
  // so), started from the server or from the local copy. The offline screen is for a start with nothing to show.
  const signedIn = useAtomValue(isSignedInAtom);
  const usableOffline = signedIn && readiness.state === 'ready';
  let body;
  if ((!online || unreachable) && !usableOffline) body = <OfflineScreen />;
  else if (readiness.state === 'loading') body = <LoadingScreen />;
  else if (readiness.state === 'error') body = <ErrorScreen message={readiness.message} />;
  else body = <GuardedOutlet />;

  return (
    <>
      {body}
      <ToastHost />
      {needRefresh && (
        <Suspense fallback={null}>
          <UpdateBanner />
        </Suspense>
      )}
    </>
  );
}
