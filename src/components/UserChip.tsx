// A person as a chip: avatar and name, with a remove button when the chip can be taken away (assignees, a filter's people).
import type { UserRef } from '../api/tasks';
import { UserAvatar, userLabel } from './UserAvatar';
import './userChip.css';

export interface UserChipProps {
  user: UserRef;
  /** The avatar's size in pixels. */
  avatarSize?: number;
  /** Shows the remove button (×); without it the chip is read-only. */
  onRemove?: () => void;
  /** The remove button's accessible name ("Remove Alice"). */
  removeLabel?: string;
}

export function UserChip({ user, avatarSize = 20, onRemove, removeLabel }: UserChipProps) {
  return (
    <span className="user-chip">
      <UserAvatar user={user} size={avatarSize} />
      {userLabel(user)}
      {onRemove && (
        <button type="button" className="user-chip-remove" aria-label={removeLabel} onClick={onRemove}>
          ×
        </button>
      )}
    </span>
  );
}
