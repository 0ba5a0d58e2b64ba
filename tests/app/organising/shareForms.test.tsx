// Share forms: user search and sharing with a right, team sharing, validation, link shares and copy failure.
import '../cmdkDom';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, fireEvent, waitFor, within } from '@testing-library/react';
import { renderInApp } from './render';
import { registry, type CommandContext } from '../../../commands/registry';

const api = vi.hoisted(() => ({
  searchUsers: vi.fn(async (s: string) => (s.startsWith('bo') ? [{ id: 2, username: 'bob', name: 'Bob B' }] : [])),
  getUserShares: vi.fn(async () => [] as unknown[]),
  getTeamShares: vi.fn(async () => [] as unknown[]),
  shareWithUser: vi.fn(async () => undefined),
  shareWithTeam: vi.fn(async () => undefined),
  updateUserShare: vi.fn(async () => undefined),
  removeUserShare: vi.fn(async () => undefined),
  removeTeamShare: vi.fn(async () => undefined),
  updateTeamShare: vi.fn(async () => undefined),
  getAllTeams: vi.fn(async () => [{ id: 5, name: 'Core', description: '', members: [], maxRight: 2 }]),
  getLinkShares: vi.fn(async () => [{ id: 1, hash: 'abc', name: 'Public', right: 0, sharingType: 2 }]),
  createLinkShare: vi.fn(async () => ({})),
  deleteLinkShare: vi.fn(async () => undefined),
}));
vi.mock('../../../src/api/users', () => ({ searchUsers: api.searchUsers }));
vi.mock('../../../src/api/teams', () => ({ getAllTeams: api.getAllTeams }));
vi.mock('../../../src/api/sharing', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/sharing')>()),
  getUserShares: api.getUserShares,
  getTeamShares: api.getTeamShares,
  shareWithUser: api.shareWithUser,
  shareWithTeam: api.shareWithTeam,
  updateUserShare: api.updateUserShare,
  removeUserShare: api.removeUserShare,
  removeTeamShare: api.removeTeamShare,
  updateTeamShare: api.updateTeamShare,
}));
vi.mock('../../../src/api/linkShares', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/linkShares')>()),
  getLinkShares: api.getLinkShares,
  createLinkShare: api.createLinkShare,
  deleteLinkShare: api.deleteLinkShare,
}));
const toast = vi.hoisted(() => ({ success: vi.fn(async () => undefined), error: vi.fn(async () => undefined) }));
vi.mock('../../../src/app/toast', () => toast);

describe('ShareWith', () => {
  beforeEach(() => Object.values(api).forEach((f) => f.mockClear()));

  it('finds a user, shares with the chosen right and reloads', async () => {
    const { ShareWith } = await import('../../../src/views/sharing/ShareWith');
    renderInApp(<ShareWith target={{ kind: 'list', id: 3 }} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Share with a user' });
    fireEvent.click(within(form).getByRole('button', { name: /Search a user/ }));
    const input = screen.getByRole('combobox', { name: /Search a user/ });
    fireEvent.change(input, { target: { value: 'bo' } });
    await screen.findByRole('option', { name: /Bob B/ });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(form).getByRole('button', { name: /Bob B/ })).toHaveFocus();
    fireEvent.change(form.querySelector('select')!, { target: { value: '1' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.shareWithUser).toHaveBeenCalledWith({ kind: 'list', id: 3 }, 'bob', 1));
    expect(api.getUserShares).toHaveBeenCalledTimes(2);
  });

  it('asks to select a user when none was found', async () => {
    const { ShareWith } = await import('../../../src/views/sharing/ShareWith');
    renderInApp(<ShareWith target={{ kind: 'namespace', id: 1 }} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Share with a user' });
    fireEvent.click(within(form).getByRole('button', { name: /Search a user/ }));
    fireEvent.change(screen.getByRole('combobox', { name: /Search a user/ }), { target: { value: 'zz' } });
    expect(await screen.findByText(/^Nobody found. Type the whole username/)).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('combobox', { name: /Search a user/ }), { key: 'Escape' });
    fireEvent.submit(form);
    expect(await screen.findByText('Please select a user.')).toBeInTheDocument();
    expect(api.shareWithUser).not.toHaveBeenCalled();
  });

  it('shares with a team with a right', async () => {
    const { ShareWith } = await import('../../../src/views/sharing/ShareWith');
    renderInApp(<ShareWith target={{ kind: 'namespace', id: 1 }} isAdmin />);
    const form = await screen.findByRole('form', { name: 'Share with a team' });
    const teamButton = await within(form).findByRole('button', { name: 'Choose a team' });
    expect(teamButton).toBeEnabled();
    fireEvent.click(teamButton);
    const input = screen.getByRole('combobox', { name: 'Choose a team' });
    fireEvent.change(input, { target: { value: 'cor' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(form.querySelector('select')!, { target: { value: '2' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.shareWithTeam).toHaveBeenCalledWith({ kind: 'namespace', id: 1 }, 5, 2));
  });

  it('is read-only without admin right', async () => {
    api.getUserShares.mockResolvedValueOnce([{ id: 2, username: 'bob', right: 0 }]);
    const { ShareWith } = await import('../../../src/views/sharing/ShareWith');
    renderInApp(<ShareWith target={{ kind: 'list', id: 3 }} isAdmin={false} />);
    expect(await screen.findByText('bob')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Share with a user' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Right of bob' })).toBeDisabled();
  });
});

describe('share commands', () => {
  const ctx: CommandContext = { navigate: () => undefined, routeName: 'home', signedIn: true, listId: null };
  beforeEach(() => Object.values(api).forEach((f) => f.mockClear()));

  it('are registry commands while the form is open, gone after, and absent without admin right', async () => {
    const { ShareWith } = await import('../../../src/views/sharing/ShareWith');
    const view = renderInApp(<ShareWith target={{ kind: 'list', id: 3 }} isAdmin />);
    await screen.findByRole('form', { name: 'Share with a user' });
    expect(registry.get('sharing.user.add')?.input).toBe('shareCommand.usernameInput');
    expect(registry.get('sharing.remove')).toBeDefined();
    view.unmount();
    expect(registry.get('sharing.user.add')).toBeUndefined();
    expect(registry.get('sharing.remove')).toBeUndefined();

    const readOnly = renderInApp(<ShareWith target={{ kind: 'list', id: 3 }} isAdmin={false} />);
    await screen.findByText('Not shared with any user.');
    expect(registry.get('sharing.user.add')).toBeUndefined();
    readOnly.unmount();
  });

  it('share with a typed username, and remove a user or team share by its name', async () => {
    api.getUserShares.mockResolvedValue([{ id: 2, username: 'bob', name: 'Bob B', right: 0 }]);
    api.getTeamShares.mockResolvedValue([{ id: 5, name: 'Core', right: 1 }]);
    const { ShareWith } = await import('../../../src/views/sharing/ShareWith');
    const view = renderInApp(<ShareWith target={{ kind: 'namespace', id: 4 }} isAdmin />);
    await screen.findByText('Core', { selector: 'td' });
    await registry.run('sharing.user.add', ctx, ' carol ');
    await waitFor(() => expect(api.shareWithUser).toHaveBeenCalledWith({ kind: 'namespace', id: 4 }, 'carol', 0));
    await registry.run('sharing.remove', ctx, 'bob b');
    await waitFor(() => expect(api.removeUserShare).toHaveBeenCalledWith({ kind: 'namespace', id: 4 }, 'bob'));
    await registry.run('sharing.remove', ctx, 'CORE');
    await waitFor(() => expect(api.removeTeamShare).toHaveBeenCalledWith({ kind: 'namespace', id: 4 }, 5));
    toast.error.mockClear();
    await registry.run('sharing.remove', ctx, 'nobody');
    expect((toast.error.mock.calls[0] as unknown[])[0]).toMatchObject({ message: 'Nothing here is shared with “nobody”.' });
    await registry.run('sharing.right.admin', ctx, 'Bob B');
    await waitFor(() => expect(api.updateUserShare).toHaveBeenCalledWith({ kind: 'namespace', id: 4 }, 'bob', 2));
    await registry.run('sharing.right.readWrite', ctx, 'core');
    await waitFor(() => expect(api.updateTeamShare).toHaveBeenCalledWith({ kind: 'namespace', id: 4 }, 5, 1));
    // The row's remove button does the same for its own share.
    api.removeUserShare.mockClear();
    fireEvent.click(screen.getByRole('button', { name: /Remove\s*Bob B/ }));
    await waitFor(() => expect(api.removeUserShare).toHaveBeenCalledWith({ kind: 'namespace', id: 4 }, 'bob'));
    view.unmount();
    api.getUserShares.mockResolvedValue([]);
    api.getTeamShares.mockResolvedValue([]);
  });

  it('create a read-only link share and delete one by name', async () => {
    const { LinkShares } = await import('../../../src/views/sharing/LinkShares');
    const view = renderInApp(<LinkShares listId={3} canManage />);
    await screen.findByRole('textbox', { name: 'Link of Public' });
    await registry.run('sharing.link.create', ctx);
    expect(api.createLinkShare).toHaveBeenCalledWith(3, { name: '', right: 0, password: '' });
    await registry.run('sharing.link.delete', ctx, 'public');
    await waitFor(() => expect(api.deleteLinkShare).toHaveBeenCalledWith(3, 1));
    view.unmount();
    expect(registry.get('sharing.link.create')).toBeUndefined();
  });
});

describe('LinkShares', () => {
  beforeEach(() => toast.error.mockClear());

  it('creates a link share with name, right and password', async () => {
    const { LinkShares } = await import('../../../src/views/sharing/LinkShares');
    renderInApp(<LinkShares listId={3} canManage />);
    const form = await screen.findByRole('form', { name: 'Create a link share' });
    fireEvent.change(screen.getByLabelText('Name (optional)'), { target: { value: 'Friends' } });
    fireEvent.change(screen.getByLabelText('Password (optional)'), { target: { value: 'pw1' } });
    fireEvent.submit(form);
    await waitFor(() => expect(api.createLinkShare).toHaveBeenCalledWith(3, { name: 'Friends', right: 0, password: 'pw1' }));
  });

  it('shows each link whole, in a wrapping field, under a "Name" column (not the form\'s "Name (optional)")', async () => {
    const { LinkShares } = await import('../../../src/views/sharing/LinkShares');
    renderInApp(<LinkShares listId={3} canManage />);
    const link = await screen.findByRole('textbox', { name: 'Link of Public' });
    expect(link.tagName).toBe('TEXTAREA');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Name (optional)' })).toBeNull();
  });

  it('shows the copy-failure message when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    const { LinkShares } = await import('../../../src/views/sharing/LinkShares');
    renderInApp(<LinkShares listId={3} canManage />);
    expect(await screen.findByRole('textbox', { name: 'Link of Public' })).toHaveValue(`${window.location.origin}/share/abc/auth`);
    fireEvent.click(screen.getByRole('button', { name: /^Copy/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect((toast.error.mock.calls[0] as unknown[])[0]).toMatchObject({ message: 'Copying to the clipboard failed.' });
  });
});
