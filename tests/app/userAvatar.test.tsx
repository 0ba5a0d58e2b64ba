// A user's avatar: the image from the API, and the name's first letter when that image cannot load (offline).
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { UserAvatar } from '../../src/components/UserAvatar';

describe('UserAvatar', () => {
  it('shows the image named by the user, and their first letter, still named, when the image fails', () => {
    render(<UserAvatar user={{ id: 3, username: 'anna', name: 'Anna Berg' }} size={32} />);
    const image = screen.getByRole('img', { name: 'Anna Berg' });
    expect(image.tagName).toBe('IMG');
    fireEvent.error(image);
    const letter = screen.getByRole('img', { name: 'Anna Berg' });
    expect(letter.tagName).toBe('SPAN');
    expect(letter).toHaveTextContent('A');
    expect(letter).toHaveStyle({ width: '32px', height: '32px' });
  });
});

describe('the user menu’s avatar', () => {
  it('shows the first letter when the image cannot load (offline), not a broken image', async () => {
    const { renderRoute } = await import('./render');
    const { appStore } = await import('../../src/state/store');
    const { userAtom } = await import('../../src/state/session');
    const { UserMenu } = await import('../../src/app/UserMenu');
    appStore.set(userAtom, { id: 1, username: 'ada', name: 'Ada Lovelace' });
    const { container } = renderRoute(UserMenu, '/');
    const image = container.querySelector('img');
    expect(image).not.toBeNull();
    fireEvent.error(image!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.user-avatar-letter')).toHaveTextContent('A');
  });
});
