// The password reset screen: the new password's rule checked before sending, the server's reason at the field.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../src/api/apiError';
import { renderRoute } from './render';
import { resetSessionState } from './helpers';
import { STORAGE_KEYS, writeStorage } from '../../src/state/storage';

vi.mock('../../src/actions/session', async (orig) => ({
  ...(await orig<typeof import('../../src/actions/session')>()),
  resetPassword: vi.fn(),
}));

const sessionActions = vi.mocked(await import('../../src/actions/session'));
const { default: PasswordReset } = await import('../../src/views/auth/PasswordReset');

describe('password reset screen', () => {
  beforeEach(() => {
    localStorage.clear();
    resetSessionState();
    sessionActions.resetPassword.mockReset();
    writeStorage(STORAGE_KEYS.passwordResetToken, 'reset-token');
  });

  it('refuses a new password shorter than 8 characters at the field, without sending it', async () => {
    const user = userEvent.setup();
    renderRoute(PasswordReset, '/password-reset');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('The password must be between 8 and 250 characters long.');
    expect(sessionActions.resetPassword).not.toHaveBeenCalled();
  });

  it("shows the server's reason for new_password at the field and keeps what was typed", async () => {
    const user = userEvent.setup();
    sessionActions.resetPassword.mockRejectedValue(
      new ApiError({
        code: 2002,
        message: 'Invalid Data',
        status: 400,
        fromServer: true,
        invalidFields: ['new_password: must be between 8 and 250 characters long'],
      }),
    );
    renderRoute(PasswordReset, '/password-reset');
    const field = screen.getByLabelText('New password');
    await user.type(field, 'long-enough');
    await user.type(screen.getByLabelText('Confirm the new password'), 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Set the new password' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('The password must be between 8 and 250 characters long.'));
    expect(field).toHaveValue('long-enough');
  });
});
