// A date typed in words ("fri 5pm", "in 3 days") behind a button: shows what it reads as, Enter saves, Escape cancels.
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useT, currentLanguage } from '../../../i18n';
import { readDate } from '../../../../parsers/readDate';
import { focusAtEnd } from '../../../app/focusAtEnd';
import { DATE_FORMAT_SPELLED, useFormatDate } from '../../../i18n/dateLocale';
import type { FieldHandle } from './fieldHandle';

export interface DateTextFieldProps {
  /** The input's accessible name ("Due date in words"). */
  label: string;
  /** The button's text. */
  buttonText: string;
  disabled?: boolean;
  onSave: (date: Date) => void;
}

export const DateTextField = forwardRef<FieldHandle, DateTextFieldProps>(function DateTextField({ label, buttonText, disabled, onSave }, ref) {
  const t = useT();
  const formatDate = useFormatDate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useImperativeHandle(ref, () => ({ open: () => !disabled && setOpen(true) }), [disabled]);
  useEffect(() => {
    if (open) focusAtEnd(input.current);
  }, [open]);

  // The same reader as quick-add, so every phrase it knows works here, in every language.
  const parsed = readDate(text, new Date(), currentLanguage());
  const dismiss = () => {
    setOpen(false);
    setText('');
    setError(null);
  };
  const close = () => {
    dismiss();
    // The button stays where the field was: the next letter shortcut works from here, and Escape closes the task.
    requestAnimationFrame(() => trigger.current?.focus());
  };
  const submit = () => {
    const result = readDate(text, new Date(), currentLanguage());
    if (result.ok) {
      onSave(result.date);
      close();
    } else setError(t(result.reason === 'empty' ? 'task.detail.dateTextEmpty' : 'task.detail.dateTextUnknown', { text: text.trim() }));
  };

  return (
    <div className="picker-field date-text-field">
      <button
        ref={trigger}
        type="button"
        className="btn btn-secondary picker-trigger"
        aria-expanded={open}
        aria-controls={open ? `${id}-pop` : undefined}
        disabled={disabled}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {buttonText}
      </button>
      {open && (
        <div id={`${id}-pop`} className="picker-popover">
          <input
            ref={input}
            className="input"
            aria-label={label}
            placeholder={t('task.detail.dateTextPlaceholder')}
            aria-describedby={`${id}-read`}
            aria-invalid={error ? true : undefined}
            value={text}
            onChange={(e) => (setText(e.target.value), setError(null))}
            // Tabbing or clicking elsewhere drops the typed text, as Escape does.
            onBlur={(e) => e.relatedTarget && e.relatedTarget !== trigger.current && dismiss()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                close();
              }
            }}
          />
          <p id={`${id}-read`} className="picker-hint" aria-live="polite">
            {error ?? (parsed.ok ? t('task.detail.dateTextReads', { date: formatDate(parsed.date, DATE_FORMAT_SPELLED) }) : t('task.detail.dateTextHint'))}
          </p>
        </div>
      )}
    </div>
  );
});
