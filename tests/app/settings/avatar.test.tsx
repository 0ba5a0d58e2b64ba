// Saving a new avatar refreshes every image of it: the settings preview, the top-bar menu and avatars elsewhere.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signIn, renderPage } from './helpers';
import { UserMenu } from '../../../src/app/UserMenu';
import { UserAvatar } from '../../../src/components/UserAvatar';
import Avatar from '../../../src/views/settings/Avatar';

vi.mock('../../../src/api/settings', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/settings')>()),
  getAvatarProvider: vi.fn(async () => 'initials'),
  setAvatarProvider: vi.fn(async () => undefined),
}));
vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));
const settingsApi = vi.mocked(await import('../../../src/api/settings'));

function Page() {
  return (
    <>
      <UserMenu />
      <UserAvatar user={{ id: 1, username: 'ada', name: 'Ada' }} size={27} />
      <UserAvatar user={{ id: 2, username: 'bob', name: 'Bob' }} size={27} />
      <Avatar />
    </>
  );
}

describe('avatar settings', () => {
  it('gives every image of the own avatar a new address after a save, and leaves others alone', async () => {
    signIn();
    const { container } = renderPage(Page, '/user/settings/avatar');
    await screen.findByRole('radio', { name: 'Initials' });
    const srcs = () => [...container.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
    const before = srcs();
    expect(before.filter((s) => s.includes('/avatar/ada')).every((s) => !s.includes('v='))).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Marble' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(settingsApi.setAvatarProvider).toHaveBeenCalledWith('marble'));
    await waitFor(() => expect(srcs().filter((s) => s.includes('/avatar/ada')).every((s) => s.includes('v=1'))).toBe(true));
    const after = srcs();
    // The top-bar menu, the 27 px avatar and the preview all changed; Bob's did not.
    expect(after.filter((s) => s.includes('/avatar/ada')).length).toBeGreaterThanOrEqual(3);
    expect(after.find((s) => s.includes('/avatar/bob'))).toBe(before.find((s) => s.includes('/avatar/bob')));
  });
});
