// Moving a task to another list: a picker over the lists the person can write to, showing the current one on its button.
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import type { Task } from '../../../api/tasks';
import type { List } from '../../../api/lists';
import { listsByIdAtom, namespacesAtom } from '../../../state/namespaces';
import { PickerField, type PickerFieldHandle } from '../../../components/PickerField';
import type { FieldHandle } from './fieldHandle';

export interface MoveFieldProps {
  task: Task;
  listTitle: string;
  readOnly: boolean;
  onMove: (listId: number) => void;
}

const listKey = (l: List) => l.id;

export const MoveField = forwardRef<FieldHandle, MoveFieldProps>(function MoveField({ task, listTitle, readOnly, onMove }, ref) {
  const t = useT();
  const lists = useAtomValue(listsByIdAtom);
  const namespaces = useAtomValue(namespacesAtom);
  const picker = useRef<PickerFieldHandle>(null);
  useImperativeHandle(ref, () => ({ open: () => picker.current?.open() }), []);

  // Pseudo lists (favourites, saved filters) have negative ids and hold no tasks of their own.
  const targets = [...lists.values()].filter((l) => l.id > 0 && !l.isArchived);
  const namespaceOf = (l: List) => namespaces.find((n) => n.id === l.namespaceId)?.title ?? '';
  return (
    <PickerField<List>
      ref={picker}
      label={t('task.detail.move')}
      buttonContent={listTitle || t('task.detail.move')}
      buttonLabel={`${t('task.detail.move')}: ${listTitle}`}
      disabled={readOnly}
      items={targets}
      itemKey={listKey}
      // The namespace counts too, so two lists called "Errands" can be told apart by typing.
      itemText={(l) => [l.title, `${namespaceOf(l)} ${l.title}`]}
      renderItem={(l) => (
        <>
          {l.title} <span className="detail-muted">{namespaceOf(l)}</span>
        </>
      )}
      selectedKeys={[task.listId]}
      onPick={(l) => l.id !== task.listId && onMove(l.id)}
    />
  );
});
