// Renders a screen inside the app's store and a memory router, the way the real shell hosts it.
import { render } from '@testing-library/react';
import { Provider } from 'jotai/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { appStore } from '../../src/state/store';
import { setNavigator } from '../../src/state/navigator';

export function renderRoute(Component: ComponentType, path = '/login', extra: { path: string; element: React.ReactNode }[] = []) {
  const router = createMemoryRouter(
    [{ path: path.split('?')[0], Component }, ...extra, { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [path] },
  );
  const utils = render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, router };
}

/**
 * Mounts the whole app's route table at `path`, with the app's navigator pointed at this router. The routes are
 * passed in so that a test which mocks a view before importing the router hands over its own table.
 */
export function renderAppRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  setNavigator((to, opts) => void router.navigate(to, { replace: opts?.replace }));
  render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}
