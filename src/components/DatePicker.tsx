// A 24-hour date-time picker: a typed day with a calendar beside it (week start and names of the user's), plus hour and minute selects (5-minute steps), so no locale shows am/pm.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { currentLanguage, useT } from '../i18n';
import { parseDate } from '../../parsers/parseDate';
import './datePicker.css';

const pad = (n: number) => String(n).padStart(2, '0');
export const DEFAULT_HOUR = 12;
export const MINUTE_STEP = 5;

export function toDateInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// react-day-picker is only needed once someone opens a calendar: the first page and the task list never load it.
const loadCalendar = () => import('./Calendar');
const Calendar = lazy(loadCalendar);

/**
 * The day of a date typed into the field, in the user's language as quick-add reads it ("2026-12-15",
 * "15.12.2026", "morgen", "15 décembre"); null when the text is not wholly a date. Only the day is taken:
 * the hour and minute selects keep the time.
 */
export function readTypedDay(text: string, now: Date, language: string): Date | null {
  const input = text.trim();
  if (input === '') return null;
  const { date, newText } = parseDate(input, now, language);
  if (!date || newText !== '') return null;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export interface DatePickerProps {
  value: Date | null;
  onChange: (value: Date | null) => void;
  label: string;
  /** Show the clear button. */
  clearable?: boolean;
}

export function DatePicker({ value, onChange, label, clearable = true }: DatePickerProps) {
  const t = useT();
  const id = useId();
  const hour = value ? value.getHours() : DEFAULT_HOUR;
  const minute = value ? value.getMinutes() : 0;
  // Minutes not on the 5-minute grid (set elsewhere) stay selectable.
  const minutes = Array.from({ length: 60 / MINUTE_STEP }, (_, i) => i * MINUTE_STEP);
  if (!minutes.includes(minute)) minutes.push(minute);
  minutes.sort((a, b) => a - b);

  const shown = value ? toDateInput(value) : '';
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);

  // A value changed from outside (a preset, a save) shows in the field, unless the field holds a mistake being fixed.
  useEffect(() => {
    if (error === null) setText(shown);
    // Only a new value resets the text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const setDay = (day: Date) => {
    setError(null);
    setText(toDateInput(day));
    onChange(new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute));
  };
  const setTime = (h: number, min: number) => {
    const base = value ?? new Date();
    onChange(new Date(base.getFullYear(), base.getMonth(), base.getDate(), h, min));
  };
  /** Reads what was typed; a mistake stays in the field with a message rather than being thrown away. */
  const commit = (): void => {
    if (text.trim() === shown) {
      if (text !== shown) setText(shown);
      return setError(null);
    }
    if (text.trim() === '') {
      if (clearable) {
        setError(null);
        return onChange(null);
      }
      return setError(t('task.datePicker.required'));
    }
    const day = readTypedDay(text, new Date(), currentLanguage());
    if (day) setDay(day);
    else setError(t('task.datePicker.invalid', { text: text.trim() }));
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) requestAnimationFrame(() => opener.current?.focus());
  };

  // A click or focus outside the calendar closes it, leaving focus where it went.
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node;
      if (!popover.current?.contains(target) && !opener.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  const dayLabel = t('task.datePicker.date', { field: label });
  return (
    <fieldset className="date-picker">
      <legend className="visually-hidden">{label}</legend>
      <input
        id={`${id}-d`}
        className="date-picker-day"
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        aria-label={dayLabel}
        placeholder={t('task.datePicker.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'ArrowDown' && e.altKey) {
            // Alt+Down opens the calendar, as it opens a native date field's.
            e.preventDefault();
            setOpen(true);
          } else if (e.key === 'Escape' && text !== shown) {
            // Escape first undoes the typing; a second Escape goes on to close what holds the picker.
            e.preventDefault();
            e.stopPropagation();
            setText(shown);
            setError(null);
          }
        }}
      />
      <button
        ref={opener}
        type="button"
        className="btn btn-secondary date-picker-open"
        aria-label={t('task.datePicker.openCalendar', { field: label })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-cal` : undefined}
        onPointerEnter={() => void loadCalendar()}
        onFocus={() => void loadCalendar()}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M6 1.5a1 1 0 0 1 1 1V3h6v-.5a1 1 0 1 1 2 0V3h1a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h1v-.5a1 1 0 0 1 1-1ZM4 8v8h12V8H4Zm2 2h2v2H6v-2Zm4 0h2v2h-2v-2Z"
          />
        </svg>
      </button>
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
        <button type="button" className="btn btn-tertiary" onClick={() => (setError(null), onChange(null))}>
          {t('task.datePicker.clear')}
        </button>
      )}
      {error && (
        <p id={`${id}-err`} className="date-picker-error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <div
          ref={popover}
          id={`${id}-cal`}
          className="date-picker-popover date-picker-calendar"
          role="dialog"
          aria-label={t('task.datePicker.calendar', { field: label })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              // Only the calendar closes, not the task or panel around it.
              e.preventDefault();
              e.stopPropagation();
              close(true);
            }
          }}
        >
          <Suspense fallback={<p className="date-picker-loading">{t('task.datePicker.loading')}</p>}>
            <Calendar
              value={value}
              onPick={(day) => {
                setDay(day);
                close(true);
              }}
            />
          </Suspense>
        </div>
      )}
    </fieldset>
  );
}
