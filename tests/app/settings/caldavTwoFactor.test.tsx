// The CalDAV page says that only tokens work while two-factor authentication is on (the server refuses the password).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { signIn, renderPage } from './helpers';

vi.mock('../../../src/api/totp', () => ({ getTotp: vi.fn() }));
vi.mock('../../../src/api/caldav', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/caldav')>()),
  listCaldavTokens: vi.fn(async () => []),
}));
vi.mock('../../../src/api/user', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/user')>()),
  currentUser: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

const totpApi = vi.mocked(await import('../../../src/api/totp'));
const userApi = vi.mocked(await import('../../../src/api/user'));
const { default: Caldav } = await import('../../../src/views/settings/Caldav');
const hint = /calendar apps cannot sign in with your password/;

beforeEach(() => {
  signIn();
  vi.clearAllMocks();
  userApi.currentUser.mockResolvedValue({ id: 1, username: 'ada', totpEnrolled: true });
});

describe('CalDAV settings and two-factor', () => {
  it('says only CalDAV tokens work when two-factor is enabled', async () => {
    totpApi.getTotp.mockResolvedValue({ secret: 'S', enabled: true, url: '' });
    renderPage(Caldav, '/user/settings/caldav');
    expect(await screen.findByText(hint)).toBeInTheDocument();
  });

  it('says nothing of it while two-factor is off or only enrolled', async () => {
    totpApi.getTotp.mockResolvedValue({ secret: 'S', enabled: false, url: '' });
    renderPage(Caldav, '/user/settings/caldav');
    await screen.findByText('You have no CalDAV tokens yet.');
    await waitFor(() => expect(totpApi.getTotp).toHaveBeenCalled());
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('does not ask for the enrolment when the server says there is none (that request answers 412)', async () => {
    userApi.currentUser.mockResolvedValue({ id: 1, username: 'ada', totpEnrolled: false });
    renderPage(Caldav, '/user/settings/caldav');
    await screen.findByText('You have no CalDAV tokens yet.');
    await waitFor(() => expect(userApi.currentUser).toHaveBeenCalled());
    expect(totpApi.getTotp).not.toHaveBeenCalled();
    expect(screen.queryByText(hint)).toBeNull();
  });
});
