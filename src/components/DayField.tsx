// A date-only field (filter ranges, the Gantt chart's range) over yyyy-mm-dd strings: the date picker's typed day and calendar without a time.
import { DayInput, toDateInput } from './DayInput';
import './datePicker.css';

export interface DayFieldProps {
  /** yyyy-mm-dd, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** The input's own name, when "{label}: date" does not fit. */
  inputLabel?: string;
  /** Whether emptying the field is allowed (it gives ''). */
  clearable?: boolean;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function DayField({ value, onChange, label, inputLabel, clearable = true }: DayFieldProps) {
  const m = DAY.exec(value);
  const day = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  return (
    <span className="date-picker day-field">
      <DayInput day={day} label={label} inputLabel={inputLabel} clearable={clearable} onDay={(d) => onChange(d ? toDateInput(d) : '')} />
    </span>
  );
}
