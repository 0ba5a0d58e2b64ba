// Priority, progress and colour of a task in the detail.
import type { Ref } from 'react';
import { useT } from '../../../i18n';
import { formatPercent } from '../../../i18n/numberFormat';
import type { TaskFieldProps } from './DatesFields';

const PRIORITY_KEYS = ['unset', 'low', 'medium', 'high', 'urgent', 'doNow'];
const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

export function PriorityFields({ task, readOnly, save, colorInput }: TaskFieldProps & { colorInput: Ref<HTMLInputElement> }) {
  const t = useT();
  return (
    <>
      <select className="input" aria-label={t('task.filters.priority')} disabled={readOnly} value={task.priority} onChange={(e) => save({ ...task, priority: Number(e.target.value) })}>
        {PRIORITY_KEYS.map((k, i) => (
          <option key={k} value={i}>
            {t(`task.priority.${k}`)}
          </option>
        ))}
      </select>
      <select className="input" aria-label={t('task.filters.percentDone')} disabled={readOnly} value={Math.round(task.percentDone * 100)} onChange={(e) => save({ ...task, percentDone: Number(e.target.value) / 100 })}>
        {PERCENTS.map((p) => (
          <option key={p} value={p}>
            {formatPercent(p / 100)}
          </option>
        ))}
      </select>
      <label className="detail-color">
        {t('task.detail.color')}
        <input ref={colorInput} type="color" disabled={readOnly} value={`#${task.hexColor || '1973ff'}`} onChange={(e) => save({ ...task, hexColor: e.target.value.replace('#', '') })} />
      </label>
    </>
  );
}
