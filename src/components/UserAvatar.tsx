// A user's avatar image from the API at a given size, with the name as its accessible text.
import { apiBase } from '../api/client';
import type { UserRef } from '../api/tasks';

export function userLabel(user: Pick<UserRef, 'name' | 'username'>): string {
  return user.name && user.name.trim() !== '' ? user.name : user.username;
}

export function UserAvatar({ user, size = 50 }: { user: UserRef; size?: number }) {
  return (
    <img
      className="user-avatar"
      src={`${apiBase()}/avatar/${encodeURIComponent(user.username)}?size=${size}`}
      width={size}
      height={size}
      alt={userLabel(user)}
      title={userLabel(user)}
      loading="lazy"
    />
  );
}
