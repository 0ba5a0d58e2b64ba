// The defer panel: move the due date by 1 day, 3 days or 1 week, or pick one; saved only when changed, every second and on close.
import { useEffect, useRef, useState } from 'react';
import { addDays } from 'date-fns';
import { useT } from '../i18n';
import { DatePicker } from './DatePicker';

export const DEFER_CHECK_INTERVAL_MS = 1000;
export const DEFER_PRESETS = [1, 3, 7] as const;

export interface DeferPanelProps {
  dueDate: Date | null;
  /** Called with the new date when it differs from the last saved one. */
  onSave: (date: Date | null) => void | Promise<void>;
  onClose: () => void;
}

const same = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());

export function DeferPanel({ dueDate, onSave, onClose }: DeferPanelProps) {
  const t = useT();
  const [value, setValue] = useState<Date | null>(dueDate);
  const saved = useRef<Date | null>(dueDate);
  const current = useRef<Date | null>(dueDate);
  current.current = value;
  const panel = useRef<HTMLDivElement>(null);

  const flush = () => {
    if (same(current.current, saved.current)) return;
    saved.current = current.current;
    void onSave(current.current);
  };

  useEffect(() => {
    const timer = setInterval(flush, DEFER_CHECK_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      // Closing the panel saves what is pending.
      flush();
    };
    // flush reads refs only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    panel.current?.querySelector('button')?.focus();
    const onDown = (e: MouseEvent) => {
      if (panel.current && !panel.current.contains(e.target as Node)) onClose();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [onClose]);

  const defer = (days: number) => setValue(addDays(value ?? new Date(), days));

  return (
    <div
      ref={panel}
      className="defer-panel"
      role="dialog"
      aria-label={t('task.defer.title')}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="defer-presets">
        {DEFER_PRESETS.map((days) => (
          <button key={days} type="button" className="btn btn-secondary" onClick={() => defer(days)}>
            {t(days === 1 ? 'task.defer.oneDay' : days === 3 ? 'task.defer.threeDays' : 'task.defer.oneWeek')}
          </button>
        ))}
      </div>
      <DatePicker value={value} onChange={setValue} label={t('task.attributes.dueDate')} />
      <button type="button" className="btn btn-primary" onClick={onClose}>
        {t('task.defer.done')}
      </button>
    </div>
  );
}
