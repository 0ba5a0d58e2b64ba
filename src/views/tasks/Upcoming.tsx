// The upcoming view (tasks.range): range picker with presets and custom from/to, the two checkboxes in the query, tasks with their list.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAtomValue } from 'jotai/react';
import { useT } from '../../i18n';
import { useOutsidePress } from '../../components/useOutsidePress';
import { DATE_FORMAT_SHORT, formatDate } from '../../i18n/dateLocale';
import { usePageTitle } from '../../app/usePageTitle';
import { DATE_RANGES, type DateRangeName } from '../../../parsers';
import type { Task } from '../../api/tasks';
import { tasksOfAtom } from '../../state/tasks';
import * as actions from '../../actions';
import { isSignedInAtom, weekStartAtom } from '../../state/session';
import { error as toastError } from '../../app/toast';
import { Loading, useDelayedFlag } from '../../components/Loading';
import { VirtualTaskList } from '../lists/views/VirtualTaskList';
import { presetOf, readUpcomingParams, resolveDate, splitRange, upcomingQuery, writeUpcomingParams, type UpcomingParams } from './upcomingQuery';
import '../lists/listViews.css';
import './upcoming.css';

export function RangePicker({ value, onChange }: { value: UpcomingParams; onChange: (p: UpcomingParams) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setFrom(value.from);
    setTo(value.to);
  }, [value.from, value.to]);
  useOutsidePress([ref], open, () => setOpen(false));
  const apply = (f: string, tt: string) => onChange({ ...value, from: f, to: tt });
  return (
    <div className="range-picker" ref={ref} onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" className="btn btn-secondary" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((o) => !o)}>
        {t('task.upcoming.chooseRange')}
      </button>
      {open && (
        <div className="range-popup" role="dialog" aria-label={t('task.upcoming.chooseRange')}>
          <div className="range-presets">
            {(Object.keys(DATE_RANGES) as DateRangeName[]).map((name) => (
              <button
                key={name}
                type="button"
                className={`btn btn-tertiary${presetOf(value.from, value.to) === name ? ' is-active' : ''}`}
                onClick={() => {
                  const [f, tt] = DATE_RANGES[name];
                  apply(f, tt);
                  setOpen(false);
                }}
              >
                {t(`task.upcoming.range.${name}`)}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-tertiary"
              onClick={() => {
                setFrom('');
                setTo('');
              }}
            >
              {t('task.upcoming.custom')}
            </button>
          </div>
          <form
            className="range-custom"
            onSubmit={(e) => {
              e.preventDefault();
              const split = splitRange(from);
              if (split) return apply(split.from, split.to);
              if (from.trim() && to.trim()) apply(from.trim(), to.trim());
            }}
          >
            <label>
              {t('task.upcoming.from')}
              <input className="input" value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={from.trim() !== '' && !splitRange(from) && !resolveDate(from)} />
            </label>
            <label>
              {t('task.upcoming.to')}
              <input className="input" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={to.trim() !== '' && !resolveDate(to)} />
            </label>
            <button type="submit" className="btn btn-primary">
              {t('task.upcoming.apply')}
            </button>
            <p className="filter-help">{t('task.filters.dateHelp')}</p>
          </form>
        </div>
      )}
    </div>
  );
}

export default function Upcoming() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const params = readUpcomingParams(search);
  const signedIn = useAtomValue(isSignedInAtom);
  const weekStart = useAtomValue(weekStartAtom);
  // The ids of the range's tasks; the tasks are read from the store, so an edit anywhere shows here.
  const [ids, setIds] = useState<number[] | null>(null);
  const stored = useAtomValue(useMemo(() => tasksOfAtom(ids ?? []), [ids]));
  const tasks = ids ? stored : null;
  const [loading, setLoading] = useState(false);
  const key = `${params.from}|${params.to}|${params.showNulls}|${params.showOverdue}|${weekStart}`;

  const preset = presetOf(params.from, params.to);
  const fromDate = resolveDate(params.from, new Date(), weekStart);
  const toDate = resolveDate(params.to, new Date(), weekStart);
  const fmt = (d: Date | null) => (d ? formatDate(d, DATE_FORMAT_SHORT) : '');
  const title = preset
    ? t(`task.upcoming.range.${preset}`)
    : params.from === 'now' && params.to === 'now+7d'
      ? t('task.upcoming.title')
      : t('task.upcoming.fromUntil', { from: fmt(fromDate), to: fmt(toDate) });
  usePageTitle(title);

  const update = (p: UpcomingParams) => setSearch(writeUpcomingParams(p));

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    setLoading(true);
    const q = upcomingQuery(params, new Date(), weekStart);
    actions.tasks
      .loadAll(q)
      .then((all) => {
        if (!live) return;
        setIds(all.map((x) => x.id));
      }, (err) => void toastError(err))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // key stands for params
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, signedIn]);

  const onDoneChange = useCallback((task: Task, done: boolean) => {
    void actions.tasks.setDone(task, done).then((saved) => {
      // A completed task goes to the end of the list.
      if (saved && saved.done) setIds((all) => (all ? [...all.filter((x) => x !== saved.id), saved.id] : all));
    });
  }, []);
  const onSave = useCallback((task: Task) => actions.tasks.update(task), []);
  const showLoading = useDelayedFlag(loading && tasks === null);

  return (
    <div className="list-view upcoming">
      <header className="list-view-header">
        <h1 className="list-view-title">{title}</h1>
      </header>
      <div className="list-view-toolbar">
        <RangePicker value={params} onChange={update} />
        <label className="filter-check">
          <input type="checkbox" checked={params.showNulls} onChange={(e) => update({ ...params, showNulls: e.target.checked })} />
          {t('task.upcoming.showNulls')}
        </label>
        <label className="filter-check">
          <input type="checkbox" checked={params.showOverdue} onChange={(e) => update({ ...params, showOverdue: e.target.checked })} />
          {t('task.upcoming.showOverdue')}
        </label>
      </div>
      {showLoading && <Loading />}
      {tasks && tasks.length === 0 && !loading ? (
        <div className="upcoming-empty">
          <svg viewBox="0 0 120 90" width="160" height="120" aria-hidden="true">
            <rect x="14" y="14" width="92" height="66" rx="10" fill="var(--surface-2)" stroke="var(--border-strong)" strokeWidth="2" />
            <path d="M40 48l12 12 28-28" fill="none" stroke="var(--success)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <p>{t('task.upcoming.empty')}</p>
        </div>
      ) : (
        tasks && <VirtualTaskList tasks={tasks} memoryKey={`upcoming-${key}`} canWrite canReorder={false} showList onDoneChange={onDoneChange} onSave={onSave} />
      )}
    </div>
  );
}
