// Choosing one user by their username, or part of a name they let others find (share with a user, add a team member): the shared picker.
import { useCallback } from 'react';
import { searchUsers } from '../actions/users';
import type { User } from '../api/user';
import { displayName } from '../state/session';
import { PickerField } from './PickerField';
import { useT } from '../i18n';

const NO_USERS: User[] = [];
const userKey = (u: User) => u.id;
const userTexts = (u: User) => (u.name ? [u.name, u.username] : [u.username]);

export interface UserPickerFieldProps {
  /** The picker's accessible name, also the button text while nobody is chosen. */
  label: string;
  value: User | null;
  onChange: (user: User) => void;
  /** Users who cannot be chosen here (already members or shared with). */
  exclude?: readonly string[];
}

export function UserPickerField({ label, value, onChange, exclude = [] }: UserPickerFieldProps) {
  const t = useT();
  const excluded = exclude.join('\n');
  // The server finds people by name or e-mail only when they allowed it; usernames always.
  const search = useCallback(
    async (q: string) => {
      const skip = new Set(excluded.split('\n'));
      return (await searchUsers(q)).filter((u) => !skip.has(u.username));
    },
    [excluded],
  );
  return (
    <PickerField<User>
      // Drawn as a search field (it finds people by typing), not as one more button beside Share.
      className={`user-picker-field${value ? '' : ' is-empty'}`}
      label={label}
      buttonContent={value ? `${displayName(value)} (@${value.username})` : label}
      buttonLabel={value ? `${label}: ${displayName(value)}` : undefined}
      items={NO_USERS}
      itemKey={userKey}
      itemText={userTexts}
      renderItem={(u) => (
        <>
          {displayName(u)} <span className="muted">@{u.username}</span>
        </>
      )}
      search={search}
      emptyText={t('sharing.noUserFound')}
      selectedKeys={value ? [value.id] : []}
      onPick={onChange}
    />
  );
}
