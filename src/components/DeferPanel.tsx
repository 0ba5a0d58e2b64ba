// The defer panel: move the due date by 1 day, 3 days or 1 week, or pick one; saved only when changed, every second and on close.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { addDays } from 'date-fns';
import { DEFAULT_TIME, atTime } from '../../parsers/defaultTime';
import { useT } from '../i18n';
import { useOutsidePress } from './useOutsidePress';
import { DatePicker } from './DatePicker';
import './deferPanel.css';

export const DEFER_CHECK_INTERVAL_MS = 1000;
export const DEFER_PRESETS = [1, 3, 7] as const;

export interface DeferPanelProps {
  dueDate: Date | null;
  /** Called with the new date when it differs from the last saved one. */
  onSave: (date: Date | null) => void | Promise<void>;
  onClose: () => void;
  /** The button that opened the panel: the panel floats below it, above scrolling and virtualised rows. */
  anchor?: HTMLElement | null;
}

const same = (a: Date | null, b: Date | null) => (a === null ? b === null : b !== null && a.getTime() === b.getTime());

export function DeferPanel({ dueDate, onSave, onClose, anchor }: DeferPanelProps) {
  const t = useT();
  const [value, setValue] = useState<Date | null>(dueDate);
  const saved = useRef<Date | null>(dueDate);
  const current = useRef<Date | null>(dueDate);
  current.current = value;
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    if (!anchor) return;
    const r = anchor.getBoundingClientRect();
    const width = 300;
    setPlace({ top: r.bottom + 4, left: Math.max(8, Math.min(r.left, window.innerWidth - width - 8)) });
  }, [anchor]);

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
  }, []);
  useOutsidePress([panel], true, onClose);

  // Without a due date the days count from today at the default time, as "in 3 days" does in words.
  const defer = (days: number) => setValue(addDays(value ?? atTime(new Date(), DEFAULT_TIME), days));

  const body = (
    <div
      ref={panel}
      className={`defer-panel${anchor ? ' is-floating' : ''}`}
      style={place ? { position: 'fixed', top: place.top, left: place.left } : undefined}
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
  return anchor ? createPortal(body, document.body) : body;
}
