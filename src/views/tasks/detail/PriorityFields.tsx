// Priority, progress and colour of a task in the detail.
import { useId, type Ref } from 'react';
import { useT } from '../../../i18n';
import { formatPercent } from '../../../i18n/numberFormat';
import type { TaskFieldProps } from './DatesFields';
import { DEFAULT_TASK_COLOR } from '../../../model/tasks';
import '../../../components/organising.css';

const PRIORITY_KEYS = ['unset', 'low', 'medium', 'high', 'urgent', 'doNow'];
const PERCENTS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

export function PriorityFields({ task, readOnly, save, colorInput }: TaskFieldProps & { colorInput: Ref<HTMLInputElement> }) {
  const t = useT();
  const noColorId = useId();
  return (
    <>
      <select
        className="input"
        aria-label={t('task.filters.priority')}
        disabled={readOnly}
        value={task.priority}
        onChange={(e) => save({ ...task, priority: Number(e.target.value) })}
      >
        {PRIORITY_KEYS.map((k, i) => (
          <option key={k} value={i}>
            {t(`task.priority.${k}`)}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label={t('task.filters.percentDone')}
        disabled={readOnly}
        value={Math.round(task.percentDone * 100)}
        onChange={(e) => save({ ...task, percentDone: Number(e.target.value) / 100 })}
      >
        {PERCENTS.map((p) => (
          <option key={p} value={p}>
            {formatPercent(p / 100)}
          </option>
        ))}
      </select>
      <div className="detail-color">
        <label>
          {t('task.detail.color')}
          {/* The native input always paints a colour; without one the swatch is hidden, so no task looks blue. */}
          <span className={`color-input${task.hexColor ? '' : ' is-unset'}`}>
            <input
              ref={colorInput}
              type="color"
              disabled={readOnly}
              value={`#${task.hexColor || DEFAULT_TASK_COLOR}`}
              aria-describedby={task.hexColor ? undefined : noColorId}
              onChange={(e) => save({ ...task, hexColor: e.target.value.replace('#', '') })}
            />
          </span>
        </label>
        {task.hexColor ? (
          !readOnly && (
            <button type="button" className="link-button" onClick={() => save({ ...task, hexColor: '' })}>
              {t('organising.color.reset')}
            </button>
          )
        ) : (
          <span id={noColorId} className="detail-muted">
            {t('organising.color.reset')}
          </span>
        )}
      </div>
    </>
  );
}
