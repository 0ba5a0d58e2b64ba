// The red deletion notice on the overview, its link to user.settings#deletion, and where that link lands.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../../src/state/store';
import { userAtom } from '../../../src/state/session';
import { setLanguage } from '../../../src/i18n';
import { loadDateLocale } from '../../../src/i18n/dateLocale';
import { signIn, renderPage } from './helpers';

vi.mock('../../../src/api/user', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/user')>()),
  currentUser: vi.fn(() => new Promise(() => undefined)),
}));

const { DeletionNotice } = await import('../../../src/views/settings/DeletionNotice');
const { default: SettingsIndex } = await import('../../../src/views/settings/SettingsIndex');

function Overview() {
  return (
    <div>
      <h1>overview</h1>
      <DeletionNotice />
    </div>
  );
}

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en', false);
  signIn();
});

describe('deletion notice', () => {
  it('is absent while no deletion is scheduled', () => {
    renderPage(Overview, '/');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the date and links to the deletion settings, where the link lands', async () => {
    const user = userEvent.setup();
    signIn({ deletionScheduledAt: new Date(2030, 0, 4, 10, 30) });
    renderPage(Overview, '/', [
      { path: '/user/settings', element: <SettingsIndex /> },
      { path: '/user/settings/deletion', element: <p>deletion page</p> },
      { path: '/user/settings/general', element: <p>general page</p> },
    ]);
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Your account is scheduled for deletion on 4 Jan 2030, 10:30.');
    expect(notice).toHaveClass('home-deletion');
    const link = screen.getByRole('link', { name: 'Cancel the deletion' });
    expect(link).toHaveAttribute('href', '/user/settings#deletion');
    await user.click(link);
    expect(await screen.findByText('deletion page')).toBeInTheDocument();
  });

  it('disappears once the deletion is cancelled', async () => {
    signIn({ deletionScheduledAt: new Date(2030, 0, 4) });
    renderPage(Overview, '/');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    const user = appStore.get(userAtom)!;
    appStore.set(userAtom, { ...user, deletionScheduledAt: null });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('formats the date in the interface language', async () => {
    await loadDateLocale('de-DE');
    await setLanguage('de-DE', false);
    signIn({ deletionScheduledAt: new Date(2030, 2, 4, 10, 30) });
    renderPage(Overview, '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('4. März 2030, 10:30');
    await setLanguage('en', false);
  });

  it('sends /user/settings to the general page', async () => {
    renderPage(SettingsIndex, '/user/settings', [{ path: '/user/settings/general', element: <p>general page</p> }]);
    expect(await screen.findByText('general page')).toBeInTheDocument();
  });
});
