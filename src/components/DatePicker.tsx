// A 24-hour date-time picker: a typed day with a calendar beside it (the user's week start and language), plus hour and minute selects (5-minute steps), so no locale shows am/pm.
import { useT } from '../i18n';
import { DayInput } from './DayInput';
import { DEFAULT_TIME } from '../../parsers/defaultTime';
import './datePicker.css';

export { readTypedDay, toDateInput } from './DayInput';

const pad = (n: number) => String(n).padStart(2, '0');
const MINUTE_STEP = 5;

export interface DatePickerProps {
  value: Date | null;
  onChange: (value: Date | null) => void;
  label: string;
  /** Show the clear button. */
  clearable?: boolean;
}

export function DatePicker({ value, onChange, label, clearable = true }: DatePickerProps) {
  const t = useT();
  // A day picked for an empty date gets the same default time as a day named in words.
  const hour = value ? value.getHours() : DEFAULT_TIME.hours;
  const minute = value ? value.getMinutes() : DEFAULT_TIME.minutes;
  // Minutes not on the 5-minute grid (set elsewhere) stay selectable.
  const minutes = Array.from({ length: 60 / MINUTE_STEP }, (_, i) => i * MINUTE_STEP);
  if (!minutes.includes(minute)) minutes.push(minute);
  minutes.sort((a, b) => a - b);

  const setTime = (h: number, min: number) => {
    const base = value ?? new Date();
    onChange(new Date(base.getFullYear(), base.getMonth(), base.getDate(), h, min));
  };

  return (
    <fieldset className="date-picker">
      <legend className="visually-hidden">{label}</legend>
      <DayInput
        day={value}
        label={label}
        clearable={clearable}
        onDay={(day) => onChange(day && new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute))}
      />
      <select aria-label={t('task.datePicker.hour')} value={hour} onChange={(e) => setTime(Number(e.target.value), minute)}>
        {Array.from({ length: 24 }, (_, h) => (
          <option key={h} value={h}>
            {pad(h)}
          </option>
        ))}
      </select>
      <span aria-hidden="true">:</span>
      <select aria-label={t('task.datePicker.minute')} value={minute} onChange={(e) => setTime(hour, Number(e.target.value))}>
        {minutes.map((m) => (
          <option key={m} value={m}>
            {pad(m)}
          </option>
        ))}
      </select>
      {clearable && value && (
        <button type="button" className="btn btn-tertiary" onClick={() => onChange(null)}>
          {t('task.datePicker.clear')}
        </button>
      )}
    </fieldset>
  );
}
