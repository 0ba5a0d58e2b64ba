// Two-factor authentication: enrol, see the QR code and secret, enable with a six-digit passcode, disable with the password.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../src/api/apiError';
import { signIn, renderPage } from './helpers';

vi.mock('../../../src/api/totp', () => ({
  getTotp: vi.fn(),
  enrollTotp: vi.fn(),
  enableTotp: vi.fn(),
  disableTotp: vi.fn(),
  totpQrCodeUrl: vi.fn(),
}));
vi.mock('../../../src/api/user', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/user')>()),
  currentUser: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

const totpApi = vi.mocked(await import('../../../src/api/totp'));
const userApi = vi.mocked(await import('../../../src/api/user'));
const toast = vi.mocked(await import('../../../src/app/toast'));
const { default: Totp } = await import('../../../src/views/settings/Totp');

const pending = { secret: 'JBSWY3DPEHPK3PXP', enabled: false, url: 'otpauth://totp/Keyflow:ada?secret=JBSWY3DPEHPK3PXP&issuer=Keyflow' };

beforeEach(() => {
  signIn();
  vi.clearAllMocks();
  totpApi.totpQrCodeUrl.mockResolvedValue('blob:qr');
  // An upstream server's /user, which does not say whether an enrolment exists.
  userApi.currentUser.mockResolvedValue({ id: 1, username: 'ada' });
});

describe('two-factor settings', () => {
  it('does not ask for an enrolment the server says is not there (that request answers 412, a console error)', async () => {
    userApi.currentUser.mockResolvedValue({ id: 1, username: 'ada', totpEnrolled: false });
    renderPage(Totp, '/user/settings/totp');
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(totpApi.getTotp).not.toHaveBeenCalled();
  });

  it('enrols, shows the QR code and the secret, and enables with a passcode', async () => {
    const user = userEvent.setup();
    totpApi.getTotp.mockResolvedValue(null);
    totpApi.enrollTotp.mockResolvedValue(pending);
    totpApi.enableTotp.mockResolvedValue({});
    renderPage(Totp, '/user/settings/totp');

    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'blob:qr');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    const passcode = screen.getByLabelText('Code from the app');
    await user.type(passcode, '12345');
    await user.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));
    expect(screen.getByText('Please enter the six-digit code from your app.')).toBeInTheDocument();
    expect(totpApi.enableTotp).not.toHaveBeenCalled();

    await user.type(passcode, '6');
    await user.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));
    await waitFor(() => expect(totpApi.enableTotp).toHaveBeenCalledWith('123456'));
    expect(await screen.findByText('Two-factor authentication is enabled for your account.')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('user.settings.totp.enableSuccess');
  });

  it('keeps the form and reports a wrong passcode', async () => {
    const user = userEvent.setup();
    totpApi.getTotp.mockResolvedValue(pending);
    const wrong = new ApiError({ code: 1017, message: 'Invalid totp passcode.', status: 412, fromServer: true });
    totpApi.enableTotp.mockRejectedValue(wrong);
    renderPage(Totp, '/user/settings/totp');
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Enable two-factor authentication' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(wrong));
    expect(screen.getByLabelText('Code from the app')).toHaveValue('000000');
  });

  it('disables with the password', async () => {
    const user = userEvent.setup();
    totpApi.getTotp.mockResolvedValue({ ...pending, enabled: true });
    totpApi.disableTotp.mockResolvedValue({});
    renderPage(Totp, '/user/settings/totp');
    await user.click(await screen.findByRole('button', { name: 'Disable two-factor authentication' }));
    const form = screen.getByRole('form', { name: 'Disable two-factor authentication' });
    await user.click(form.querySelector('button[type="submit"]')!);
    expect(screen.getByText('Please provide a password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter your password to disable two-factor authentication'), 'pw');
    await user.click(form.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(totpApi.disableTotp).toHaveBeenCalledWith('pw'));
    expect(await screen.findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });
});
