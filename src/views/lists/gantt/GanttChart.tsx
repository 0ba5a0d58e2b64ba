// The chart itself: a day header, weekend and today stripes, and one virtualised row per task with a bar to drag, resize or move by key.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useVirtualizer } from '@tanstack/react-virtual';
import { DndContext, PointerSensor, useDraggable, useSensor, useSensors, type DragEndEvent, type DragMoveEvent, type DragStartEvent } from '@dnd-kit/core';
import { addDays, differenceInCalendarDays, isWeekend } from 'date-fns';
import { useT } from '../../../i18n';
import { pathFor } from '../../../routes';
import type { Task } from '../../../api/tasks';
import { DEFAULT_TASK_COLOR } from '../../../model/tasks';
import { DATE_FORMAT_MONTH, formatDate } from '../../../i18n/dateLocale';
import { DAY_WIDTH, ROW_HEIGHT, barOf, datesForBar, rangeDays, shiftBar, taskSpan, type Bar, type DragMode, type GanttRange } from './ganttModel';
import { POINTER_OPTIONS } from '../../../components/dndSensors';
import { readableTextOn } from '../../../styles/readableText';
import { takeViewFocus } from '../../../state/focusRequests';
import { takeReturnRow } from '../../../state/selection';

export const TITLE_WIDTH = 240;
/** On a phone the name column yields to the days: a narrower one leaves room for about six of them at 390 px. */
export const NARROW_TITLE_WIDTH = 112;
const NARROW_QUERY = '(max-width: 600px)';

/** The name column's width for the window's width now, following it as it changes. */
function useTitleWidth(): number {
  const query = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(NARROW_QUERY) : null;
  const [narrow, setNarrow] = useState(() => !!query?.matches);
  useEffect(() => {
    if (!query) return undefined;
    const onChange = () => setNarrow(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
    // one query per chart
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return narrow ? NARROW_TITLE_WIDTH : TITLE_WIDTH;
}
/** Key presses on a bar are saved together once they pause this long. */
export const KEY_SAVE_DELAY_MS = 500;

export interface GanttChartProps {
  tasks: Task[];
  range: GanttRange;
  canWrite: boolean;
  /** Saves new dates for a task; rejects when the server refused (the chart then shows the old bar). */
  onDates: (task: Task, dates: { startDate: Date; endDate: Date }) => Promise<unknown>;
  now?: Date;
}

interface DragInfo {
  taskId: number;
  mode: DragMode;
}

export function GanttChart({ tasks, range, canWrite, onDates, now = new Date() }: GanttChartProps) {
  const t = useT();
  const titleWidth = useTitleWidth();
  const scroller = useRef<HTMLDivElement>(null);
  const days = rangeDays(range);
  const width = days * DAY_WIDTH;
  const todayIndex = differenceInCalendarDays(now, range.from);
  // Bars being dragged or moved by key, by task id, until their save settles.
  const [preview, setPreview] = useState<Map<number, Bar>>(new Map());
  const drag = useRef<DragInfo | null>(null);
  const keyTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const tasksRef = useRef(tasks);
  tasksRef.current = tasks;

  const setBar = useCallback((id: number, bar: Bar | null) => {
    setPreview((p) => {
      const next = new Map(p);
      if (bar) next.set(id, bar);
      else next.delete(id);
      return next;
    });
  }, []);

  const commit = useCallback(
    (id: number, bar: Bar) => {
      const task = tasksRef.current.find((x) => x.id === id);
      if (!task) return setBar(id, null);
      const before = barOf(task, range.from, now);
      if (!bar.undated && bar.startDay === before.startDay && bar.endDay === before.endDay && !before.undated) return setBar(id, null);
      onDates(task, datesForBar(task, bar, range.from)).finally(() => setBar(id, null));
    },
    // now is fixed per render of the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [range.from, onDates, setBar],
  );

  useEffect(() => {
    const timers = keyTimers.current;
    return () => timers.forEach((x) => clearTimeout(x));
  }, []);

  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS));
  const barFor = (task: Task) => preview.get(task.id) ?? barOf(task, range.from, now);
  const onDragStart = (e: DragStartEvent) => {
    drag.current = e.active.data.current as DragInfo;
  };
  const onDragMove = (e: DragMoveEvent) => {
    const info = drag.current;
    const task = info && tasksRef.current.find((x) => x.id === info.taskId);
    if (!info || !task) return;
    const moved = shiftBar(barOf(task, range.from, now), info.mode, Math.round(e.delta.x / DAY_WIDTH));
    setBar(task.id, { ...moved, undated: false });
  };
  const onDragEnd = (e: DragEndEvent) => {
    const info = drag.current;
    drag.current = null;
    const task = info && tasksRef.current.find((x) => x.id === info.taskId);
    if (!info || !task) return;
    const days = Math.round(e.delta.x / DAY_WIDTH);
    if (days === 0) return setBar(task.id, null);
    commit(task.id, { ...shiftBar(barOf(task, range.from, now), info.mode, days), undated: false });
  };
  const onDragCancel = () => {
    if (drag.current) setBar(drag.current.taskId, null);
    drag.current = null;
  };

  const onBarKey = (task: Task, e: KeyboardEvent) => {
    if (!canWrite || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    e.stopPropagation();
    const mode: DragMode = e.shiftKey ? 'end' : e.altKey ? 'start' : 'move';
    const next = { ...shiftBar(barFor(task), mode, e.key === 'ArrowLeft' ? -1 : 1), undated: false };
    setBar(task.id, next);
    const timers = keyTimers.current;
    clearTimeout(timers.get(task.id));
    timers.set(
      task.id,
      setTimeout(() => {
        timers.delete(task.id);
        commit(task.id, next);
      }, KEY_SAVE_DELAY_MS),
    );
  };

  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (i) => tasks[i].id,
  });

  // Open on today: the scroll starts a few days before it.
  useEffect(() => {
    const el = scroller.current;
    if (el && todayIndex >= 0 && todayIndex < days) el.scrollLeft = Math.max(0, (todayIndex - 3) * DAY_WIDTH);
    // only when the range changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range.from.getTime(), range.to.getTime()]);

  // A switch from another view puts the focus on the chart (arrows scroll the days, Tab reaches the first bar).
  useEffect(() => {
    if (takeViewFocus()) scroller.current?.focus({ preventScroll: true });
  }, []);

  // A task closed over the chart hands the focus back to its bar, once its row is rendered (the rows are virtual).
  const returnTo = useRef<number | null>(null);
  const ids = useMemo(() => tasks.map((x) => x.id), [tasks]);
  useEffect(() => {
    const id = takeReturnRow(ids, scroller.current);
    if (id === null) return;
    returnTo.current = id;
    virtualizer.scrollToIndex(ids.indexOf(id));
    // the virtualizer is the same object on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  // After each render (scrolling to the row renders it): the bar takes the focus once it is there.
  useEffect(() => {
    if (returnTo.current === null) return;
    const bar = scroller.current?.querySelector<HTMLElement>(`[data-bar-task="${returnTo.current}"]`);
    if (!bar) return;
    returnTo.current = null;
    bar.focus();
  });

  return (
    <DndContext sensors={sensors} onDragStart={onDragStart} onDragMove={onDragMove} onDragEnd={onDragEnd} onDragCancel={onDragCancel}>
      <p id="gantt-bar-hint" className="visually-hidden">
        {t(canWrite ? 'list.gantt.barHint' : 'list.gantt.barHintReadOnly')}
      </p>
      {/* A Tab stop of its own: without a mouse the arrow keys scroll the days only once the region has the focus. */}
      <div ref={scroller} className="gantt-scroll" role="region" aria-label={t('list.gantt.chart')} tabIndex={0}>
        <div className="gantt-canvas" style={{ width: titleWidth + width }}>
          <DayHeader range={range} days={days} todayIndex={todayIndex} titleWidth={titleWidth} />
          <div className="gantt-body" style={{ height: virtualizer.getTotalSize() }}>
            <DayStripes range={range} days={days} todayIndex={todayIndex} titleWidth={titleWidth} />
            <ul className="gantt-rows" aria-label={t('list.gantt.tasks')}>
              {virtualizer.getVirtualItems().map((v) => {
                const task = tasks[v.index];
                return (
                  <GanttRow
                    key={v.key}
                    task={task}
                    bar={barFor(task)}
                    top={v.start}
                    days={days}
                    canWrite={canWrite}
                    saving={preview.has(task.id)}
                    from={range.from}
                    titleWidth={titleWidth}
                    onKey={onBarKey}
                  />
                );
              })}
            </ul>
          </div>
        </div>
      </div>
    </DndContext>
  );
}

function DayHeader({ range, days, todayIndex, titleWidth }: { range: GanttRange; days: number; todayIndex: number; titleWidth: number }) {
  const t = useT();
  const cells = useMemo(() => Array.from({ length: days }, (_, i) => addDays(range.from, i)), [range.from, days]);
  const months = useMemo(() => {
    const out: { key: string; label: string; start: number; span: number }[] = [];
    cells.forEach((d, i) => {
      const key = `${d.getFullYear()}-${d.getMonth()}`;
      const last = out[out.length - 1];
      if (last && last.key === key) last.span += 1;
      else out.push({ key, label: formatDate(d, DATE_FORMAT_MONTH), start: i, span: 1 });
    });
    return out;
  }, [cells]);
  return (
    <div className="gantt-header" aria-hidden="true">
      <div className="gantt-corner" style={{ width: titleWidth }}>
        {t('list.gantt.task')}
      </div>
      <div className="gantt-header-days" style={{ width: days * DAY_WIDTH }}>
        <div className="gantt-months">
          {months.map((m) => (
            <span key={m.key} className="gantt-month" style={{ left: m.start * DAY_WIDTH, width: m.span * DAY_WIDTH }}>
              {m.label}
            </span>
          ))}
        </div>
        <div className="gantt-days">
          {cells.map((d, i) => (
            <span
              key={i}
              className={`gantt-day${isWeekend(d) ? ' is-weekend' : ''}${i === todayIndex ? ' is-today' : ''}`}
              style={{ left: i * DAY_WIDTH, width: DAY_WIDTH }}
            >
              {d.getDate()}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

const DayStripes = memo(function DayStripes({
  range,
  days,
  todayIndex,
  titleWidth,
}: {
  range: GanttRange;
  days: number;
  todayIndex: number;
  titleWidth: number;
}) {
  const stripes = useMemo(() => {
    const out: { i: number; cls: string }[] = [];
    for (let i = 0; i < days; i += 1) {
      if (i === todayIndex) out.push({ i, cls: 'is-today' });
      else if (isWeekend(addDays(range.from, i))) out.push({ i, cls: 'is-weekend' });
    }
    return out;
  }, [range.from, days, todayIndex]);
  return (
    <div className="gantt-stripes" style={{ left: titleWidth, width: days * DAY_WIDTH }} aria-hidden="true">
      {stripes.map((s) => (
        <span key={s.i} className={`gantt-stripe ${s.cls}`} style={{ left: s.i * DAY_WIDTH, width: DAY_WIDTH }} />
      ))}
    </div>
  );
});

interface GanttRowProps {
  task: Task;
  bar: Bar;
  top: number;
  days: number;
  canWrite: boolean;
  saving: boolean;
  from: Date;
  titleWidth: number;
  onKey: (task: Task, e: KeyboardEvent) => void;
}

function GanttRow({ task, bar, top, days, canWrite, saving, from, titleWidth, onKey }: GanttRowProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const detail = pathFor('task.detail', { id: task.id });
  const backdrop = location.pathname + location.search;
  const move = useDraggable({ id: `${task.id}:move`, data: { taskId: task.id, mode: 'move' }, disabled: !canWrite });
  const startHandle = useDraggable({ id: `${task.id}:start`, data: { taskId: task.id, mode: 'start' }, disabled: !canWrite });
  const endHandle = useDraggable({ id: `${task.id}:end`, data: { taskId: task.id, mode: 'end' }, disabled: !canWrite });
  // Only the part inside the range is drawn; the cut ends are marked.
  const first = Math.max(bar.startDay, 0);
  const last = Math.min(bar.endDay, days - 1);
  const visible = last >= first;
  const color = `#${task.hexColor || DEFAULT_TASK_COLOR}`;
  const dates = !taskSpan(task) ? t('list.gantt.noDates') : `${formatDate(addDays(from, bar.startDay))} – ${formatDate(addDays(from, bar.endDay))}`;
  const style: CSSProperties = {
    left: titleWidth + first * DAY_WIDTH,
    width: (last - first + 1) * DAY_WIDTH,
    ['--bar-color' as string]: color,
    // The task colour is anyone's choice: the label takes black or white, whichever reads on it.
    ['--bar-text' as string]: `#${readableTextOn(color)}`,
  };
  // A handle's press must not also start the bar's move.
  const handleDown = (listeners: typeof move.listeners) => (e: PointerEvent) => {
    e.stopPropagation();
    (listeners as { onPointerDown?: (ev: PointerEvent) => void } | undefined)?.onPointerDown?.(e);
  };

  return (
    <li className={`gantt-row${task.done ? ' is-done' : ''}`} style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }}>
      <div className="gantt-title" style={{ width: titleWidth }}>
        {/* One Tab stop per task: the bar (Enter opens it); the name is a stop only when the bar is out of the range. */}
        <Link to={detail} state={{ backdrop }} title={task.title} tabIndex={visible ? -1 : undefined}>
          {task.title}
        </Link>
      </div>
      {visible ? (
        <div
          ref={move.setNodeRef}
          {...(canWrite ? move.listeners : {})}
          role="button"
          tabIndex={0}
          data-bar-task={task.id}
          aria-roledescription={t('list.gantt.bar')}
          aria-label={`${task.title}: ${dates}`}
          aria-describedby="gantt-bar-hint"
          aria-busy={saving || undefined}
          className={`gantt-bar${bar.undated ? ' is-undated' : ''}${bar.startDay < 0 ? ' is-cut-start' : ''}${bar.endDay >= days ? ' is-cut-end' : ''}${canWrite ? ' is-draggable' : ''}`}
          style={style}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void navigate(detail, { state: { backdrop } });
            } else onKey(task, e);
          }}
        >
          {canWrite && bar.startDay >= 0 && (
            <span ref={startHandle.setNodeRef} className="gantt-handle is-start" aria-hidden="true" onPointerDown={handleDown(startHandle.listeners)} />
          )}
          <span className="gantt-bar-label">{task.title}</span>
          {canWrite && bar.endDay < days && (
            <span ref={endHandle.setNodeRef} className="gantt-handle is-end" aria-hidden="true" onPointerDown={handleDown(endHandle.listeners)} />
          )}
        </div>
      ) : (
        <span className="gantt-offscreen" style={{ left: titleWidth + (bar.endDay < 0 ? 0 : (days - 1) * DAY_WIDTH) }}>
          {bar.endDay < 0 ? '◀' : '▶'}
          <span className="visually-hidden">{`${task.title}: ${dates}`}</span>
        </span>
      )}
    </li>
  );
}
