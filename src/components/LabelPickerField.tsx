// Choosing several labels by typing part of their names (filters): chips for the chosen ones and the shared picker.
import { useAtomValue } from 'jotai/react';
import { labelsAtom } from '../state/namespaces';
import type { Label } from '../api/labels';
import { useT } from '../i18n';
import { LabelChip } from './LabelChip';
import { PickerField } from './PickerField';

export interface LabelPickerFieldProps {
  /** The picker's accessible name and button text ("Labels"). */
  label: string;
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
}

const labelKey = (l: Label) => l.id;
const labelText = (l: Label) => l.title;

export function LabelPickerField({ label, selectedIds, onChange }: LabelPickerFieldProps) {
  const t = useT();
  const labels = useAtomValue(labelsAtom);
  const chosen = selectedIds.map((id) => labels.find((l) => l.id === id)).filter((l): l is Label => !!l);
  return (
    <div className="label-picker-field">
      {chosen.length > 0 && (
        <div className="chip-row">
          {chosen.map((l) => (
            <LabelChip key={l.id} label={l} onRemove={() => onChange(selectedIds.filter((x) => x !== l.id))} removeLabel={t('task.detail.removeLabel', { title: l.title })} />
          ))}
        </div>
      )}
      <PickerField<Label>
        label={label}
        buttonContent={label}
        items={labels}
        itemKey={labelKey}
        itemText={labelText}
        renderItem={(l) => <LabelChip label={l} />}
        multiple
        selectedKeys={selectedIds}
        onPick={(l) => onChange([...selectedIds, l.id])}
        onRemove={(l) => onChange(selectedIds.filter((x) => x !== l.id))}
      />
    </div>
  );
}
