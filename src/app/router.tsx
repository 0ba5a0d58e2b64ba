// Builds the data router from the route table: one lazily loaded chunk per view, grouped by layout.
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { routeTable, type AppRouteName, type RouteLayout, type RouteName } from '../routes';
import { routeViews } from './routeViews';
import { Root } from './Root';
import { SignedOutLayout } from './SignedOutLayout';
import { AppLayout, loadSignedInLayout } from './AppLayout';
import { LoadingScreen } from './ReadinessScreens';
import { RouteErrorScreen } from './RouteErrorScreen';
import { ensureAppMessages } from '../i18n';
import { preloadRoute, signedInUser } from './routeData';

/** A route's view: the signed-in ones through their own table, which the signed-out first page does not carry. */
function viewOf(name: RouteName, layout: RouteLayout) {
  if (layout === 'app') return import('./appRouteViews').then((m) => m.appRouteViews[name as AppRouteName]());
  return routeViews[name as Exclude<RouteName, AppRouteName>]();
}

/** At most this long a navigation waits for its route's first data before the view renders without it (and loads it). */
const ROUTE_DATA_WAIT_MS = 300;

function childrenOf(layout: RouteLayout): RouteObject[] {
  return routeTable
    .filter((r) => r.layout === layout)
    .map((r) => ({
      id: r.name,
      path: r.path,
      // On each view, so a failing view leaves its layout (top bar, navigation) usable around the recovery screen.
      errorElement: <RouteErrorScreen />,
      // Signed-in views need the app section of the messages (signed-out screens get by with the core), and a user's
      // views the signed-in shell, loaded here so that it renders without suspending (see loadSignedInLayout).
      lazy: async () => {
        const [mod] = await Promise.all([viewOf(r.name, layout), r.public ? null : ensureAppMessages(), layout === 'app' && signedInUser() ? loadSignedInLayout() : null]);
        return { Component: mod.default };
      },
      // Data starts with the navigation, beside the view's code, instead of from the view's effects once it has mounted.
      ...(layout === 'app'
        ? {
            // The navigation waits a little for what the view's first render shows (the list view's first rows, whose GET
            // index.html or a hover started already): the rows come in the same commit as the view and the shell, not in
            // a later one; moving between lists shows the next one with its rows instead of a spinner.
            loader: async ({ params, request }: LoaderFunctionArgs) => {
              await Promise.race([preloadRoute(r.name, params, new URL(request.url).pathname), new Promise((resolve) => setTimeout(resolve, ROUTE_DATA_WAIT_MS))]);
              return null;
            },
            // Only a new path needs new data: a changed query string (filters, a modal's backdrop) does not.
            shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) => currentUrl.pathname !== nextUrl.pathname,
          }
        : {}),
    }));
}

export function appRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      element: <Root />,
      hydrateFallbackElement: <LoadingScreen />,
      // The last resorts, for a failing layout or root, instead of React Router's default error page.
      errorElement: <RouteErrorScreen />,
      children: [
        { id: 'layout.signedOut', element: <SignedOutLayout />, errorElement: <RouteErrorScreen />, children: childrenOf('signedOut') },
        {
          id: 'layout.linkShare',
          lazy: () => import('./LinkShareLayout').then((m) => ({ Component: m.default })),
          errorElement: <RouteErrorScreen />,
          children: childrenOf('linkShare'),
        },
        { id: 'layout.app', element: <AppLayout />, errorElement: <RouteErrorScreen />, children: childrenOf('app') },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
