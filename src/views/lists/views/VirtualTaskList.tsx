// The virtualised list of task rows: only the visible rows are in the DOM; dragging a row's handle reorders with the position rule.
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Key,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import type { Active, DragCancelEvent, DragEndEvent, DragMoveEvent, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { useT } from '../../../i18n';
import { TaskRow } from '../../../components/TaskRow';
import type { Task } from '../../../api/tasks';
import { useLocation, useNavigate } from 'react-router-dom';
import { pathFor } from '../../../routes';
import { takeViewFocus } from '../../../state/focusRequests';
import { navPropsFor, useListKeyboardNav } from '../../../app/useListKeyboardNav';
import { insertionIndex, keyboardStep } from './dropPlace';
import { boxesWithout, grabbedTask, refocusAfterKeyboardDrag } from './lentDraggable';
import type { ListDragHandle } from './ListDrag';
import { ChunkBoundary } from '../../../components/ChunkBoundary';

/** A one-line row on a wide screen (44 px); when the estimate is right, measuring a new row moves no other row. */
export const ROW_ESTIMATE_PX = 44;
const scrollMemory = new Map<string, number>();

// The drag and drop (dnd-kit, about 100 KB) is not on the first rows' path: it loads once they are on screen. A load
// that failed (offline, before a service worker serves the app) is tried again, with a new lazy component, once online.
const lazyListDrag = () => lazy(() => import('./ListDrag'));

export interface VirtualTaskListProps {
  tasks: Task[];
  /** Key for remembering the scroll offset when the view is left and shown again. */
  memoryKey: string;
  canWrite: boolean;
  canReorder: boolean;
  showList?: boolean;
  onDoneChange: (task: Task, done: boolean) => void;
  onSave: (task: Task) => void | Promise<unknown>;
  /** Called with the moved task and its new index among the other tasks. */
  onReorder?: (task: Task, toIndex: number) => void;
}

interface Drop {
  /** Index among the other tasks. */
  index: number;
  /** Where the mark goes, in px from the top of the list. */
  top: number;
}

/** The rows on screen, in order, without the dragged one. */
function rowsOnScreen(list: HTMLElement | null, taskId: number) {
  const rows = boxesWithout(list?.querySelectorAll<HTMLElement>(':scope > [data-index]') ?? [], taskId).map((box) => ({
    ...box,
    index: Number(box.el.dataset.index),
  }));
  return rows.sort((a, b) => a.index - b.index);
}

/** Where the dragged row would land: before the first row on screen whose middle is below the dragged row's. */
function dropOf(list: HTMLElement | null, active: Active, from: number): Drop | null {
  const rect = active.rect.current.translated;
  if (!list || !rect) return null;
  const rows = rowsOnScreen(list, grabbedTask(active));
  if (rows.length === 0) return null;
  const k = insertionIndex(
    rows.map((r) => r.middle),
    rect.top + rect.height / 2,
  );
  const listTop = list.getBoundingClientRect().top;
  const next = rows[k];
  const last = rows[rows.length - 1];
  const fullIndex = next ? next.index : last.index + 1;
  const index = fullIndex > from ? fullIndex - 1 : fullIndex;
  return index === from ? null : { index, top: (next ? next.top : last.bottom) - listTop };
}

/** Up and down move a picked-up row one place. */
function keyboardCoordinates(list: RefObject<HTMLElement | null>): KeyboardCoordinateGetter {
  return (event, { context: { active, collisionRect } }) => {
    if (event.code !== 'ArrowUp' && event.code !== 'ArrowDown') return undefined;
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const middles = rowsOnScreen(list.current, grabbedTask(active)).map((r) => r.middle);
    return keyboardStep(event.code, collisionRect, [], undefined, middles);
  };
}

interface RowProps {
  task: Task;
  start: number;
  index: number;
  measure: (el: HTMLElement | null) => void;
  props: VirtualTaskListProps;
  focused: boolean;
  selected: boolean | undefined;
  dragging: boolean;
  /** dnd-kit's description of the drag keys, from the list's draggable. */
  describedBy: string | undefined;
}

// Memoised on plain values: scrolling re-renders the list, and only rows that enter the window should render. A row has
// no drag hooks (the list lends its one draggable to the row whose handle is pressed), which keeps mounting one cheap.
const Row = memo(function Row({ task, start, index, measure, props, focused, selected, dragging, describedBy }: RowProps) {
  const t = useT();
  const nav = navPropsFor(focused, selected);
  return (
    <div
      ref={measure}
      data-index={index}
      data-task-id={task.id}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` }}
      role="listitem"
      {...nav}
      className={`${nav.className}${dragging ? ' is-dragging' : ''}`}
    >
      <TaskRow
        task={task}
        showList={props.showList}
        disabled={!props.canWrite}
        onDoneChange={props.onDoneChange}
        onSave={props.onSave}
        handle={
          props.canReorder ? (
            <button
              type="button"
              className="drag-handle"
              aria-label={t('task.dragHandle', { title: task.title })}
              aria-describedby={describedBy}
              aria-pressed={dragging || undefined}
            >
              ⠿
            </button>
          ) : undefined
        }
      />
    </div>
  );
});

interface RowsProps {
  props: VirtualTaskListProps;
  items: { key: Key; index: number; start: number }[];
  totalSize: number;
  measure: (el: HTMLElement | null) => void;
  nav: ReturnType<typeof useListKeyboardNav>;
  list: RefObject<HTMLDivElement | null>;
  draggingId: number | null;
  drop: Drop | null;
  describedBy: string | undefined;
  /** A pointer or key pressed in the list: a press on a drag handle may start a drag. */
  onPress: (event: ReactPointerEvent | ReactKeyboardEvent, kind: 'pointer' | 'key') => void;
}

/** The rows, in the list element (the drop target while the drag code is loaded). */
function Rows({ props, items, totalSize, measure, nav, list, draggingId, drop, describedBy, onPress }: RowsProps) {
  const t = useT();
  const { tasks } = props;
  return (
    <div
      ref={list}
      role="list"
      aria-label={t('task.listLabel')}
      style={{ height: totalSize, position: 'relative' }}
      onPointerDown={(e: ReactPointerEvent) => onPress(e, 'pointer')}
      onKeyDown={(e: ReactKeyboardEvent) => onPress(e, 'key')}
    >
      {items.map((v) => (
        <Row
          key={v.key}
          task={tasks[v.index]}
          index={v.index}
          start={v.start}
          measure={measure}
          props={props}
          focused={nav.focusedId === tasks[v.index].id}
          selected={nav.isSelected(tasks[v.index].id)}
          dragging={draggingId === tasks[v.index].id}
          describedBy={describedBy}
        />
      ))}
      {drop && <div className="task-drop-mark" aria-hidden="true" style={{ top: drop.top - 2 }} />}
    </div>
  );
}

/** A press on a drag handle made before the drag code arrived, handed to it when it does. */
interface PendingPress {
  event: ReactPointerEvent | ReactKeyboardEvent;
  kind: 'pointer' | 'key';
  row: HTMLElement;
}

/** The keys that pick a row up (dnd-kit's keyboard sensor's defaults). */
const PICK_UP_KEYS = ['Space', 'Enter'];

/** Lends the list's draggable to the pressed row and hands the press to the draggable's listeners. */
function hand(handle: ListDragHandle, press: PendingPress): void {
  if (!handle.listeners || !press.row.isConnected) return;
  handle.lend(press.row);
  handle.listeners[press.kind === 'pointer' ? 'onPointerDown' : 'onKeyDown']?.(press.event);
}

export function VirtualTaskList(props: VirtualTaskListProps) {
  const { tasks, memoryKey } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement | null>(null);
  const [dragging, setDragging] = useState<{ task: Task; index: number } | null>(null);
  const [drop, setDropState] = useState<Drop | null>(null);
  const dropRef = useRef<Drop | null>(null);
  // The dragged row stays mounted while the list scrolls under it: it is the node dnd-kit measures.
  const draggingIndex = dragging?.index;
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return draggingIndex === undefined || indexes.includes(draggingIndex) ? indexes : [...indexes, draggingIndex].sort((a, b) => a - b);
    },
    [draggingIndex],
  );
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    // The first render already holds the rows: without a size the list has none until its layout effect measured the
    // scroll box, and a second, synchronous render inside the first commit adds them (a forced layout between the two).
    // The window's size is an upper bound of the box; rows past its end are a little extra overscan, once.
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
    overscan: 4,
    // Rows that scroll into view render in their own task rather than inside the scroll event's frame: a fast
    // fling mounts ~26 rows at once, and doing that in the frame made it a long task (50-80 ms on two cores). With
    // four rows of overscan, a row can come one frame late only when scrolling faster than ~10,000 px/s.
    useFlushSync: false,
    getItemKey: (i) => tasks[i].id,
    initialOffset: () => scrollMemory.get(memoryKey) ?? 0,
    rangeExtractor,
  });
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useMemo(() => tasks.map((x) => x.id), [tasks]);
  // j/k/x/shift+x/Enter/Escape (registry commands) drive this list while it is on screen.
  const nav = useListKeyboardNav({
    scope: memoryKey,
    ids,
    // Enter opens the task over the list, as a click on its title does, so Escape comes back to this row.
    onOpen: (id) => void navigate(pathFor('task.detail', { id }), { state: { backdrop: location.pathname + location.search } }),
    reveal: (_id, index) => index >= 0 && virtualizer.scrollToIndex(index),
    focusList: () => scroller.current?.focus({ preventScroll: true }),
    root: scroller,
  });
  // A list opens with its rows ready for j/k: the focus goes to the list, not into a text field, and never stays on
  // the page body (where the next Tab would start from the top of the page); a switch from another view brings it here.
  useEffect(() => {
    if (takeViewFocus() || !document.activeElement || document.activeElement === document.body) scroller.current?.focus({ preventScroll: true });
  }, []);
  const coordinateGetter = useMemo(() => keyboardCoordinates(list), []);

  // The drag code: loaded while idle once the rows are on screen, or at once by a press on a handle.
  const [dragWanted, setDragWanted] = useState(false);
  const [ListDrag, setListDrag] = useState(lazyListDrag);
  const [dragFailed, setDragFailed] = useState(false);
  useEffect(() => {
    if (!dragFailed) return undefined;
    const retry = () => {
      setListDrag(lazyListDrag);
      setDragFailed(false);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [dragFailed]);
  const dragHandle = useRef<ListDragHandle | null>(null);
  const pending = useRef<PendingPress | null>(null);
  const [describedBy, setDescribedBy] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!props.canReorder || dragWanted) return undefined;
    const want = () => setDragWanted(true);
    const idle = window.requestIdleCallback?.(want, { timeout: 1000 }) ?? window.setTimeout(want, 200);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(idle) : window.clearTimeout(idle));
  }, [props.canReorder, dragWanted]);
  const onDragReady = useCallback((handle: ListDragHandle | null, id: string | undefined) => {
    dragHandle.current = handle;
    setDescribedBy(id);
    const press = pending.current;
    pending.current = null;
    if (handle && press) hand(handle, press);
  }, []);
  /** Lends the list's draggable to the row whose handle is pressed. */
  const onPress = (event: ReactPointerEvent | ReactKeyboardEvent, kind: 'pointer' | 'key') => {
    const row = (event.target as Element).closest('.drag-handle')?.closest<HTMLElement>('[data-index]');
    if (!row || !list.current?.contains(row)) return;
    if (dragHandle.current) return hand(dragHandle.current, { event, kind, row });
    if (kind === 'key' && !PICK_UP_KEYS.includes((event as ReactKeyboardEvent).code)) return;
    // Not loaded yet: the press waits for the drag code, unless the pointer is let go first.
    if (kind === 'key') event.preventDefault();
    pending.current = { event, kind, row };
    if (kind === 'pointer') {
      const release = () => {
        if (pending.current?.event === event) pending.current = null;
      };
      window.addEventListener('pointerup', release, { once: true, capture: true });
      window.addEventListener('pointercancel', release, { once: true, capture: true });
    }
    setDragWanted(true);
  };

  useEffect(() => {
    const el = scroller.current;
    return () => {
      if (el) scrollMemory.set(memoryKey, el.scrollTop);
    };
  }, [memoryKey]);

  const setDrop = (next: Drop | null) => {
    const prev = dropRef.current;
    if (prev?.index === next?.index && prev?.top === next?.top) return;
    dropRef.current = next;
    setDropState(next);
  };
  const fromIndex = (active: Active) => tasks.findIndex((x) => x.id === grabbedTask(active));
  const finish = (e: { active: Active; activatorEvent: Event | null }) => {
    setDragging(null);
    setDrop(null);
    refocusAfterKeyboardDrag(e.activatorEvent, () => list.current?.querySelector<HTMLElement>(`[data-task-id="${grabbedTask(e.active)}"] .drag-handle`));
  };
  const onDragMove = (e: DragMoveEvent) => setDrop(dropOf(list.current, e.active, fromIndex(e.active)));
  const t = useT();
  const titleOf = (active: Active) => tasks.find((x) => x.id === grabbedTask(active))?.title ?? '';
  const announcements = {
    onDragStart: ({ active }: { active: Active }) => t('task.listDrag.started', { title: titleOf(active) }),
    onDragOver: () => undefined,
    // After onDragMove, which has just placed the mark (none: the row would stay where it is).
    onDragMove: ({ active }: { active: Active }) =>
      t('task.listDrag.position', { position: (dropRef.current?.index ?? fromIndex(active)) + 1, count: tasks.length }),
    onDragEnd: ({ active }: { active: Active }) => t('task.listDrag.dropped', { title: titleOf(active) }),
    onDragCancel: ({ active }: { active: Active }) => t('task.listDrag.cancelled', { title: titleOf(active) }),
  };
  const onDragEnd = (e: DragEndEvent) => {
    const from = fromIndex(e.active);
    const to = from === -1 ? null : dropOf(list.current, e.active, from);
    finish(e);
    if (to) props.onReorder?.(tasks[from], to.index);
  };

  return (
    <div ref={scroller} className="task-list-scroll" tabIndex={-1}>
      <Rows
        props={props}
        items={virtualizer.getVirtualItems()}
        totalSize={virtualizer.getTotalSize()}
        measure={virtualizer.measureElement}
        nav={nav}
        list={list}
        draggingId={dragging?.task.id ?? null}
        drop={drop}
        describedBy={describedBy}
        onPress={onPress}
      />
      {dragWanted && !dragFailed && (
        <ChunkBoundary onError={() => setDragFailed(true)}>
          <Suspense fallback={null}>
            <ListDrag
              list={list}
              disabled={!props.canReorder}
              coordinateGetter={coordinateGetter}
              onDragStart={(e) => {
                const index = fromIndex(e.active);
                setDragging(index === -1 ? null : { task: tasks[index], index });
              }}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
              onDragCancel={(e: DragCancelEvent) => finish(e)}
              instructions={t('task.listDrag.instructions')}
              announcements={announcements}
              preview={dragging ? dragging.task.title : null}
              onReady={onDragReady}
            />
          </Suspense>
        </ChunkBoundary>
      )}
    </div>
  );
}
