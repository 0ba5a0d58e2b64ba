// The day part of every date field: a typed day read in the user's words, and a calendar button whose month grid loads on first use.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { currentLanguage, useT } from '../i18n';
import { useOutsidePress } from './useOutsidePress';
import { readDate } from '../../parsers/readDate';

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as the field shows it: yyyy-mm-dd, which every language reads back. */
export function toDateInput(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// react-day-picker is only needed once someone opens a calendar: the first page and the task list never load it.
const loadCalendar = () => import('./Calendar');
const Calendar = lazy(loadCalendar);

/**
 * The day of a date typed into the field, in the user's language as quick-add reads it ("2026-12-15",
 * "15.12.2026", "morgen", "15 décembre"); null when the text is not wholly a date. Only the day is taken:
 * a time is chosen beside it.
 */
export function readTypedDay(text: string, now: Date, language: string): Date | null {
  const read = readDate(text, now, language);
  return read.ok ? new Date(read.date.getFullYear(), read.date.getMonth(), read.date.getDate()) : null;
}

export interface DayInputProps {
  /** The day shown (its time is ignored), or null. */
  day: Date | null;
  /** A new day at midnight, or null when the field was emptied (only when clearable). */
  onDay: (day: Date | null) => void;
  /** The field's name; the input and the calendar button are named after it. */
  label: string;
  /** The input's own name when "{label}: date" does not fit (a field inside a labelled range). */
  inputLabel?: string;
  clearable: boolean;
}

/** The day input, its calendar button, its error and the calendar, as siblings inside the caller's positioned box. */
export function DayInput({ day, onDay, label, inputLabel, clearable }: DayInputProps) {
  const t = useT();
  const id = useId();
  const shown = day ? toDateInput(day) : '';
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);

  // A day changed from outside (a preset, a save, clear) shows in the field and ends any mistake shown for it.
  useEffect(() => {
    setText(shown);
    setError(null);
  }, [shown]);

  const pick = (picked: Date) => {
    setError(null);
    setText(toDateInput(picked));
    onDay(new Date(picked.getFullYear(), picked.getMonth(), picked.getDate()));
  };
  /** Reads what was typed; a mistake stays in the field with a message rather than being thrown away. */
  const commit = (): void => {
    if (text.trim() === shown) {
      if (text !== shown) setText(shown);
      return setError(null);
    }
    if (text.trim() === '') {
      if (!clearable) return setError(t('task.datePicker.required'));
      setError(null);
      return onDay(null);
    }
    const typed = readTypedDay(text, new Date(), currentLanguage());
    if (typed) pick(typed);
    else setError(t('task.datePicker.invalid', { text: text.trim() }));
  };

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) requestAnimationFrame(() => opener.current?.focus());
  };

  // A click or focus outside the calendar closes it, leaving focus where it went.
  useOutsidePress([popover, opener], open, () => setOpen(false), { focus: true });

  return (
    <>
      <input
        className="date-picker-day"
        type="text"
        autoComplete="off"
        spellCheck={false}
        aria-label={inputLabel ?? t('task.datePicker.date', { field: label })}
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
          } else if (e.key === 'Escape' && (text !== shown || error)) {
            // Escape first undoes the typing; a second Escape goes on to close what holds the field.
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
              value={day}
              onPick={(picked) => {
                pick(picked);
                close(true);
              }}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
