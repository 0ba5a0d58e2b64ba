// The reminders of a task in the detail: one date per reminder, add one (an hour from now or at the due date), or type one in words.
import type { Ref } from 'react';
import { useT } from '../../../i18n';
import { requestReminderPermission } from '../../../state/reminders';
import { DatePicker } from '../../../components/DatePicker';
import { DateTextField } from './DateTextField';
import type { FieldHandle } from './fieldHandle';
import type { TaskFieldProps } from './DatesFields';

export function RemindersField({ task, readOnly, save, reminderText }: TaskFieldProps & { reminderText: Ref<FieldHandle> }) {
  const t = useT();
  const add = (d: Date) => {
    void requestReminderPermission();
    save({ ...task, reminderDates: [...task.reminderDates, d] });
  };
  return (
    <>
      {task.reminderDates.map((r, i) => (
        <div key={`${r.getTime()}-${i}`} className="reminder-row">
          <DatePicker
            label={t('task.detail.reminderN', { n: i + 1 })}
            value={r}
            clearable={false}
            onChange={(d) => !readOnly && d && save({ ...task, reminderDates: task.reminderDates.map((x, j) => (j === i ? d : x)) })}
          />
          {!readOnly && (
            <button type="button" className="icon-button" aria-label={t('task.detail.removeReminder', { n: i + 1 })} onClick={() => save({ ...task, reminderDates: task.reminderDates.filter((_, j) => j !== i) })}>
              ×
            </button>
          )}
        </div>
      ))}
      {!readOnly && (
        <>
          <button type="button" className="btn btn-secondary" onClick={() => add(new Date((task.dueDate ?? new Date(Date.now() + 3600_000)).getTime()))}>
            {t('task.detail.addReminder')}
          </button>
          <DateTextField ref={reminderText} label={t('task.detail.reminderText')} buttonText={t('task.detail.reminderText')} onSave={add} />
        </>
      )}
    </>
  );
}
