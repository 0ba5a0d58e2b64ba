// The dates of a task in the detail: due (also typed in words), start and end.
import type { Ref } from 'react';
import { useT } from '../../../i18n';
import type { Task } from '../../../api/tasks';
import { DatePicker } from '../../../components/DatePicker';
import { DateTextField } from './DateTextField';
import type { FieldHandle } from './fieldHandle';

export interface TaskFieldProps {
  task: Task;
  readOnly: boolean;
  save: (next: Task) => void;
}

export function DatesFields({ task, readOnly, save, dueDateText }: TaskFieldProps & { dueDateText: Ref<FieldHandle> }) {
  const t = useT();
  return (
    <>
      <span className="detail-field-label">{t('task.attributes.dueDate')}</span>
      <DatePicker label={t('task.attributes.dueDate')} value={task.dueDate} onChange={(d) => !readOnly && save({ ...task, dueDate: d })} />
      {!readOnly && <DateTextField ref={dueDateText} label={t('task.detail.dateText')} buttonText={t('task.detail.dateTextButton')} onSave={(d) => save({ ...task, dueDate: d })} />}
      <span className="detail-field-label">{t('task.attributes.startDate')}</span>
      <DatePicker label={t('task.attributes.startDate')} value={task.startDate} onChange={(d) => !readOnly && save({ ...task, startDate: d })} />
      <span className="detail-field-label">{t('task.attributes.endDate')}</span>
      <DatePicker label={t('task.attributes.endDate')} value={task.endDate} onChange={(d) => !readOnly && save({ ...task, endDate: d })} />
    </>
  );
}
