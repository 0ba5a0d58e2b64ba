// The shell end to end under jsdom: readiness screens, the guard with remembered destination and query exceptions, 404.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { appRoutes } from '../../src/app/router';
import { appStore } from '../../src/state/store';
import { readinessAtom } from '../../src/state/readiness';
import { configAtom } from '../../src/state/config';
import { sessionAtom } from '../../src/state/session';
import { resetSessionState } from './helpers';
import { Loading } from '../../src/components/Loading';
import { renderAppRoutes } from './render';

const renderApp = (path: string) => renderAppRoutes(appRoutes(), path);

describe('shell', () => {
  beforeEach(() => {
    localStorage.clear();
    resetSessionState();
    appStore.set(configAtom, { version: 'v0.20.4', registrationEnabled: true, auth: { local: { enabled: true } } });
    appStore.set(readinessAtom, { state: 'ready' });
  });

  it('sends a signed-out visitor to login and remembers where they wanted to go', async () => {
    const router = renderApp('/labels?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(JSON.parse(localStorage.getItem('lastVisited')!)).toEqual({ name: 'labels.index', params: {}, query: { x: '1' } });
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('stores userPasswordReset from home and goes to the reset page', async () => {
    const router = renderApp('/?userPasswordReset=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/password-reset'));
    expect(localStorage.getItem('passwordResetToken')).toBe('abc');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });

  it('stores userEmailConfirm from home and goes to login', async () => {
    const router = renderApp('/?userEmailConfirm=tok');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login screen consumes the token on load.
    await waitFor(() => expect(localStorage.getItem('emailConfirmToken')).toBeNull());
  });

  it('shows the 404 page to a signed-in user on an unknown path', async () => {
    appStore.set(sessionAtom, { kind: 'user', claims: { type: 1, id: 1, username: 'ada', exp: Date.now() / 1000 + 3600 } });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not found | Keyflow'));
  });

  it('shows the error screen with the API address form', async () => {
    appStore.set(readinessAtom, { state: 'error', message: 'noApiUrlProvided', noApiUrl: true });
    renderApp('/login');
    expect(await screen.findByText('An error occurred:')).toBeInTheDocument();
    expect(screen.getByText('No API address was found.')).toBeInTheDocument();
    expect(await screen.findByLabelText('Keyflow API address')).toBeInTheDocument();
  });

  it('shows the loading indicator only after 100 ms', async () => {
    vi.useFakeTimers();
    try {
      render(<Loading label="Keyflow is loading…" />);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(99);
      });
      expect(screen.queryByText('Keyflow is loading…')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByRole('status')).toHaveTextContent('Keyflow is loading…');
    } finally {
      vi.useRealTimers();
    }
  });
});
