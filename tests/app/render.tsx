// Renders a screen inside the app's store and a memory router, the way the real shell hosts it.
import { render } from '@testing-library/react';
import { Provider } from 'jotai/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ComponentType } from 'react';
import { appStore } from '../../src/state/store';

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
