// A user's avatar image from the API at a given size, with the name as its accessible text.
import { useAtomValue } from 'jotai/react';
import { avatarAddress } from '../app/addresses';
import type { UserRef } from '../api/tasks';
import { userAtom } from '../state/session';
import { avatarVersionAtom } from '../state/avatar';
import './userAvatar.css';

export function userLabel(user: Pick<UserRef, 'name' | 'username'>): string {
  return user.name && user.name.trim() !== '' ? user.name : user.username;
}

export function UserAvatar({ user, size = 50 }: { user: UserRef; size?: number }) {
  const me = useAtomValue(userAtom);
  const version = useAtomValue(avatarVersionAtom);
  return (
    <img
      className="user-avatar"
      src={avatarAddress(user.username, size, me?.username === user.username ? version : 0)}
      width={size}
      height={size}
      alt={userLabel(user)}
      title={userLabel(user)}
      loading="lazy"
    />
  );
}
