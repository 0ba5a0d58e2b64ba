// Choosing several people by typing part of their name (the assignee filter): chips for the chosen ones and the shared picker.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { listUsers, searchAssignees } from '../actions/users';
import type { UserRef } from '../api/tasks';
import { useT } from '../i18n';
import { userLabel } from './UserAvatar';
import { UserChip } from './UserChip';
import { PickerField } from './PickerField';
import './usernamesPickerField.css';

export interface UsernamesPickerFieldProps {
  /** The picker's accessible name and button text ("Assignees"). */
  label: string;
  /** The chosen usernames (what the task filters send). */
  usernames: readonly string[];
  onChange: (usernames: string[]) => void;
  /** Offers the people who can see this list before anything is typed (others are found on the server). */
  listId?: number;
}

const byUsername = (u: UserRef) => u.username;
const userTexts = (u: UserRef) => (u.name ? [u.name, u.username] : [u.username]);

export function UsernamesPickerField({ label, usernames, onChange, listId }: UsernamesPickerFieldProps) {
  const t = useT();
  const [candidates, setCandidates] = useState<UserRef[]>([]);
  // Names learned from picks and searches, so a chip says "Alice" rather than the username it stores.
  const [known, setKnown] = useState<ReadonlyMap<string, UserRef>>(new Map());

  useEffect(() => {
    if (!listId || listId <= 0) return;
    let live = true;
    listUsers(listId).then((users) => live && setCandidates(users), () => undefined);
    return () => {
      live = false;
    };
  }, [listId]);

  const search = useCallback((q: string) => searchAssignees(q.replace(/^@/, '')), []);

  const chosen = useMemo(
    () => usernames.map((name) => known.get(name) ?? candidates.find((c) => c.username === name) ?? { id: 0, username: name }),
    [usernames, known, candidates],
  );
  // A chosen username the candidates do not include (typed earlier, or from another list) stays pickable to remove it.
  const items = useMemo(() => [...chosen.filter((c) => !candidates.some((u) => u.username === c.username)), ...candidates], [chosen, candidates]);

  const add = (user: UserRef) => {
    setKnown((m) => new Map(m).set(user.username, user));
    if (!usernames.includes(user.username)) onChange([...usernames, user.username]);
  };
  const remove = (username: string) => onChange(usernames.filter((u) => u !== username));

  return (
    <div className="usernames-picker-field">
      {chosen.length > 0 && (
        <div className="user-chip-row">
          {chosen.map((u) => (
            <UserChip key={u.username} user={u} onRemove={() => remove(u.username)} removeLabel={t('task.filters.removeAssignee', { name: userLabel(u) })} />
          ))}
        </div>
      )}
      <PickerField<UserRef>
        label={label}
        buttonContent={label}
        items={items}
        itemKey={byUsername}
        itemText={userTexts}
        renderItem={(u) => (
          <>
            {userLabel(u)} <span className="muted">@{u.username}</span>
          </>
        )}
        search={search}
        multiple
        selectedKeys={usernames}
        onPick={add}
        onRemove={(u) => remove(u.username)}
      />
    </div>
  );
}
