// The register screen: button enabled by the rules of §5, debounced focus-out checks, register then login.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/api/apiError';
import { renderRoute } from './render';
import { resetSessionState, userToken } from './helpers';

vi.mock('../../src/api/user', () => ({
  login: vi.fn(),
  register: vi.fn(),
  currentUser: vi.fn(),
  renewToken: vi.fn(),
  saveGeneralSettings: vi.fn(),
}));

const userApi = vi.mocked(await import('../../src/api/user'));
const { default: Register } = await import('../../src/views/auth/Register');

describe('register screen', () => {
  beforeEach(() => {
    localStorage.clear();
    resetSessionState();
    userApi.register.mockReset();
    userApi.login.mockReset();
    userApi.currentUser.mockReset().mockResolvedValue({ id: 1, username: 'ada', settings: { language: 'en' } });
  });

  it('enables the button only with username, a loose e-mail and a password', async () => {
    const user = userEvent.setup();
    renderRoute(Register, '/register');
    const button = screen.getByRole('button', { name: 'Create account' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('E-mail address'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'pw');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail address'), '@x');
    expect(button).toBeEnabled();
  });

  it('checks fields on focus-out after 100 ms', async () => {
    vi.useFakeTimers();
    try {
      renderRoute(Register, '/register');
      const email = screen.getByLabelText('E-mail address');
      fireEvent.change(email, { target: { value: 'nope' } });
      fireEvent.blur(email);
      const username = screen.getByLabelText('Username');
      fireEvent.blur(username);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(99);
      });
      expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
      expect(screen.getByText('Please provide a username.')).toBeInTheDocument();
      // Fixing the value clears the message.
      fireEvent.change(email, { target: { value: 'a@b' } });
      expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('registers, then logs in with the same credentials and goes home', async () => {
    const user = userEvent.setup();
    userApi.register.mockResolvedValue({ id: 1, username: 'ada' });
    userApi.login.mockResolvedValue({ token: userToken(70) });
    const { router } = renderRoute(Register, '/register');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(userApi.register).toHaveBeenCalledWith({ username: 'ada', email: 'ada@example.com', password: 'secret-enough' });
    expect(userApi.login).toHaveBeenCalledWith({ username: 'ada', password: 'secret-enough', longToken: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows the server's message on failure and keeps the fields", async () => {
    const user = userEvent.setup();
    userApi.register.mockRejectedValue(new ApiError({ code: 1001, message: 'A user with this username already exists.', status: 400, fromServer: true }));
    renderRoute(Register, '/register');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this username already exists.');
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
  });

  it('shows each field the server refused (invalid_fields) at that field, with the rule, and keeps what was typed', async () => {
    const user = userEvent.setup();
    userApi.register.mockRejectedValue(
      new ApiError({
        code: 2002,
        message: 'Invalid Data',
        status: 400,
        fromServer: true,
        invalidFields: ['username: must not contain @', 'password: must be between 8 and 250 characters long', 'email: something new'],
      }),
    );
    renderRoute(Register, '/register');
    await user.type(screen.getByLabelText('Username'), 'ada-lovelace');
    await user.type(screen.getByLabelText('E-mail address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the marked fields.');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('The username must not contain @.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password must be between 8 and 250 characters long.');
    // A reason the client has no words for is shown in the server's.
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('something new');
    expect(screen.getByLabelText('Username')).toHaveValue('ada-lovelace');
    expect(screen.getByLabelText('Password')).toHaveValue('secret-enough');
    // Editing a field takes its server message away.
    await user.type(screen.getByLabelText('Username'), 'x');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('checks the length rules itself: a 2-character username and a 7-character password are not sent', async () => {
    const user = userEvent.setup();
    renderRoute(Register, '/register');
    await user.type(screen.getByLabelText('Username'), 'ab');
    await user.type(screen.getByLabelText('E-mail address'), 'ab@example.com');
    await user.type(screen.getByLabelText('Password'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('The username must be between 3 and 250 characters long.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('The password must be between 8 and 250 characters long.');
    expect(userApi.register).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Username')).toHaveValue('ab');
  });
});
