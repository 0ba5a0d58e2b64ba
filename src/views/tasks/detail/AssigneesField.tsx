// The assignees of a task: chips to remove, and the picker over the list's users (typed names also searched on the server).
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useT } from '../../../i18n';
import type { Task, UserRef } from '../../../api/tasks';
import * as actions from '../../../actions';
import { UserAvatar, userLabel } from '../../../components/UserAvatar';
import { UserChip } from '../../../components/UserChip';
import { PickerField, type PickerFieldHandle } from '../../../components/PickerField';
import type { FieldHandle } from './fieldHandle';

export interface AssigneesFieldProps {
  task: Task;
  readOnly: boolean;
}

const userKey = (u: UserRef) => u.id;
const userTexts = (u: UserRef) => (u.name ? [u.name, u.username] : [u.username]);

export const AssigneesField = forwardRef<FieldHandle, AssigneesFieldProps>(function AssigneesField({ task, readOnly }, ref) {
  const t = useT();
  const picker = useRef<PickerFieldHandle>(null);
  const [candidates, setCandidates] = useState<UserRef[]>([]);
  useImperativeHandle(ref, () => ({ open: () => picker.current?.open() }), []);

  // Everyone who can see the list can be assigned; loaded with the task so a few letters and Enter need no round trip.
  useEffect(() => {
    if (readOnly) return;
    let live = true;
    actions.users.listUsers(task.listId).then((users) => live && setCandidates(users), () => undefined);
    return () => {
      live = false;
    };
  }, [task.listId, readOnly]);

  const search = useCallback((q: string) => actions.users.searchAssignees(q), []);

  const assign = (user: UserRef) => void actions.tasks.assign(task, user);
  const unassign = (user: UserRef) => void actions.tasks.unassign(task, user.id);

  const items = [...task.assignees, ...candidates.filter((c) => !task.assignees.some((a) => a.id === c.id))];
  return (
    <>
      <div className="chip-row">
        {task.assignees.map((a) => (
          <UserChip key={a.id} user={a} avatarSize={24} onRemove={readOnly ? undefined : () => unassign(a)} removeLabel={t('task.detail.unassign', { name: userLabel(a) })} />
        ))}
      </div>
      {!readOnly && (
        <PickerField<UserRef>
          ref={picker}
          label={t('task.detail.assign')}
          buttonContent={t('task.detail.assign')}
          items={items}
          itemKey={userKey}
          itemText={userTexts}
          renderItem={(u) => (
            <>
              <UserAvatar user={u} size={20} /> {userLabel(u)} <span className="detail-muted">({u.username})</span>
            </>
          )}
          search={search}
          multiple
          selectedKeys={task.assignees.map(userKey)}
          onPick={assign}
          onRemove={unassign}
        />
      )}
    </>
  );
});
