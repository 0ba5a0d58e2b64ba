// Renders a component inside a data router (the command context needs route matches) and the app store.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai/react';
import type { ReactElement } from 'react';
import { appStore } from '../../../src/state/store';

export function renderInApp(element: ReactElement, { path = '/', routeId = 'home', extra = [] as { path: string; id: string }[] } = {}) {
  const router = createMemoryRouter(
    [
      { id: routeId, path, element },
      ...extra.map((r) => ({ id: r.id, path: r.path, element: <div data-testid={`route-${r.id}`} /> })),
    ],
    { initialEntries: [path.replace(/:(\w+)/g, '1')] },
  );
  const utils = render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, router };
}
