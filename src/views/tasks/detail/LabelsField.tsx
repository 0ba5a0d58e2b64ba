// The labels of a task: chips to remove, and the picker over every label, with "create" as its explicit last option.
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import type { Task } from '../../../api/tasks';
import type { Label } from '../../../api/labels';
import { labelsAtom } from '../../../state/namespaces';
import { error as toastError } from '../../../app/toast';
import * as actions from '../../../actions';
import { LabelChip } from '../../../components/LabelChip';
import { PickerField, type PickerFieldHandle } from '../../../components/PickerField';
import type { FieldHandle } from './fieldHandle';

export interface LabelsFieldProps {
  task: Task;
  readOnly: boolean;
}

const labelKey = (l: Label) => l.id;
const labelText = (l: Label) => l.title;

export const LabelsField = forwardRef<FieldHandle, LabelsFieldProps>(function LabelsField({ task, readOnly }, ref) {
  const t = useT();
  const labels = useAtomValue(labelsAtom);
  const picker = useRef<PickerFieldHandle>(null);
  useImperativeHandle(ref, () => ({ open: () => picker.current?.open() }), []);

  const add = (label: Label) => void actions.tasks.addLabel(task, label);
  const create = async (title: string) => {
    try {
      await actions.tasks.addLabel(task, await actions.labels.findOrCreate(title));
    } catch (err) {
      void toastError(err);
    }
  };
  const drop = (id: number) => void actions.tasks.removeLabel(task, id);

  return (
    <>
      <div className="chip-row">
        {task.labels.map((l) => (
          <LabelChip key={l.id} label={l} onRemove={readOnly ? undefined : () => drop(l.id)} removeLabel={t('task.detail.removeLabel', { title: l.title })} />
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
          onPick={add}
          onRemove={(l) => drop(l.id)}
          create={{ label: (title) => t('task.detail.createLabel', { title }), run: (title) => void create(title) }}
        />
      )}
    </>
  );
});
