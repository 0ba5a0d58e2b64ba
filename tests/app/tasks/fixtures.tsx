// Shared helpers for the task component tests: a full Task, and rendering inside the app store and a router.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider } from 'jotai/react';
import { appStore } from '../../../src/state/store';
import { taskFromApi, type Task } from '../../../src/api/tasks';

export function makeTask(over: Partial<Task> = {}): Task {
  return { ...taskFromApi({ id: 1, title: 'Buy milk', list_id: 1, index: 1, identifier: '-1' }), ...over };
}

export function renderApp(ui: ReactElement) {
  return render(
    <Provider store={appStore}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
}
