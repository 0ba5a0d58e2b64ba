// A date typed in words ("fri 5pm", "in 3 days") behind a button: shows what it reads as, Enter saves, Escape cancels.
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useT, currentLanguage } from '../../../i18n';
import type { parseFreeDate as ParseFreeDate, FreeDateResult } from '../../../../parsers/parseFreeDate';
import { focusAtEnd } from '../../../app/focusAtEnd';
import { DATE_FORMAT_SPELLED, useFormatDate } from '../../../i18n/dateLocale';
import type { FieldHandle } from './fieldHandle';

// chrono-node is large and only needed once someone types a date: it loads when a field first opens.
let parser: Promise<typeof ParseFreeDate> | null = null;
const loadParser = () => (parser ??= import('../../../../parsers/parseFreeDate').then((m) => m.parseFreeDate));

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
  const [parse, setParse] = useState<typeof ParseFreeDate | null>(null);
  useImperativeHandle(ref, () => ({ open: () => !disabled && setOpen(true) }), [disabled]);
  useEffect(() => {
    if (!open) return;
    focusAtEnd(input.current);
    void loadParser().then((fn) => setParse(() => fn));
  }, [open]);

  const read = (fn: typeof ParseFreeDate): FreeDateResult => fn(text, new Date(), currentLanguage());
  const parsed = parse ? read(parse) : null;
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
  const submit = async () => {
    // Enter typed before the parser arrived waits for it rather than dropping the text.
    const result = read(parse ?? (await loadParser()));
    if (result.ok) {
      onSave(result.date);
      close();
    } else setError(t(result.reason === 'empty' ? 'task.detail.dateTextEmpty' : 'task.detail.dateTextUnknown', { text: text.trim() }));
  };

  return (
    <div className="picker-field date-text-field">
      <button ref={trigger} type="button" className="btn btn-secondary picker-trigger" aria-expanded={open} aria-controls={open ? `${id}-pop` : undefined} disabled={disabled} onClick={() => (open ? close() : setOpen(true))}>
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
                void submit();
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                close();
              }
            }}
          />
          <p id={`${id}-read`} className="picker-hint" aria-live="polite">
            {error ?? (parsed?.ok ? t('task.detail.dateTextReads', { date: formatDate(parsed.date, DATE_FORMAT_SPELLED) }) : t('task.detail.dateTextHint'))}
          </p>
        </div>
      )}
    </div>
  );
});
