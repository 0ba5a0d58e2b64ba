// A user's avatar image from the API at a given size, with the name as its accessible text; the name's first letter
// when the image cannot load (offline, the server away).
import { useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { avatarAddress } from '../app/addresses';
import type { UserRef } from '../api/tasks';
import { userAtom } from '../state/session';
import { avatarVersionAtom } from '../state/avatar';
import './userAvatar.css';

export function userLabel(user: Pick<UserRef, 'name' | 'username'>): string {
  return user.name && user.name.trim() !== '' ? user.name : user.username;
}

/** `decorative`: the name is written beside it, so the picture is not named again. */
export function UserAvatar({ user, size = 50, decorative = false }: { user: UserRef; size?: number; decorative?: boolean }) {
  const me = useAtomValue(userAtom);
  const version = useAtomValue(avatarVersionAtom);
  const src = avatarAddress(user.username, size, me?.username === user.username ? version : 0);
  const [failed, setFailed] = useState<string | null>(null);
  const label = userLabel(user);
  if (failed === src) {
    return (
      <span
        className="user-avatar user-avatar-letter"
        {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label, title: label })}
        style={{ width: size, height: size, fontSize: size * 0.45 }}
      >
        {label.trim().charAt(0).toLocaleUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="user-avatar"
      src={src}
      width={size}
      height={size}
      alt={decorative ? '' : label}
      title={decorative ? undefined : label}
      loading="lazy"
      onError={() => setFailed(src)}
    />
  );
}
