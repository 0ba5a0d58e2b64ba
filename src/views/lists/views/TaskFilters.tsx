// The filter popup of the list and table views: show done, sort, date ranges, labels, assignees, priority, percent done, search.
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../../i18n';
import { formatPercent } from '../../../i18n/numberFormat';
import { labelsAtom } from '../../../state/namespaces';
import { LabelPickerField } from '../../../components/LabelPickerField';
import { UsernamesPickerField } from '../../../components/UsernamesPickerField';
import { SORT_FIELDS, defaultFilters, type Comparator, type TaskFilterParams } from './taskFilters';

export interface TaskFiltersProps {
  value: TaskFilterParams;
  onChange: (value: TaskFilterParams) => void;
  /** The list filtered: its people are offered in the assignee picker before anything is typed. */
  listId?: number;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="filter-row">
      <span className="filter-row-label">{label}</span>
      <div className="filter-row-controls">{children}</div>
    </div>
  );
}

const RANGES = [
  ['due', 'dueFrom', 'dueTo'],
  ['start', 'startFrom', 'startTo'],
  ['end', 'endFrom', 'endTo'],
  ['reminder', 'reminderFrom', 'reminderTo'],
] as const;

export function TaskFilters({ value, onChange, listId }: TaskFiltersProps) {
  const t = useT();
  const labels = useAtomValue(labelsAtom);
  const set = <K extends keyof TaskFilterParams>(key: K, v: TaskFilterParams[K]) => onChange({ ...value, [key]: v });
  const comparatorSelect = (key: 'priorityComparator' | 'percentComparator', label: string) => (
    <select aria-label={label} value={value[key]} onChange={(e) => set(key, e.target.value as Comparator)}>
      <option value="greater_equals">≥</option>
      <option value="equals">=</option>
      <option value="less_equals">≤</option>
    </select>
  );

  return (
    <div className="task-filters">
      <label className="filter-check">
        <input type="checkbox" checked={value.showDone} onChange={(e) => set('showDone', e.target.checked)} />
        {t('task.filters.showDone')}
      </label>
      <Row label={t('task.filters.search')}>
        <input type="search" aria-label={t('task.filters.search')} value={value.search} onChange={(e) => set('search', e.target.value)} />
      </Row>
      <Row label={t('task.filters.sortBy')}>
        <select aria-label={t('task.filters.sortBy')} value={value.sortBy} onChange={(e) => set('sortBy', e.target.value)}>
          {SORT_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`task.filters.sort.${f}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('task.filters.order')} value={value.orderBy} onChange={(e) => set('orderBy', e.target.value as 'asc' | 'desc')}>
          <option value="asc">{t('task.filters.asc')}</option>
          <option value="desc">{t('task.filters.desc')}</option>
        </select>
      </Row>
      {RANGES.map(([name, from, to]) => (
        <Row key={name} label={t(`task.filters.range.${name}`)}>
          <input
            aria-label={t('task.filters.from', { field: t(`task.filters.range.${name}`) })}
            placeholder={t('task.filters.datePlaceholder')}
            value={value[from]}
            onChange={(e) => set(from, e.target.value)}
          />
          <span aria-hidden="true">–</span>
          <input
            aria-label={t('task.filters.to', { field: t(`task.filters.range.${name}`) })}
            placeholder={t('task.filters.datePlaceholder')}
            value={value[to]}
            onChange={(e) => set(to, e.target.value)}
          />
        </Row>
      ))}
      <Row label={t('task.filters.labels')}>
        {labels.length === 0 ? (
          <span className="filter-empty">{t('task.filters.noLabels')}</span>
        ) : (
          <LabelPickerField label={t('task.filters.labels')} selectedIds={value.labelIds} onChange={(ids) => set('labelIds', ids)} />
        )}
      </Row>
      <Row label={t('task.filters.assignees')}>
        <UsernamesPickerField label={t('task.filters.assignees')} usernames={value.assignees} onChange={(names) => set('assignees', names)} listId={listId} />
      </Row>
      <Row label={t('task.filters.priority')}>
        {comparatorSelect('priorityComparator', t('task.filters.priorityComparator'))}
        <select aria-label={t('task.filters.priority')} value={value.priority} onChange={(e) => set('priority', Number(e.target.value))}>
          <option value={0}>{t('task.filters.any')}</option>
          {[1, 2, 3, 4, 5].map((p) => (
            <option key={p} value={p}>
              {t(['', 'task.priority.low', 'task.priority.medium', 'task.priority.high', 'task.priority.urgent', 'task.priority.doNow'][p])}
            </option>
          ))}
        </select>
      </Row>
      <Row label={t('task.filters.percentDone')}>
        {comparatorSelect('percentComparator', t('task.filters.percentComparator'))}
        <select
          aria-label={t('task.filters.percentDone')}
          value={value.percentDone ?? ''}
          onChange={(e) => set('percentDone', e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t('task.filters.any')}</option>
          {[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((p) => (
            <option key={p} value={p}>
              {formatPercent(p / 100)}
            </option>
          ))}
        </select>
      </Row>
      <p className="filter-help">{t('task.filters.dateHelp')}</p>
      <button
        type="button"
        className="btn btn-tertiary"
        onClick={() => onChange(defaultFilters())}
      >
        {t('task.filters.reset')}
      </button>
    </div>
  );
}
