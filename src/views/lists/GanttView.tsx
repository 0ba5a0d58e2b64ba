// The gantt view (list.gantt): tasks with start and end dates as bars over a chosen date range, undated tasks on request, create, drag and key moves.
import { useCallback, useMemo, useState } from 'react';
import { DayField } from '../../components/DayField';
import { useParams, useSearchParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { usePageTitle } from '../../app/usePageTitle';
import { AddTask } from '../../components/AddTask';
import { useDelayedFlag, Loading } from '../../components/Loading';
import * as actions from '../../actions';
import type { Task } from '../../api/tasks';
import { useAddTasks } from '../tasks/useAddTasks';
import { canWriteList, useListMeta } from './useListMeta';
import { ListViewSwitcher } from './ListViewSwitcher';
import { GanttChart } from './gantt/GanttChart';
import { useGanttTasks } from './gantt/useGanttTasks';
import { formatQueryDate, newTaskDates, rangeFromQuery } from './gantt/ganttModel';
import './listViews.css';
import './gantt/gantt.css';
import { ListBackdrop } from '../../components/ListBackdrop';

/** `params` is given when the view is rendered behind the task detail modal (outside its route). */
export default function GanttView({ params }: { params?: Record<string, string> }) {
  const t = useT();
  const routeParams = useParams();
  const listId = Number((params ?? routeParams).listId);
  const list = useListMeta(listId, 'list.gantt');
  usePageTitle(list?.title ?? null);
  const canWrite = canWriteList(list);
  const [search, setSearch] = useSearchParams();
  const [now] = useState(() => new Date());
  const { range, problem } = useMemo(() => rangeFromQuery(search, now), [search, now]);
  const { tasks, loading, loaded, add } = useGanttTasks(listId, range, true);
  const showLoading = useDelayedFlag(loading && tasks.length === 0);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
    setSearch(next, { replace: true });
  };

  // Shown at once; the old dates come back when the server refuses (the action rolls back and says why).
  const onDates = useCallback(async (task: Task, dates: { startDate: Date; endDate: Date }) => void (await actions.tasks.update({ ...task, ...dates })), []);

  // Quick-add from the chart: a task without dates gets them (from its due date, else today) so it has a bar.
  const prepare = useCallback((task: Partial<Task>) => (task.startDate || task.endDate ? task : { ...task, ...newTaskDates(task.dueDate ?? now) }), [now]);
  const onCreated = add;
  const onAdd = useAddTasks(listId > 0 ? listId : null, onCreated, prepare);

  return (
    <div className={`list-view gantt-view${list?.backgroundInformation ? ' has-background' : ''}`}>
      <ListBackdrop list={list} />
      <header className="list-view-header">
        <h1 className="list-view-title">{list?.title ?? ''}</h1>
        <ListViewSwitcher listId={listId} />
      </header>
      {list?.isArchived && <p className="list-archived-note">{t('task.archivedReadOnly')}</p>}
      {canWrite && listId > 0 && <AddTask onAdd={onAdd} />}
      <div className="list-view-toolbar gantt-toolbar">
        <span className="gantt-range-field">
          <span aria-hidden="true">{t('list.gantt.from')}</span>
          <DayField
            value={formatQueryDate(range.from)}
            onChange={(v) => setParam('dateFrom', v)}
            label={t('list.gantt.from')}
            inputLabel={t('list.gantt.from')}
          />
        </span>
        <span className="gantt-range-field">
          <span aria-hidden="true">{t('list.gantt.to')}</span>
          <DayField value={formatQueryDate(range.to)} onChange={(v) => setParam('dateTo', v)} label={t('list.gantt.to')} inputLabel={t('list.gantt.to')} />
        </span>
        <label className="filter-check">
          <input type="checkbox" checked={range.showUndated} onChange={(e) => setParam('showTasksWithoutDates', e.target.checked ? 'true' : null)} />
          {t('list.gantt.showTasksWithoutDates')}
        </label>
        <label className="filter-check">
          <input type="checkbox" checked={range.showDone} onChange={(e) => setParam('showDoneTasks', e.target.checked ? 'true' : null)} />
          {t('list.gantt.showDoneTasks')}
        </label>
        {(search.has('dateFrom') || search.has('dateTo')) && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              const next = new URLSearchParams(search);
              next.delete('dateFrom');
              next.delete('dateTo');
              setSearch(next, { replace: true });
            }}
          >
            {t('list.gantt.resetRange')}
          </button>
        )}
        <span className="list-view-count" aria-live="polite">
          {loaded ? t('task.count', { count: tasks.length }) : ''}
        </span>
      </div>
      {problem && (
        <p className="gantt-problem" role="alert">
          {t(`list.gantt.range.${problem}`)}
        </p>
      )}
      {showLoading && <Loading />}
      {loaded && tasks.length === 0 && !loading && <p className="list-empty">{t(range.showUndated ? 'list.gantt.emptyAll' : 'list.gantt.empty')}</p>}
      <GanttChart tasks={tasks} range={range} canWrite={canWrite} onDates={onDates} now={now} />
    </div>
  );
}
