// The repeat of a task in the detail: mode, amount and unit; an emptied amount removes the repeat, a typed 0 or less is refused.
import { useState } from 'react';
import { useT } from '../../../i18n';
import type { RepeatUnit } from '../../../api/tasks';
import type { TaskFieldProps } from './DatesFields';

const UNITS: RepeatUnit[] = ['hours', 'days', 'weeks', 'months', 'years'];

export function RepeatField({ task, readOnly, save }: TaskFieldProps) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  /** The amount being typed; saved on blur or together with a unit change. Empty means no repeat. */
  // No repeat shows as an empty field, not "0": 0 is refused when typed, so tabbing through must not meet it. Read once
  // per task (the detail keys this field by task id), not on every save, so typed text stays when a save is refused.
  const [amount, setAmount] = useState(() => (task.repeatAfter.amount > 0 ? String(task.repeatAfter.amount) : ''));

  /**
   * Saves the repeat from the typed amount. Emptying the field is how the detail removes a repeat (amount 0); a typed
   * 0 or less gets the spec's "please enter more than 0" instead, as it is almost always a slip. Monthly has no amount.
   */
  const setRepeat = (raw: string, type: RepeatUnit, mode: number) => {
    const cleared = raw.trim() === '';
    const n = cleared ? 0 : Number(raw);
    if (mode !== 1 && !cleared && (!Number.isFinite(n) || n <= 0)) return setError(t('task.detail.repeatAmountPositive'));
    setError(null);
    // Still no repeat: nothing to save (the server would hand back its own unit for 0 anyway).
    if (cleared && task.repeatAfter.amount === 0 && mode === task.repeatMode) return;
    save({ ...task, repeatAfter: { amount: n, type }, repeatMode: mode, repeatFromCurrentDate: mode === 2 });
  };

  return (
    <>
      <div className="repeat-row">
        <select className="input" aria-label={t('task.detail.repeatMode')} disabled={readOnly} value={task.repeatMode} onChange={(e) => setRepeat(amount, task.repeatAfter.type, Number(e.target.value))}>
          <option value={0}>{t('task.detail.repeatDefault')}</option>
          <option value={1}>{t('task.detail.repeatMonthly')}</option>
          <option value={2}>{t('task.detail.repeatFromCurrent')}</option>
        </select>
        {task.repeatMode !== 1 && (
          <>
            <input
              className="input repeat-amount"
              type="number"
              min={1}
              aria-label={t('task.detail.repeatAmount')}
              disabled={readOnly}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              onBlur={() => {
                // Unchanged and valid: nothing to save, but a fixed slip clears its error.
                const n = Number(amount);
                if (amount.trim() !== '' && n > 0 && n === task.repeatAfter.amount) return setError(null);
                setRepeat(amount, task.repeatAfter.type, task.repeatMode);
              }}
            />
            <select className="input" aria-label={t('task.detail.repeatUnit')} disabled={readOnly} value={task.repeatAfter.type} onChange={(e) => setRepeat(amount, e.target.value as RepeatUnit, task.repeatMode)}>
              {UNITS.map((u) => (
                <option key={u} value={u}>
                  {t(`task.detail.unit.${u}`, { count: Number(amount) || 0 })}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
      {error && <p className="field-error">{error}</p>}
    </>
  );
}
