// The labels of a task: chips to remove, and the picker over every label, with "create" as its explicit last option.
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import type { Task } from '../../../api/tasks';
import { addLabelToTask, removeLabelFromTask } from '../../../api/taskLabels';
import { createLabel, type Label } from '../../../api/labels';
import { labelsAtom, upsertLabel } from '../../../state/namespaces';
import { error as toastError } from '../../../app/toast';
import { LabelChip } from '../../../components/LabelChip';
import { PickerField, type PickerFieldHandle } from '../../../components/PickerField';
import type { FieldHandle } from './fieldHandle';

export interface LabelsFieldProps {
  task: Task;
  readOnly: boolean;
  onChange: (next: Task) => void;
}

const labelKey = (l: Label) => l.id;
const labelText = (l: Label) => l.title;
const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);

export const LabelsField = forwardRef<FieldHandle, LabelsFieldProps>(function LabelsField({ task, readOnly, onChange }, ref) {
  const t = useT();
  const labels = useAtomValue(labelsAtom);
  const picker = useRef<PickerFieldHandle>(null);
  useImperativeHandle(ref, () => ({ open: () => picker.current?.open() }), []);

  const add = async (label: Label) => {
    try {
      if (task.labels.some((l) => l.id === label.id)) return;
      await addLabelToTask(task.id, label.id);
      onChange({ ...task, labels: [...task.labels, label].sort(byTitle) });
    } catch (err) {
      void toastError(err);
    }
  };
  const create = async (title: string) => {
    try {
      const label = await createLabel({ title });
      upsertLabel(label);
      await add(label);
    } catch (err) {
      void toastError(err);
    }
  };
  const drop = async (id: number) => {
    try {
      await removeLabelFromTask(task.id, id);
      onChange({ ...task, labels: task.labels.filter((l) => l.id !== id) });
    } catch (err) {
      void toastError(err);
    }
  };

  return (
    <>
      <div className="chip-row">
        {task.labels.map((l) => (
          <LabelChip key={l.id} label={l} onRemove={readOnly ? undefined : () => void drop(l.id)} removeLabel={t('task.detail.removeLabel', { title: l.title })} />
        ))}
      </div>
      {!readOnly && (
        <PickerField<Label>
          ref={picker}
          label={t('task.detail.addLabel')}
          buttonContent={t('task.detail.addLabel')}
          items={labels}
          itemKey={labelKey}
          itemText={labelText}
          renderItem={(l) => <LabelChip label={l} />}
          multiple
          selectedKeys={task.labels.map((l) => l.id)}
          onPick={(l) => void add(l)}
          onRemove={(l) => void drop(l.id)}
          create={{ label: (title) => t('task.detail.createLabel', { title }), run: (title) => void create(title) }}
        />
      )}
    </>
  );
});
