// OpenID in the client: the provider redirect, the single-provider redirect and logout target, the callback screen.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { OpenIdProvider, ServerInfo } from '../../src/api/info';
import { appStore } from '../../src/state/store';
import { configAtom } from '../../src/state/config';
import { renderRoute } from './render';
import { resetSessionState, userToken } from './helpers';

vi.mock('../../src/api/user', () => ({
  login: vi.fn(),
  currentUser: vi.fn(),
  renewToken: vi.fn(),
  confirmEmail: vi.fn(),
  saveGeneralSettings: vi.fn(),
  openIdCallback: vi.fn(),
}));

// Keep the real URL and logout helpers; only the browser redirect is replaced (jsdom cannot navigate away).
vi.mock('../../src/state/openId', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/state/openId')>()),
  redirectToProvider: vi.fn(),
}));

const userApi = vi.mocked(await import('../../src/api/user'));
const openId = await import('../../src/state/openId');
const { default: Login } = await import('../../src/views/auth/Login');
const { default: OpenIdAuth } = await import('../../src/views/auth/OpenIdAuth');

const provider: OpenIdProvider = {
  key: 'local',
  name: 'Local OIDC',
  authUrl: 'https://id.example.com/auth?tenant=a',
  clientId: 'keyflow',
  logoutUrl: 'https://id.example.com/logout',
};

function info(localEnabled: boolean, providers: OpenIdProvider[]): ServerInfo {
  return {
    version: 'v',
    auth: { local: { enabled: localEnabled }, openidConnect: { enabled: providers.length > 0, redirectUrl: 'https://app.example.com/auth/openid/', providers } },
  } as ServerInfo;
}

/** The callback route as the app declares it, so the provider comes from the path. */
function renderCallback(url: string) {
  const router = createMemoryRouter(
    [{ path: '/auth/openid/:provider', Component: OpenIdAuth }, { path: '*', element: <p>elsewhere</p> }],
    { initialEntries: [url] },
  );
  const utils = render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, router };
}

beforeEach(() => {
  localStorage.clear();
  resetSessionState();
  vi.mocked(openId.redirectToProvider).mockReset();
  userApi.openIdCallback.mockReset();
  userApi.currentUser.mockReset().mockResolvedValue({ id: 1, username: 'ada', settings: { language: 'en' } } as never);
});

describe('provider redirect URL', () => {
  it('carries client id, redirect URI, code flow, the three scopes and the state, keeping the auth URL query', () => {
    const url = new URL(openId.providerAuthUrl(provider, 'https://app.example.com/auth/openid', 'S'.repeat(24)));
    expect(url.origin + url.pathname).toBe('https://id.example.com/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tenant: 'a',
      client_id: 'keyflow',
      redirect_uri: 'https://app.example.com/auth/openid/local',
      response_type: 'code',
      scope: 'openid email profile',
      state: 'S'.repeat(24),
    });
  });

  it('makes random 24-character states', () => {
    const a = openId.randomState();
    expect(a).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(openId.randomState()).not.toBe(a);
  });
});

describe('single-provider logout target', () => {
  it('is the logout URL only with local login off and exactly one provider', () => {
    expect(openId.singleProviderLogoutUrl(info(false, [provider]))).toBe('https://id.example.com/logout');
    expect(openId.singleProviderLogoutUrl(info(true, [provider]))).toBeNull();
    expect(openId.singleProviderLogoutUrl(info(false, [provider, { ...provider, key: 'b' }]))).toBeNull();
    expect(openId.singleProviderLogoutUrl(info(false, [{ ...provider, logoutUrl: '' }]))).toBeNull();
    expect(openId.singleProviderLogoutUrl(null)).toBeNull();
  });
});

describe('login with a single provider', () => {
  it('goes straight to the provider with redirectToProvider=true when local login is off', async () => {
    appStore.set(configAtom, info(false, [provider]));
    renderRoute(Login, '/login?redirectToProvider=true');
    await waitFor(() => expect(openId.redirectToProvider).toHaveBeenCalledWith(provider, 'https://app.example.com/auth/openid/'));
  });

  it('stays on the login page without the query, or with local login on', async () => {
    appStore.set(configAtom, info(false, [provider]));
    renderRoute(Login, '/login');
    expect(await screen.findByRole('button', { name: 'Log in with Local OIDC' })).toBeInTheDocument();
    appStore.set(configAtom, info(true, [provider]));
    renderRoute(Login, '/login?redirectToProvider=true');
    await new Promise((r) => setTimeout(r, 20));
    expect(openId.redirectToProvider).not.toHaveBeenCalled();
  });
});

describe('callback screen', () => {
  it('refuses a state that does not match the stored one', async () => {
    localStorage.setItem('state', 'A'.repeat(24));
    renderCallback(`/auth/openid/local?code=c&state=${'B'.repeat(24)}`);
    expect(await screen.findByText('State does not match, refusing to continue!')).toBeInTheDocument();
    expect(userApi.openIdCallback).not.toHaveBeenCalled();
  });

  it('exchanges the code, signs in, clears the marker and the used state, and goes on', async () => {
    localStorage.setItem('state', 'A'.repeat(24));
    userApi.openIdCallback.mockResolvedValue({ token: userToken(48) });
    const { router } = renderCallback(`/auth/openid/local?code=c0de&state=${'A'.repeat(24)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(userApi.openIdCallback).toHaveBeenCalledTimes(1);
    expect(userApi.openIdCallback).toHaveBeenCalledWith('local', 'c0de');
    expect(localStorage.getItem('token')).toBeTruthy();
    expect(localStorage.getItem('authenticating')).toBeNull();
    expect(localStorage.getItem('state')).toBeNull();
  });

  it('does not run while another attempt is under way, but a stale marker does not block', async () => {
    localStorage.setItem('state', 'A'.repeat(24));
    localStorage.setItem('authenticating', String(Date.now()));
    userApi.openIdCallback.mockResolvedValue({ token: userToken(48) });
    const first = renderCallback(`/auth/openid/local?code=c&state=${'A'.repeat(24)}`);
    await new Promise((r) => setTimeout(r, 20));
    expect(userApi.openIdCallback).not.toHaveBeenCalled();
    first.unmount();

    localStorage.setItem('authenticating', 'true');
    renderCallback(`/auth/openid/local?code=c&state=${'A'.repeat(24)}`);
    await waitFor(() => expect(userApi.openIdCallback).toHaveBeenCalledTimes(1));
  });

  it('shows a server failure in a danger message', async () => {
    localStorage.setItem('state', 'A'.repeat(24));
    userApi.openIdCallback.mockRejectedValue(new Error('provider down'));
    renderCallback(`/auth/openid/local?code=c&state=${'A'.repeat(24)}`);
    expect(await screen.findByText(/provider down|An error occurred while authenticating/)).toBeInTheDocument();
    expect(localStorage.getItem('authenticating')).toBeNull();
  });
});
