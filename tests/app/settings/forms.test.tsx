// Settings forms: password confirmation, the deletion password, the overdue reminder time and the e-mail address.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn, renderPage } from './helpers';
import { ApiError } from '../../../src/api/apiError';
import { appStore } from '../../../src/state/store';
import { userAtom } from '../../../src/state/session';
import { quickAddModeAtom } from '../../../src/state/taskSettings';

vi.mock('../../../src/api/settings', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/settings')>()),
  saveSettings: vi.fn(),
  updatePassword: vi.fn(),
  updateEmail: vi.fn(),
  getTimezones: vi.fn(),
}));
vi.mock('../../../src/api/deletion', () => ({ requestDeletion: vi.fn(), cancelDeletion: vi.fn(), confirmDeletion: vi.fn() }));
vi.mock('../../../src/api/user', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/user')>()),
  currentUser: vi.fn(),
}));
vi.mock('../../../src/state/namespaces', async (orig) => ({
  ...(await orig<typeof import('../../../src/state/namespaces')>()),
  loadNamespaces: vi.fn(() => Promise.resolve([])),
}));
vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

const settingsApi = vi.mocked(await import('../../../src/api/settings'));
const deletionApi = vi.mocked(await import('../../../src/api/deletion'));
const userApi = vi.mocked(await import('../../../src/api/user'));
const toast = vi.mocked(await import('../../../src/app/toast'));
const { default: PasswordUpdate } = await import('../../../src/views/settings/PasswordUpdate');
const { default: EmailUpdate } = await import('../../../src/views/settings/EmailUpdate');
const { default: Deletion } = await import('../../../src/views/settings/Deletion');
const { default: General } = await import('../../../src/views/settings/General');

beforeEach(() => {
  localStorage.clear();
  signIn();
  vi.clearAllMocks();
  userApi.currentUser.mockResolvedValue(appStore.get(userAtom)!);
  settingsApi.getTimezones.mockResolvedValue(['Europe/Berlin', 'UTC']);
  settingsApi.saveSettings.mockResolvedValue({ message: 'ok' });
});

describe('password update', () => {
  it('refuses a confirmation that does not match and sends nothing', async () => {
    const user = userEvent.setup();
    renderPage(PasswordUpdate, '/user/settings/password-update');
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm the new password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText("The new password and its confirmation don't match.")).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm the new password')).toHaveAttribute('aria-invalid', 'true');
    expect(settingsApi.updatePassword).not.toHaveBeenCalled();
  });

  it('asks for the current password and sends a matching pair', async () => {
    const user = userEvent.setup();
    settingsApi.updatePassword.mockResolvedValue({ message: 'ok' });
    renderPage(PasswordUpdate, '/user/settings/password-update');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm the new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please provide a password.')).toBeInTheDocument();
    expect(settingsApi.updatePassword).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settingsApi.updatePassword).toHaveBeenCalledWith('old-secret', 'new-secret'));
    expect(toast.success).toHaveBeenCalledWith('user.settings.password.success');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('password update: which field is wrong and why', () => {
  it('says "Wrong password" at the current password when the server refuses it (1011), and keeps what was typed', async () => {
    const user = userEvent.setup();
    settingsApi.updatePassword.mockRejectedValue(new ApiError({ code: 1011, message: 'Wrong password.', status: 412, fromServer: true }));
    renderPage(PasswordUpdate, '/user/settings/password-update');
    await user.type(screen.getByLabelText('Current password'), 'not-my-password');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm the new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('Wrong password.');
    expect(screen.queryByText(/username/i)).toBeNull();
    expect(toast.error).not.toHaveBeenCalled();
    expect(current).toHaveValue('not-my-password');
    expect(screen.getByLabelText('New password')).toHaveValue('new-secret');
  });

  it('refuses a new password shorter than 8 characters at its field before sending', async () => {
    const user = userEvent.setup();
    renderPage(PasswordUpdate, '/user/settings/password-update');
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('The password must be between 8 and 250 characters long.');
    expect(settingsApi.updatePassword).not.toHaveBeenCalled();
  });
});

describe('e-mail update', () => {
  it('rejects an address without an at sign', async () => {
    const user = userEvent.setup();
    renderPage(EmailUpdate, '/user/settings/email-update');
    await user.type(screen.getByLabelText('New e-mail address'), 'ada.example.com');
    await user.type(screen.getByLabelText('Current password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(settingsApi.updateEmail).not.toHaveBeenCalled();
  });

  it('sends the new address with the password and says a confirmation was mailed', async () => {
    const user = userEvent.setup();
    settingsApi.updateEmail.mockResolvedValue({ message: 'We sent you an email with a link to confirm your new email address.' });
    renderPage(EmailUpdate, '/user/settings/email-update');
    await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
    await user.type(screen.getByLabelText('Current password'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settingsApi.updateEmail).toHaveBeenCalledWith('new@example.com', 'pw'));
    expect(await screen.findByText('We sent a link to the new address. Open it to confirm the change.')).toBeInTheDocument();
  });
});

describe('account deletion', () => {
  it('says "please enter your password" and requests nothing without one', async () => {
    const user = userEvent.setup();
    renderPage(Deletion, '/user/settings/deletion');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(deletionApi.requestDeletion).not.toHaveBeenCalled();
  });

  it('requests the deletion with the password and points to the mail', async () => {
    const user = userEvent.setup();
    deletionApi.requestDeletion.mockResolvedValue({});
    renderPage(Deletion, '/user/settings/deletion');
    await user.type(screen.getByLabelText('Enter your password to continue'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(deletionApi.requestDeletion).toHaveBeenCalledWith('pw'));
    expect(await screen.findByText('Check your inbox: we sent you a link to confirm the deletion.')).toBeInTheDocument();
  });

  it('offers to cancel a scheduled deletion with the password, and clears the schedule', async () => {
    const user = userEvent.setup();
    signIn({ deletionScheduledAt: new Date('2030-01-04T10:00:00Z') });
    userApi.currentUser.mockResolvedValue({ ...appStore.get(userAtom)!, deletionScheduledAt: null });
    deletionApi.cancelDeletion.mockResolvedValue(undefined);
    renderPage(Deletion, '/user/settings/deletion');
    expect(screen.getByText(/scheduled for deletion on 4 Jan 2030/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel the deletion' }));
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter your password to cancel the deletion'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Cancel the deletion' }));
    await waitFor(() => expect(deletionApi.cancelDeletion).toHaveBeenCalledWith('pw'));
    await waitFor(() => expect(appStore.get(userAtom)?.deletionScheduledAt).toBeNull());
  });
});

describe('general settings', () => {
  it('needs a valid overdue reminder time before saving', async () => {
    const user = userEvent.setup();
    renderPage(General, '/user/settings/general');
    const time = await screen.findByLabelText('Time of the overdue tasks summary');
    expect(time).toHaveValue('09:00');
    await user.clear(time);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a time like 9:00 or 18:30.')).toBeInTheDocument();
    expect(settingsApi.saveSettings).not.toHaveBeenCalled();
  });

  it('sends every setting with the quick-add mode and pop sound in frontend_settings, and mirrors them locally', async () => {
    const user = userEvent.setup();
    renderPage(General, '/user/settings/general');
    await user.clear(await screen.findByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Ada L.');
    await user.selectOptions(screen.getByLabelText('Quick-add magic'), 'todoist');
    await user.click(screen.getByLabelText('Play a sound when I mark a task as done'));
    await user.click(screen.getByLabelText('Let other people find me by my name when they share with me'));
    await user.selectOptions(screen.getByLabelText('Colour scheme'), 'dark');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settingsApi.saveSettings).toHaveBeenCalledTimes(1));
    expect(settingsApi.saveSettings.mock.calls[0][0]).toEqual({
      name: 'Ada L.',
      emailRemindersEnabled: true,
      discoverableByName: true,
      discoverableByEmail: false,
      overdueTasksRemindersEnabled: true,
      overdueTasksRemindersTime: '09:00',
      defaultListId: 0,
      weekStart: 1,
      timezone: 'Europe/Berlin',
      language: 'en',
      frontendSettings: { quickAddMagicMode: 'todoist', playSoundWhenDone: true },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('user.settings.general.savedSuccess'));
    expect(localStorage.getItem('quickAddMagicMode')).toBe('todoist');
    expect(localStorage.getItem('playSoundWhenDone')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(appStore.get(userAtom)?.name).toBe('Ada L.');
    expect(appStore.get(quickAddModeAtom)).toBe('todoist');
  });

  it('shows "Error while saving user settings" when the server refuses', async () => {
    const user = userEvent.setup();
    settingsApi.saveSettings.mockRejectedValue(new Error('boom'));
    renderPage(General, '/user/settings/general');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(String((toast.error.mock.calls[0][0] as Error).message)).toBe('Error while saving user settings: boom');
  });

  it('lists the 13 supported languages', async () => {
    renderPage(General, '/user/settings/general');
    const select = await screen.findByLabelText('Language');
    expect(select.querySelectorAll('option')).toHaveLength(13);
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveAttribute('value', 'de-DE');
  });
});
