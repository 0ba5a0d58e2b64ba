// Spec part 1 l.79: "/login or / with query redirectToProvider=true" goes straight to the single OpenID provider,
// so a signed-out visitor on "/" must reach the login page with that query (and only that one) intact.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { OpenIdProvider, ServerInfo } from '../../src/api/info';
import { appStore } from '../../src/state/store';
import { readinessAtom } from '../../src/state/readiness';
import { configAtom } from '../../src/state/config';
import { resetSessionState } from './helpers';
import { renderAppRoutes } from './render';

vi.mock('../../src/state/openId', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/state/openId')>()),
  redirectToProvider: vi.fn(),
}));
const openId = await import('../../src/state/openId');
const { appRoutes } = await import('../../src/app/router');

const provider: OpenIdProvider = { key: 'local', name: 'Local OIDC', authUrl: 'https://id.example.com/auth', clientId: 'keyflow', logoutUrl: '' };

const renderApp = (path: string) => renderAppRoutes(appRoutes(), path);

describe('redirectToProvider in the shell', () => {
  beforeEach(() => {
    localStorage.clear();
    resetSessionState();
    vi.mocked(openId.redirectToProvider).mockReset();
    appStore.set(configAtom, {
      version: 'v',
      auth: { local: { enabled: false }, openidConnect: { enabled: true, redirectUrl: 'https://app.example.com/auth/openid/', providers: [provider] } },
    } as ServerInfo);
    appStore.set(readinessAtom, { state: 'ready' });
  });

  it('sends a signed-out visitor on /?redirectToProvider=true through login to the provider', async () => {
    const router = renderApp('/?redirectToProvider=true&foo=bar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirectToProvider=true');
    await waitFor(() => expect(openId.redirectToProvider).toHaveBeenCalledWith(provider, 'https://app.example.com/auth/openid/'));
    // The one-shot instruction is not part of where the visitor comes back to after signing in.
    expect(JSON.parse(localStorage.getItem('lastVisited')!)).toEqual({ name: 'home', params: {}, query: { foo: 'bar' } });
  });

  it('does not go to the provider from other routes', async () => {
    const router = renderApp('/labels?redirectToProvider=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    await new Promise((r) => setTimeout(r, 30));
    expect(openId.redirectToProvider).not.toHaveBeenCalled();
  });
});
