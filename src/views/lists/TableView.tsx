// The table view (list.table): chosen columns stored per list, sortable headers, the list filters, virtualised rows.
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useT } from '../../i18n';
import { formatPercent } from '../../i18n/numberFormat';
import { pathFor } from '../../routes';
import { usePageTitle } from '../../app/usePageTitle';
import { LabelChip } from '../../components/LabelChip';
import { UserAvatar, userLabel } from '../../components/UserAvatar';
import { PriorityLabel } from '../../components/PriorityLabel';
import { isOverdue } from '../../components/TaskRow';
import { formatDate } from '../../i18n/dateLocale';
import { useDelayedFlag, Loading } from '../../components/Loading';
import type { Task } from '../../api/tasks';
import { useListMeta } from './useListMeta';
import { ListViewSwitcher } from './ListViewSwitcher';
import { FilterPopup, useListFilters } from './ListFilters';
import { useListTasks } from './views/useListTasks';
import { useListKeyboardNav } from '../../app/useListKeyboardNav';
import { takeViewFocus } from '../../state/focusRequests';
import './listViews.css';
import './table.css';
import { ListBackdrop } from '../../components/ListBackdrop';

export const TABLE_COLUMNS = [
  'index',
  'done',
  'title',
  'priority',
  'labels',
  'assignees',
  'dueDate',
  'startDate',
  'endDate',
  'percentDone',
  'doneAt',
  'created',
  'updated',
  'createdBy',
] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];
const DEFAULT_COLUMNS: TableColumn[] = ['index', 'done', 'title', 'priority', 'labels', 'assignees', 'dueDate', 'percentDone'];
const COLUMNS_KEY = 'tableViewColumns';
/** The API sort field of a column, where it can be sorted. */
const SORT_FIELD: Partial<Record<TableColumn, string>> = {
  index: 'id',
  done: 'done',
  title: 'title',
  priority: 'priority',
  dueDate: 'due_date',
  startDate: 'start_date',
  endDate: 'end_date',
  percentDone: 'percent_done',
  doneAt: 'done_at',
  created: 'created',
  updated: 'updated',
};

export function readColumns(listId: number): TableColumn[] {
  try {
    const all = JSON.parse(window.localStorage.getItem(COLUMNS_KEY) ?? '{}') as Record<string, string[]>;
    const cols = all[String(listId)]?.filter((c): c is TableColumn => (TABLE_COLUMNS as readonly string[]).includes(c));
    return cols && cols.length ? cols : DEFAULT_COLUMNS;
  } catch {
    return DEFAULT_COLUMNS;
  }
}

export function writeColumns(listId: number, cols: TableColumn[]): void {
  try {
    const all = JSON.parse(window.localStorage.getItem(COLUMNS_KEY) ?? '{}') as Record<string, string[]>;
    all[String(listId)] = cols;
    window.localStorage.setItem(COLUMNS_KEY, JSON.stringify(all));
  } catch {
    // storage unavailable: the choice lasts for this visit
  }
}

/**
 * The narrowest each column may get, in px: enough for its header and a date with time. The tracks grow from
 * there to fill a wide screen; on a narrow one the rows keep these widths and the table scrolls sideways.
 */
// The default columns add up to 938 px, which fits the 972 px a 1280 px screen leaves beside the sidebar; a longer
// date wraps onto a second line rather than widening the table.
const MIN_WIDTH: Record<TableColumn, number> = {
  index: 64,
  done: 64,
  title: 200,
  priority: 100,
  labels: 140,
  assignees: 120,
  dueDate: 140,
  startDate: 140,
  endDate: 140,
  percentDone: 110,
  doneAt: 140,
  created: 140,
  updated: 140,
  createdBy: 140,
};

/**
 * Whether the table has columns beyond its right edge: then a shadow on that edge says it scrolls sideways, which a
 * mouse user would not otherwise see (the scrollbar only shows at the bottom of a long list).
 */
function useMoreToTheRight(scroller: RefObject<HTMLDivElement | null>, minWidth: number): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const check = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    check();
    el.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [scroller, minWidth]);
  return more;
}

/** Grid track per column: the title takes most of the spare width. */
function columnWidth(c: TableColumn): string {
  const grow = c === 'title' ? 3 : c === 'index' || c === 'done' ? 0 : 1;
  return grow ? `minmax(${MIN_WIDTH[c]}px, ${grow}fr)` : `${MIN_WIDTH[c]}px`;
}

function cell(task: Task, col: TableColumn, backdrop: string): ReactNode {
  const date = (d: Date | null) => (d ? formatDate(d) : '');
  switch (col) {
    case 'index':
      return task.identifier;
    case 'done':
      return task.done ? '✓' : '';
    case 'title':
      return (
        <Link to={pathFor('task.detail', { id: task.id })} state={{ backdrop }}>
          {task.title}
        </Link>
      );
    case 'priority':
      return <PriorityLabel priority={task.priority} done={task.done} showAll />;
    case 'labels':
      return task.labels.map((l) => <LabelChip key={l.id} label={l} />);
    case 'assignees':
      return task.assignees.map((a) => <UserAvatar key={a.id} user={a} size={24} />);
    case 'dueDate':
      return <span className={isOverdue(task) ? 'task-due is-overdue' : ''}>{date(task.dueDate)}</span>;
    case 'startDate':
      return date(task.startDate);
    case 'endDate':
      return date(task.endDate);
    case 'percentDone':
      return formatPercent(Math.round(task.percentDone * 100) / 100);
    case 'doneAt':
      return date(task.doneAt);
    case 'created':
      return date(task.created);
    case 'updated':
      return date(task.updated);
    case 'createdBy':
      return task.createdBy ? userLabel(task.createdBy) : '';
  }
}

export default function TableView({ params }: { params?: Record<string, string> }) {
  const t = useT();
  const routeParams = useParams();
  const listId = Number((params ?? routeParams).listId);
  const location = useLocation();
  const list = useListMeta(listId, 'list.table');
  usePageTitle(list?.title ?? null);
  const { filters, setFilters, applied } = useListFilters(listId);
  const { state } = useListTasks(listId, applied);
  const [columns, setColumns] = useState<TableColumn[]>(() => readColumns(listId));
  const [chooser, setChooser] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const showLoading = useDelayedFlag(state.loading && state.tasks.length === 0);
  const template = useMemo(() => columns.map(columnWidth).join(' '), [columns]);
  // Every row gets the same minimum width, so the columns of virtual rows line up with the header when it scrolls.
  const minWidth = useMemo(() => columns.reduce((sum, c) => sum + MIN_WIDTH[c], 0), [columns]);
  const more = useMoreToTheRight(scroller, minWidth);
  // Rows are measured: long titles and many labels wrap onto more lines instead of being cut.
  const virtualizer = useVirtualizer({
    count: state.tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 41,
    overscan: 10,
    getItemKey: (i) => state.tasks[i].id,
  });
  const navigate = useNavigate();
  // j/k/x/shift+x/Enter/Escape (registry commands) drive the table like the list view.
  const ids = useMemo(() => state.tasks.map((x) => x.id), [state.tasks]);
  const nav = useListKeyboardNav({
    scope: `table-${listId}`,
    ids,
    onOpen: (id) => void navigate(pathFor('task.detail', { id }), { state: { backdrop: location.pathname } }),
    reveal: (_id, index) => index >= 0 && virtualizer.scrollToIndex(index),
    focusList: () => scroller.current?.focus({ preventScroll: true }),
    root: scroller,
  });
  // As the list view: the table opens with its rows ready for j/k, and the focus never stays on the page body.
  useEffect(() => {
    if (takeViewFocus() || !document.activeElement || document.activeElement === document.body) scroller.current?.focus({ preventScroll: true });
  }, []);

  const toggleColumn = (c: TableColumn) => {
    const next = columns.includes(c) ? columns.filter((x) => x !== c) : TABLE_COLUMNS.filter((x) => x === c || columns.includes(x));
    if (next.length === 0) return;
    setColumns(next);
    writeColumns(listId, next);
  };
  const sortBy = (c: TableColumn) => {
    const field = SORT_FIELD[c];
    if (!field) return;
    setFilters({ ...filters, sortBy: field, orderBy: filters.sortBy === field && filters.orderBy === 'asc' ? 'desc' : 'asc' });
  };

  return (
    <div className={`list-view table-view${list?.backgroundInformation ? ' has-background' : ''}`}>
      <ListBackdrop list={list} />
      <header className="list-view-header">
        <h1 className="list-view-title">{list?.title ?? ''}</h1>
        <ListViewSwitcher listId={listId} />
      </header>
      <div className="list-view-toolbar">
        <FilterPopup filters={filters} setFilters={setFilters} listId={listId} />
        <div className="filter-popup-wrap">
          <button type="button" className="btn btn-secondary" aria-expanded={chooser} onClick={() => setChooser((o) => !o)}>
            {t('task.table.columns')}
          </button>
          {chooser && (
            <fieldset className="filter-popup table-columns" onKeyDown={(e) => e.key === 'Escape' && setChooser(false)}>
              <legend className="visually-hidden">{t('task.table.columns')}</legend>
              {TABLE_COLUMNS.map((c) => (
                <label key={c} className="filter-check">
                  <input type="checkbox" checked={columns.includes(c)} onChange={() => toggleColumn(c)} />
                  {t(`task.table.col.${c}`)}
                </label>
              ))}
            </fieldset>
          )}
        </div>
        <span className="list-view-count">{state.loaded ? t('task.count', { count: state.tasks.length }) : ''}</span>
      </div>
      {showLoading && <Loading />}
      <div className={`table-scroll-wrap${more ? ' has-more' : ''}`}>
        <div
          ref={scroller}
          tabIndex={-1}
          className="task-list-scroll table-scroll"
          role="table"
          aria-label={list?.title ?? t('task.listLabel')}
          aria-rowcount={state.tasks.length + 1}
        >
          <div className="table-row table-head" role="row" style={{ gridTemplateColumns: template, minWidth }}>
            {columns.map((c) => {
              const field = SORT_FIELD[c];
              const sorted = field && filters.sortBy === field ? filters.orderBy : null;
              return (
                <div key={c} role="columnheader" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'} className="table-cell">
                  {field ? (
                    <button type="button" className="table-sort" onClick={() => sortBy(c)}>
                      {t(`task.table.col.${c}`)}
                      <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                    </button>
                  ) : (
                    t(`task.table.col.${c}`)
                  )}
                </div>
              );
            })}
          </div>
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth }}>
            {virtualizer.getVirtualItems().map((v) => {
              const task = state.tasks[v.index];
              const navProps = nav.rowProps(task.id);
              return (
                <div
                  key={v.key}
                  role="row"
                  ref={virtualizer.measureElement}
                  data-index={v.index}
                  aria-rowindex={v.index + 2}
                  {...navProps}
                  className={`table-row${task.done ? ' is-done' : ''} ${navProps.className}`}
                  style={{
                    gridTemplateColumns: template,
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    minWidth,
                    transform: `translateY(${v.start}px)`,
                  }}
                >
                  {columns.map((c) => (
                    <div key={c} role="cell" className="table-cell">
                      {cell(task, c, location.pathname)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
