// A link share whose hash the server withholds (the viewer is not a list admin) shows why instead of a dead link.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInApp } from './render';

const api = vi.hoisted(() => ({
  getLinkShares: vi.fn(async () => [
    { id: 1, hash: '', name: 'Editors', right: 1, sharingType: 1 },
    { id: 2, hash: 'mine', name: 'Mine', right: 0, sharingType: 1 },
  ]),
  createLinkShare: vi.fn(async () => ({})),
  deleteLinkShare: vi.fn(async () => undefined),
}));
vi.mock('../../../src/api/linkShares', async (orig) => ({
  ...(await orig<typeof import('../../../src/api/linkShares')>()),
  ...api,
}));

describe('LinkShares without a hash', () => {
  it('says only admins see the link and offers no copy for it', async () => {
    const { LinkShares } = await import('../../../src/views/sharing/LinkShares');
    renderInApp(<LinkShares listId={3} canManage />);
    expect(await screen.findByText('Only the list’s admins can see this link.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Link of Editors' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Link of Mine' })).toHaveValue(`${window.location.origin}/share/mine/auth`);
    expect(screen.getAllByRole('button', { name: /^Copy/ })).toHaveLength(1);
  });
});
