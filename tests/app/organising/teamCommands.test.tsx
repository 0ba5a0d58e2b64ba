// Team member actions are registry commands while the team page is open; its buttons run them.
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, fireEvent, waitFor } from '@testing-library/react';
import { renderInApp } from './render';
import { registry, type CommandContext } from '../../../commands/registry';
import { registerAppCommands } from '../../../commands';
import { appStore } from '../../../src/state/store';
import { sessionAtom } from '../../../src/state/session';

const team = {
  id: 7,
  name: 'Core',
  description: '',
  maxRight: 2,
  members: [
    { id: 1, username: 'me', name: '', admin: true },
    { id: 2, username: 'bob', name: 'Bob B', admin: false },
  ],
};
const api = vi.hoisted(() => ({
  getTeam: vi.fn(),
  addMember: vi.fn(async () => undefined),
  removeMember: vi.fn(async () => undefined),
  toggleMemberAdmin: vi.fn(async () => undefined),
}));
vi.mock('../../../src/api/teams', async (orig) => ({ ...(await orig<typeof import('../../../src/api/teams')>()), ...api }));
const toast = vi.hoisted(() => ({ success: vi.fn(async () => undefined), error: vi.fn(async () => undefined) }));
vi.mock('../../../src/app/toast', () => toast);

const ctx: CommandContext = { navigate: () => undefined, routeName: 'teams.edit', signedIn: true, listId: null };

describe('team commands', () => {
  beforeEach(() => {
    registerAppCommands();
    Object.values(api).forEach((f) => f.mockClear());
    toast.error.mockClear();
    api.getTeam.mockResolvedValue(team);
    appStore.set(sessionAtom, { kind: 'user', user: { id: 1, username: 'me', name: '', email: '' } } as never);
  });

  it('add, remove and toggle members by typed name, and the buttons go through them', async () => {
    const { default: TeamEdit } = await import('../../../src/views/teams/TeamEdit');
    const view = renderInApp(<TeamEdit />, { path: '/teams/:id/edit', routeId: 'teams.edit' });
    await screen.findByText('Bob B', { selector: 'td' });
    expect(registry.get('team.member.add')?.input).toBe('team.command.usernameInput');

    await registry.run('team.member.add', ctx, ' carol ');
    await waitFor(() => expect(api.addMember).toHaveBeenCalledWith(7, 'carol'));
    await registry.run('team.member.toggleAdmin', ctx, 'bob b');
    await waitFor(() => expect(api.toggleMemberAdmin).toHaveBeenCalledWith(7, 'bob'));
    await registry.run('team.member.remove', ctx, 'nobody');
    expect(api.removeMember).not.toHaveBeenCalled();
    expect((toast.error.mock.calls[0] as unknown[])[0]).toMatchObject({ message: 'Please select a user.' });

    fireEvent.click(screen.getByRole('button', { name: /Remove\s*Bob B/ }));
    await waitFor(() => expect(api.removeMember).toHaveBeenCalledWith(7, 'bob'));

    view.unmount();
    expect(registry.get('team.member.add')).toBeUndefined();
    expect(registry.get('team.member.remove')).toBeUndefined();
  });

  it('leaving or deleting from the palette (no team id) asks the page to confirm; delete only for admins', async () => {
    api.getTeam.mockResolvedValue({ ...team, maxRight: 0, members: team.members.map((m) => ({ ...m, admin: m.id === 2 })) });
    const { default: TeamEdit } = await import('../../../src/views/teams/TeamEdit');
    const view = renderInApp(<TeamEdit />, { path: '/teams/:id/edit', routeId: 'teams.edit' });
    await screen.findByText('Bob B', { selector: 'td' });
    expect(registry.get('team.member.add')).toBeUndefined();
    await registry.run('team.delete', ctx);
    expect(screen.queryByRole('dialog')).toBeNull();
    await registry.run('team.leave', ctx);
    const dialog = await screen.findByRole('dialog', { name: 'Leave team' });
    expect(dialog).toHaveTextContent(/leave/i);
    view.unmount();
  });
});
