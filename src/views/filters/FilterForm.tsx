// The saved-filter form: title (checked 100 ms after input), description and every filter attribute.
import { useEffect, useState } from 'react';
import { DayField } from '../../components/DayField';
import { useAtomValue } from 'jotai/react';
import { labelsAtom, loadLabels } from '../../state/namespaces';
import { TextField } from '../../components/TextField';
import { LabelPickerField } from '../../components/LabelPickerField';
import { UsernamesPickerField } from '../../components/UsernamesPickerField';
import { useT } from '../../i18n';
import { formatPercent } from '../../i18n/numberFormat';
import { SORT_FIELDS, type FilterUi } from './filterForm';
import '../../components/organising.css';
import './filters.css';

export const TITLE_CHECK_DELAY_MS = 100;

const splitUsernames = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export interface FilterFormValue {
  title: string;
  description: string;
  ui: FilterUi;
}

/** The title message appears 100 ms after typing stops; `titleMissing` also blocks saving at once. */
export function useFilterTitleCheck(title: string, touched: boolean): string | null {
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!touched) return;
    const timer = setTimeout(() => setMessage(title.trim() === '' ? t('filters.titleRequired') : null), TITLE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [title, touched, t]);
  return message;
}

export function FilterForm({ value, onChange, titleError }: { value: FilterFormValue; onChange: (v: FilterFormValue) => void; titleError: string | null }) {
  const t = useT();
  const labels = useAtomValue(labelsAtom);
  useEffect(() => {
    void loadLabels().catch(() => undefined);
  }, []);
  const ui = value.ui;
  const set = (patch: Partial<FilterUi>) => onChange({ ...value, ui: { ...ui, ...patch } });

  const range = (label: string, from: keyof FilterUi, to: keyof FilterUi) => (
    <fieldset className="filter-range">
      <legend className="field-label">{label}</legend>
      <DayField value={String(ui[from])} onChange={(v) => set({ [from]: v } as Partial<FilterUi>)} label={`${label}: ${t('filters.from')}`} inputLabel={`${label}: ${t('filters.from')}`} />
      <span aria-hidden="true">–</span>
      <DayField value={String(ui[to])} onChange={(v) => set({ [to]: v } as Partial<FilterUi>)} label={`${label}: ${t('filters.to')}`} inputLabel={`${label}: ${t('filters.to')}`} />
    </fieldset>
  );

  return (
    <div className="form-stack filter-form">
      <TextField label={t('filters.fields.title')} value={value.title} onChange={(e) => onChange({ ...value, title: e.target.value })} error={titleError} autoFocus />
      <label className="field-label" htmlFor="filter-description">
        {t('filters.fields.description')}
      </label>
      <textarea id="filter-description" className="textarea" value={value.description} onChange={(e) => onChange({ ...value, description: e.target.value })} />

      <div className="filter-grid">
        <label className="checkbox">
          <input type="checkbox" checked={ui.showDone} onChange={(e) => set({ showDone: e.target.checked })} /> {t('filters.showDone')}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={ui.requireAll} onChange={(e) => set({ requireAll: e.target.checked })} /> {t('filters.requireAll')}
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={ui.includeNulls} onChange={(e) => set({ includeNulls: e.target.checked })} /> {t('filters.includeNulls')}
        </label>
      </div>

      <div className="filter-row">
        <label className="field-label" htmlFor="filter-sort">
          {t('filters.sortBy')}
        </label>
        <select id="filter-sort" className="select" value={ui.sortBy} onChange={(e) => set({ sortBy: e.target.value })}>
          {SORT_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`filters.field.${f}`)}
            </option>
          ))}
        </select>
        <select className="select" aria-label={t('filters.orderBy')} value={ui.orderBy} onChange={(e) => set({ orderBy: e.target.value === 'desc' ? 'desc' : 'asc' })}>
          <option value="asc">{t('filters.asc')}</option>
          <option value="desc">{t('filters.desc')}</option>
        </select>
      </div>

      {range(t('filters.field.due_date'), 'dueFrom', 'dueTo')}
      {range(t('filters.field.start_date'), 'startFrom', 'startTo')}
      {range(t('filters.field.end_date'), 'endFrom', 'endTo')}

      <div className="filter-labels">
        <span className="field-label">{t('filters.labels')}</span>
        {labels.length === 0 ? (
          <span className="muted">{t('filters.noLabels')}</span>
        ) : (
          <LabelPickerField label={t('filters.labels')} selectedIds={ui.labels} onChange={(ids) => set({ labels: ids })} />
        )}
      </div>

      <div className="filter-labels">
        <span className="field-label">{t('filters.assignees')}</span>
        {/* The saved filter keeps the usernames as one comma-separated text, as the filter API reads them. */}
        <UsernamesPickerField label={t('filters.assignees')} usernames={splitUsernames(ui.assignees)} onChange={(names) => set({ assignees: names.join(', ') })} />
      </div>

      <div className="filter-row">
        <label className="field-label" htmlFor="filter-priority">
          {t('filters.priority')}
        </label>
        <select className="select" aria-label={t('filters.priorityComparator')} value={ui.priorityComparator} onChange={(e) => set({ priorityComparator: e.target.value === 'equals' ? 'equals' : 'greater_equals' })}>
          <option value="greater_equals">{t('filters.atLeast')}</option>
          <option value="equals">{t('filters.exactly')}</option>
        </select>
        <select id="filter-priority" className="select" value={ui.priority} onChange={(e) => set({ priority: Number(e.target.value) })}>
          <option value={0}>{t('filters.any')}</option>
          {[1, 2, 3, 4, 5].map((p) => (
            <option key={p} value={p}>
              {t(`filters.priorities.${p}`)}
            </option>
          ))}
        </select>
      </div>

      <div className="filter-row">
        <label className="field-label" htmlFor="filter-percent">
          {t('filters.percentDone')}
        </label>
        <select id="filter-percent" className="select" value={ui.percentDone ?? ''} onChange={(e) => set({ percentDone: e.target.value === '' ? null : Number(e.target.value) })}>
          <option value="">{t('filters.any')}</option>
          {[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((p) => (
            <option key={p} value={p}>
              {formatPercent(p / 100)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
