// Spec part 1 §8: any uncaught UI error goes to the global error notification. A view that throws while rendering
// shows a recovery screen inside the layout (top bar and navigation stay), not React Router's default page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { appStore } from '../../src/state/store';
import { readinessAtom } from '../../src/state/readiness';
import { configAtom } from '../../src/state/config';
import { sessionAtom, userAtom } from '../../src/state/session';
import { resetSessionState } from './helpers';
import { renderAppRoutes } from './render';

vi.mock('../../src/app/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/app/toast')>()),
  error: vi.fn(() => Promise.resolve()),
}));
// The about page stands in for any view: here it throws while rendering.
vi.mock('../../src/views/about/About', () => ({
  default: function About(): never {
    throw new Error('The about page broke');
  },
}));
const toast = vi.mocked(await import('../../src/app/toast'));
const { appRoutes } = await import('../../src/app/router');

const renderApp = (path: string, routes: RouteObject[] = appRoutes()) => renderAppRoutes(routes, path);
/** The router and React on a loaded machine (the whole suite at once, on two cores) can take more than waitFor's second. */
const WAIT = { timeout: 5_000 };

describe('uncaught render errors', () => {
  beforeEach(() => {
    localStorage.clear();
    resetSessionState();
    toast.error.mockClear();
    // React and the router log caught errors; the assertions below are about what the user sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    appStore.set(configAtom, { version: 'v0.20.4', auth: { local: { enabled: true } } });
    appStore.set(readinessAtom, { state: 'ready' });
    appStore.set(sessionAtom, { kind: 'user', claims: { type: 1, id: 1, username: 'ada', exp: Date.now() / 1000 + 3600 } });
    appStore.set(userAtom, { id: 1, username: 'ada', settings: { language: 'en' } });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('show a recovery screen inside the layout and send the error to the error toast once', async () => {
    renderApp('/about');
    const heading = await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
    expect(screen.getByText('An unexpected error occurred: The about page broke')).toBeInTheDocument();
    // Inside the signed-in layout: the main landmark of the shell holds the screen.
    expect(screen.getByRole('main')).toContainElement(heading);
    // The screen takes the focus in an effect after it shows: on a loaded machine that comes a little later.
    await waitFor(() => expect(heading).toHaveFocus(), WAIT);
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1), WAIT);
    expect((toast.error.mock.calls[0][0] as Error).message).toBe('The about page broke');
    await waitFor(() => expect(document.title).toBe('Something went wrong | Keyflow'), WAIT);
  });

  it('offer a keyboard-reachable retry (a reload: history.go(0)) and a way home', async () => {
    const router = renderApp('/');
    await router.navigate('/about');
    await screen.findByRole('heading', { name: 'Something went wrong' });
    expect(router.state.historyAction).toBe('PUSH');
    const user = userEvent.setup();
    const retry = screen.getByRole('button', { name: 'Try again' });
    retry.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.historyAction).toBe('POP'), WAIT);
    expect(router.state.location.pathname).toBe('/about');
    const home = screen.getByRole('link', { name: 'Back to the overview' });
    home.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), WAIT);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull(), WAIT);
  });

  it('catch a failing layout too, without the router’s default page', async () => {
    const Broken = (): never => {
      throw new Error('layout broke');
    };
    const routes = appRoutes();
    const app = routes[0].children!.find((r) => r.id === 'layout.app')!;
    app.element = <Broken />;
    renderApp('/about', routes);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred: layout broke')).toBeInTheDocument();
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1), WAIT);
  });
});
