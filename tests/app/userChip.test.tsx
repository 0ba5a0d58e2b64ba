// The one person chip: avatar and name (the username when there is no name), and a named remove button only when removable.
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { UserChip } from '../../src/components/UserChip';

it('shows the avatar and the name, and removes through its named button', () => {
  const onRemove = vi.fn();
  render(<UserChip user={{ id: 1, username: 'alice', name: 'Alice A' }} avatarSize={24} onRemove={onRemove} removeLabel="Remove Alice A" />);
  const avatar = screen.getByRole('img', { name: 'Alice A' });
  expect(avatar).toHaveAttribute('width', '24');
  expect(avatar.closest('.user-chip')).toHaveTextContent('Alice A');
  fireEvent.click(screen.getByRole('button', { name: 'Remove Alice A' }));
  expect(onRemove).toHaveBeenCalledTimes(1);
});

it('is read-only without onRemove, and names a person without a name by username', () => {
  render(<UserChip user={{ id: 2, username: 'bob', name: '' }} />);
  expect(screen.getByRole('img', { name: 'bob' })).toHaveAttribute('width', '20');
  expect(screen.queryByRole('button')).toBeNull();
});
