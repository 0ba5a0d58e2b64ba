// The login screen: validation, the one-time code on 1017, failures keep what was typed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/api/apiError';
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
}));

const userApi = vi.mocked(await import('../../src/api/user'));
const { default: Login } = await import('../../src/views/auth/Login');

describe('login screen', () => {
  beforeEach(() => {
    localStorage.clear();
    resetSessionState();
    appStore.set(configAtom, { version: 'v', registrationEnabled: true, auth: { local: { enabled: true } } });
    userApi.login.mockReset();
    userApi.currentUser.mockReset().mockResolvedValue({ id: 1, username: 'ada', settings: { language: 'en' } });
    userApi.confirmEmail.mockReset();
  });

  it('sends nothing with empty fields and shows both messages', async () => {
    const user = userEvent.setup();
    renderRoute(Login);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(userApi.login).not.toHaveBeenCalled();
    expect(screen.getByText('Please provide a username.')).toBeInTheDocument();
    expect(screen.getByText('Please provide a password.')).toBeInTheDocument();
  });

  it('shows the username message on focus-out after the 100 ms debounce', async () => {
    vi.useFakeTimers();
    try {
      renderRoute(Login);
      const username = screen.getByLabelText('Username or e-mail address');
      act(() => {
        username.focus();
        username.blur();
      });
      expect(screen.queryByText('Please provide a username.')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(screen.getByText('Please provide a username.')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the password message hidden until focus leaves the empty field', async () => {
    const user = userEvent.setup();
    renderRoute(Login);
    expect(screen.queryByText('Please provide a password.')).toBeNull();
    await user.click(screen.getByLabelText('Password'));
    await user.tab();
    expect(await screen.findByText('Please provide a password.')).toBeInTheDocument();
  });

  it('reveals the one-time code field on 1017 without showing an error, then sends the code', async () => {
    const user = userEvent.setup();
    userApi.login
      .mockRejectedValueOnce(new ApiError({ code: 1017, message: 'Invalid totp passcode.', status: 412, fromServer: true }))
      .mockResolvedValueOnce({ token: userToken(70) });
    const { router } = renderRoute(Login);
    expect(screen.queryByLabelText('Two-factor authentication code')).toBeNull();
    await user.type(screen.getByLabelText('Username or e-mail address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const code = await screen.findByLabelText('Two-factor authentication code');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(userApi.login).toHaveBeenLastCalledWith({ username: 'ada', password: 'pw', longToken: false, totpPasscode: '123456' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the error on a wrong password and keeps the typed username', async () => {
    const user = userEvent.setup();
    userApi.login.mockRejectedValue(new ApiError({ code: 1011, message: 'Wrong username or password.', status: 412, fromServer: true }));
    renderRoute(Login);
    await user.type(screen.getByLabelText('Username or e-mail address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password.');
    expect(screen.getByLabelText('Username or e-mail address')).toHaveValue('ada');
  });

  it('sends remember-me as longToken and toggles password visibility', async () => {
    const user = userEvent.setup();
    userApi.login.mockResolvedValue({ token: userToken(70) });
    renderRoute(Login);
    await user.type(screen.getByLabelText('Username or e-mail address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Show the password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByLabelText('Stay logged in'));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(userApi.login).toHaveBeenCalledWith({ username: 'ada', password: 'pw', longToken: true });
  });

  it('goes to the remembered destination after signing in', async () => {
    const user = userEvent.setup();
    localStorage.setItem('lastVisited', JSON.stringify({ name: 'labels.index', params: {}, query: {} }));
    userApi.login.mockResolvedValue({ token: userToken(70) });
    const { router } = renderRoute(Login);
    await user.type(screen.getByLabelText('Username or e-mail address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/labels'));
  });

  it('offers registration and OpenID providers only when configured', () => {
    appStore.set(configAtom, {
      version: 'v',
      registrationEnabled: false,
      auth: { local: { enabled: true }, openidConnect: { enabled: true, providers: [{ name: 'Acme', key: 'acme', authUrl: 'https://id.test/auth', clientId: 'c' }] } },
    });
    renderRoute(Login);
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in with Acme' })).toBeInTheDocument();
  });

  it('verifies a stored e-mail confirmation token on load', async () => {
    localStorage.setItem('emailConfirmToken', 'tok');
    userApi.confirmEmail.mockResolvedValue({});
    renderRoute(Login);
    expect(await screen.findByText(/successfully confirmed your e-mail/)).toBeInTheDocument();
    expect(userApi.confirmEmail).toHaveBeenCalledWith('tok');
    expect(localStorage.getItem('emailConfirmToken')).toBeNull();
  });
});
