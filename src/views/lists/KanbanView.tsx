// The kanban view (list.kanban): buckets with title, limit, done bucket, collapse, create and delete; cards dragged within and between buckets.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactElement, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Active,
  type CollisionDetection,
  type DragCancelEvent,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type Over,
} from '@dnd-kit/core';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { usePageTitle } from '../../app/usePageTitle';
import { error as toastError, success } from '../../app/toast';
import { BUCKET_PAGE_SIZE, bucketFields, createBucket, deleteBucket, getBuckets, updateBucket, type Bucket } from '../../api/buckets';
import { deleteTask, getListTasks, type Task } from '../../api/tasks';
import { addTasks } from '../tasks/useAddTasks';
import { saveTask, toggleTaskDone, onTaskSaved, removeTask } from '../../state/tasks';
import { activeBoard, setActiveBoard, type ActiveBoard } from '../../state/kanbanBoard';
import { NEW_BUCKET_TARGET, arrowLeavesInput, boardStop, boardTargets, nextBoardTarget, rovingTarget, type BoardTarget } from './views/boardFocus';
import { Loading } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { LabelChip } from '../../components/LabelChip';
import { UserAvatar } from '../../components/UserAvatar';
import { PriorityLabel } from '../../components/PriorityLabel';
import { isOverdue } from '../../components/TaskRow';
import { formatDate } from '../../i18n/dateLocale';
import { canWriteList, useListMeta } from './useListMeta';
import { ListViewSwitcher } from './ListViewSwitcher';
import { moveCard, placeTask } from './views/kanbanState';
import { insertionIndex, keyboardStep } from './views/dropPlace';
import { boxesWithout, grabbedTask, refocusAfterKeyboardDrag, useLentDraggable } from './views/lentDraggable';
import './listViews.css';
import './kanban.css';
import { POINTER_OPTIONS } from '../../components/dndSensors';

/**
 * The drop target is the bucket under the pointer (or the closest one, for the keyboard); where the card lands in it
 * comes from the middles of its cards (`insertionIndex`). Cards are not drop targets themselves: with 250 of them,
 * dnd-kit measured each on every pointer move and re-rendered each whenever the card under the pointer changed.
 */
export const kanbanCollision: CollisionDetection = (args) => {
  const bucket = pointerWithin(args)[0] ?? closestCorners(args)[0];
  return bucket ? [bucket] : [];
};

const bucketOf = (droppable: { data: { current?: unknown } } | null | undefined) => (droppable?.data.current as { bucketId?: number } | undefined)?.bucketId;

/** The middles (viewport y) of a bucket's cards, top to bottom, without the dragged one. */
function cardMiddles(board: HTMLElement | null, bucketId: number, activeId: number): number[] {
  const cards = board?.querySelectorAll<HTMLElement>(`[data-bucket-id="${bucketId}"] .kanban-card`) ?? [];
  return boxesWithout(cards, activeId).map((box) => box.middle);
}

interface DropTarget {
  bucketId: number;
  index: number;
}

/** Where the dragged card would land now: the bucket under it and the place among that bucket's other cards. */
function dropTarget(board: HTMLElement | null, active: Active, over: Over | null): DropTarget | null {
  const bucketId = bucketOf(over);
  const rect = active.rect.current.translated;
  if (bucketId === undefined || !rect) return null;
  return { bucketId, index: insertionIndex(cardMiddles(board, bucketId, grabbedTask(active)), rect.top + rect.height / 2) };
}

/** Arrow keys move a picked-up card one place up or down, or to the neighbouring bucket. */
function keyboardCoordinates(board: RefObject<HTMLElement | null>): KeyboardCoordinateGetter {
  return (event, { context: { active, collisionRect, droppableRects, droppableContainers, over } }) => {
    if (!event.code.startsWith('Arrow')) return undefined;
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const buckets = droppableContainers
      .getEnabled()
      .flatMap((c) => {
        const box = droppableRects.get(c.id);
        const id = bucketOf(c);
        return box && id !== undefined ? [{ id, box }] : [];
      })
      .sort((a, b) => a.box.left - b.box.left);
    const bucketId = bucketOf(over);
    return keyboardStep(event.code, collisionRect, buckets, bucketId, bucketId === undefined ? [] : cardMiddles(board.current, bucketId, grabbedTask(active)));
  };
}

/** Buckets per list, kept while the app runs so the board comes back as it was. */
const boardMemory = new Map<number, Bucket[]>();
const COLLAPSED_KEY = 'kanbanCollapsed';

function readCollapsed(): Record<string, boolean> {
  try {
    return JSON.parse(window.localStorage.getItem(COLLAPSED_KEY) ?? '{}') as Record<string, boolean>;
  } catch {
    return {};
  }
}

interface CardProps {
  task: Task;
  onCtrlClick: (task: Task) => void;
  dragging: boolean;
  /** The card holding the board's roving focus: its link is the board's one Tab stop. */
  tabbable: boolean;
  /** dnd-kit's description of the drag keys, from the bucket's draggable. */
  describedBy: string | undefined;
}

/**
 * A card has no drag hooks: each bucket holds one draggable and lends it to the card pressed (see Column). With a
 * draggable per card, every card re-rendered whenever the drag entered another bucket, 250 of them on a full board.
 * The card is a plain list item; its title link is what takes the focus (Enter opens, Space picks the card up), so
 * nothing interactive sits inside another interactive element.
 */
const Card = memo(function Card({ task, onCtrlClick, dragging, tabbable, describedBy }: CardProps) {
  const color = task.hexColor ? `#${task.hexColor}` : undefined;
  return (
    <li className={`kanban-card${task.done ? ' is-done' : ''}${dragging ? ' is-dragging' : ''}`} style={{ borderLeftColor: color }} data-task-id={task.id}>
      <CardBody task={task} onCtrlClick={onCtrlClick} tabbable={tabbable} describedBy={describedBy} />
    </li>
  );
});

const CardBody = memo(function CardBody({ task, onCtrlClick, tabbable, describedBy }: Pick<CardProps, 'task' | 'onCtrlClick' | 'tabbable' | 'describedBy'>) {
  const location = useLocation();
  const onClick = (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      onCtrlClick(task);
    }
  };
  return (
    <>
      <Link
        className="kanban-card-title"
        to={pathFor('task.detail', { id: task.id })}
        state={{ backdrop: location.pathname }}
        onClick={onClick}
        tabIndex={tabbable ? 0 : -1}
        data-board-target={`task:${task.id}`}
        data-skip-target={tabbable || undefined}
        aria-describedby={describedBy}
      >
        <span className="kanban-card-id">{task.identifier}</span> {task.title}
      </Link>
      {(task.labels.length > 0 || task.dueDate || task.priority > 0) && (
        <div className="kanban-card-meta">
          {task.dueDate && <span className={`task-due${isOverdue(task) ? ' is-overdue' : ''}`}>{formatDate(task.dueDate)}</span>}
          <PriorityLabel priority={task.priority} done={task.done} />
          {task.labels.map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
        </div>
      )}
      {task.assignees.length > 0 && (
        <div className="task-assignees">
          {task.assignees.map((a) => (
            <UserAvatar key={a.id} user={a} size={24} />
          ))}
        </div>
      )}
    </>
  );
});

interface ColumnProps {
  bucket: Bucket;
  canWrite: boolean;
  collapsed: boolean;
  exhausted: boolean;
  onToggleCollapse: () => void;
  onLoadMore: () => void;
  onRename: (title: string) => void;
  onLimit: (limit: number) => void;
  onDoneBucket: (value: boolean) => void;
  onDelete: () => void;
  /** The list's only bucket: the server refuses to delete it (10003), so Delete is not offered. */
  isLast: boolean;
  onAdd: (title: string) => Promise<void>;
  onCtrlClick: (task: Task) => void;
  /** The card being dragged, and where it would land in this bucket (among the other cards) when it is the target. */
  draggingId: number | null;
  dropIndex: number | null;
  /** The board's roving focus target ("task:12", or "bucket:3" for an empty bucket). */
  roving: string | null;
}

function Column(props: ColumnProps) {
  const t = useT();
  const { bucket, canWrite, collapsed } = props;
  const stop = (key: BoardTarget) => boardStop(key, props.roving);
  const { setNodeRef, isOver } = useDroppable({ id: `bucket-${bucket.id}`, data: { bucketId: bucket.id } });
  const { drag, lend } = useLentDraggable(`grab-${bucket.id}`, !canWrite);
  /** Lends the bucket's draggable to the card pressed (with `linkOnly`, only when the card's focused link is the target). */
  const press = (target: EventTarget, linkOnly: boolean): boolean => {
    const card = (target as Element).closest<HTMLElement>('.kanban-card');
    if (!card || !cards.current?.contains(card) || (linkOnly && !(target as Element).matches('.kanban-card-title'))) return false;
    lend(card);
    return true;
  };
  const [title, setTitle] = useState(bucket.title);
  const [newTask, setNewTask] = useState('');
  const [menu, setMenu] = useState(false);
  useEffect(() => setTitle(bucket.title), [bucket.title]);
  const saveTitle = () => (title.trim() && title.trim() !== bucket.title ? props.onRename(title.trim()) : setTitle(bucket.title));
  const full = bucket.limit > 0 && bucket.tasks.length >= bucket.limit;
  // The next page loads on scrolling near the end, and at once while the cards do not fill the column (tall screens).
  const cards = useRef<HTMLUListElement | null>(null);
  const { exhausted, onLoadMore } = props;
  useEffect(() => {
    const el = cards.current;
    if (el && !exhausted && el.scrollHeight <= el.clientHeight + 80) onLoadMore();
    // Not on onLoadMore: it is a new function each render; the card count and the paging state decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bucket.tasks.length, exhausted]);

  return (
    <section className={`kanban-bucket${collapsed ? ' is-collapsed' : ''}${bucket.isDoneBucket ? ' is-done-bucket' : ''}${isOver ? ' is-over' : ''}`} aria-label={bucket.title} data-bucket-id={bucket.id}>
      <header className="kanban-bucket-header">
        <button
          type="button"
          className="icon-button"
          aria-expanded={!collapsed}
          aria-label={t(collapsed ? 'task.kanban.expand' : 'task.kanban.collapse', { title: bucket.title })}
          onClick={props.onToggleCollapse}
          {...stop(`toggle:${bucket.id}`)}
        >
          {collapsed ? '▸' : '▾'}
        </button>
        {bucket.isDoneBucket && (
          <span className="kanban-done-mark" title={t('task.kanban.doneBucket')} aria-label={t('task.kanban.doneBucket')}>
            ✓
          </span>
        )}
        <input
          className="kanban-bucket-title"
          aria-label={t('task.kanban.bucketTitle')}
          {...stop(`title:${bucket.id}`)}
          value={title}
          readOnly={!canWrite}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={saveTitle}
          // Enter saves and keeps the focus here: blurring would drop it on the page, outside the board.
          onKeyDown={(e) => e.key === 'Enter' && saveTitle()}
        />
        <span className={`kanban-count${full ? ' is-full' : ''}`}>{bucket.limit > 0 ? `${bucket.tasks.length}/${bucket.limit}` : bucket.tasks.length}</span>
        {canWrite && (
          <div className="kanban-menu-wrap">
            <button
              type="button"
              className="icon-button"
              aria-haspopup="true"
              aria-expanded={menu}
              aria-label={t('task.kanban.bucketMenu', { title: bucket.title })}
              onClick={() => setMenu((m) => !m)}
              {...stop(`menu:${bucket.id}`)}
            >
              ⋯
            </button>
            {menu && (
              <div className="kanban-menu" role="group" aria-label={t('task.kanban.bucketMenu', { title: bucket.title })} onKeyDown={(e) => e.key === 'Escape' && setMenu(false)}>
                <label>
                  {t('task.kanban.limit')}
                  <input type="number" min={0} defaultValue={bucket.limit} onBlur={(e) => Number(e.target.value) !== bucket.limit && props.onLimit(Math.max(0, Number(e.target.value) || 0))} />
                </label>
                <label className="filter-check">
                  <input type="checkbox" checked={bucket.isDoneBucket} onChange={(e) => props.onDoneBucket(e.target.checked)} />
                  {t('task.kanban.doneBucket')}
                </label>
                {/* aria-disabled rather than disabled keeps the button focusable, so the reason is heard. */}
                <button
                  type="button"
                  className="btn btn-tertiary kanban-delete"
                  aria-disabled={props.isLast || undefined}
                  aria-describedby={props.isLast ? `kanban-last-${bucket.id}` : undefined}
                  onClick={() => !props.isLast && (setMenu(false), props.onDelete())}
                >
                  {t('task.kanban.deleteBucket')}
                </button>
                {props.isLast && (
                  <p id={`kanban-last-${bucket.id}`} className="kanban-menu-note">
                    {t('task.kanban.lastBucket')}
                  </p>
                )}
              </div>
            )}
          </div>
        )}
      </header>
      {!collapsed && (
        <>
          <ul
            ref={(el) => {
              cards.current = el;
              setNodeRef(el);
            }}
            className="kanban-cards"
            onPointerDown={(e) => drag.listeners && press(e.target, false) && drag.listeners.onPointerDown(e)}
            // Space on a card's link picks the card up (the sensor starts on Space only); Enter keeps opening it.
            onKeyDown={(e) => e.code === 'Space' && drag.listeners && press(e.target, true) && drag.listeners.onKeyDown(e)}
            onScroll={(e) => {
              const el = e.currentTarget;
              if (!props.exhausted && el.scrollTop + el.clientHeight >= el.scrollHeight - 80) props.onLoadMore();
            }}
          >
            {bucket.tasks.length === 0 && (
              // An empty bucket is still a place the arrow keys reach, so the board never has a gap the focus skips.
              <li className="kanban-empty" {...stop(`bucket:${bucket.id}`)}>
                {t('task.kanban.empty')}
              </li>
            )}
            {withDropMark(
              bucket.tasks.map((task) => (
                <Card
                  key={task.id}
                  task={task}
                  onCtrlClick={props.onCtrlClick}
                  dragging={task.id === props.draggingId}
                  tabbable={props.roving === `task:${task.id}`}
                  describedBy={canWrite ? drag.attributes['aria-describedby'] : undefined}
                />
              )),
              bucket.tasks,
              props.draggingId,
              props.dropIndex,
            )}
          </ul>
          {canWrite && (
            <form
              className="kanban-add"
              onSubmit={(e) => {
                e.preventDefault();
                const value = newTask.trim();
                if (!value) return;
                setNewTask('');
                props.onAdd(value).catch(() => setNewTask(value));
              }}
            >
              <input
                className="input"
                aria-label={t('task.kanban.addTask', { title: bucket.title })}
                placeholder={t('task.kanban.addTaskPlaceholder')}
                value={newTask}
                onChange={(e) => setNewTask(e.target.value)}
                disabled={full}
                {...stop(`add:${bucket.id}`)}
              />
            </form>
          )}
        </>
      )}
    </section>
  );
}

/** The cards with the drop mark before the `dropIndex`-th card that is not the dragged one (or at the end). */
function withDropMark(cards: ReactElement[], tasks: Task[], draggingId: number | null, dropIndex: number | null): ReactElement[] {
  if (dropIndex === null) return cards;
  const mark = <li key="drop-mark" className="kanban-drop-mark" aria-hidden="true" />;
  let seen = 0;
  for (let i = 0; i < tasks.length; i += 1) {
    if (tasks[i].id === draggingId) continue;
    if (seen === dropIndex) return [...cards.slice(0, i), mark, ...cards.slice(i)];
    seen += 1;
  }
  return [...cards, mark];
}

export default function KanbanView({ params }: { params?: Record<string, string> }) {
  const t = useT();
  const routeParams = useParams();
  const listId = Number((params ?? routeParams).listId);
  const list = useListMeta(listId, 'list.kanban');
  usePageTitle(list?.title ?? null);
  const canWrite = canWriteList(list);
  const [buckets, setBucketsState] = useState<Bucket[] | null>(() => boardMemory.get(listId) ?? null);
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>(readCollapsed);
  const [pages, setPages] = useState<Record<number, { page: number; exhausted: boolean; loading: boolean }>>({});
  const [newBucket, setNewBucket] = useState('');
  const [deleting, setDeleting] = useState<Bucket | null>(null);
  const [dragging, setDragging] = useState<Task | null>(null);
  const [drop, setDropState] = useState<DropTarget | null>(null);
  const dropRef = useRef<DropTarget | null>(null);
  const board = useRef<HTMLDivElement | null>(null);
  const current = useRef<Bucket[] | null>(buckets);

  const setBuckets = useCallback(
    (next: Bucket[] | ((prev: Bucket[]) => Bucket[])) => {
      setBucketsState((prev) => {
        const value = typeof next === 'function' ? next(prev ?? []) : next;
        boardMemory.set(listId, value);
        current.current = value;
        return value;
      });
    },
    [listId],
  );

  const load = useCallback(() => {
    getBuckets(listId).then(
      (loaded) => {
        setBuckets(loaded);
        setPages(Object.fromEntries(loaded.map((b) => [b.id, { page: 1, exhausted: b.tasks.length < BUCKET_PAGE_SIZE, loading: false }])));
      },
      (err) => void toastError(err),
    );
  }, [listId, setBuckets]);

  useEffect(() => {
    setBucketsState(boardMemory.get(listId) ?? null);
    load();
  }, [listId, load]);

  // Saves elsewhere (detail, done toggles) move the card to its bucket.
  useEffect(() => onTaskSaved((task) => task.listId === listId && setBuckets((b) => placeTask(b, task))), [listId, setBuckets]);

  // Space alone picks a card up: Enter on a card opens it (as a link does), and still drops a card being moved.
  const keyboardOptions = useMemo(() => ({ coordinateGetter: keyboardCoordinates(board), keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }), []);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));

  // Roving focus: one card (or empty bucket) of the board is its Tab stop; the arrow keys move between them.
  const [rovingKey, setRovingKey] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const { columns, heads } = useMemo(() => boardTargets(buckets ?? [], collapsed, canWrite), [buckets, collapsed, canWrite]);
  const roving = rovingTarget(columns, rovingKey, heads);
  const focusTarget = useCallback((key: string) => {
    setRovingKey(key);
    // The target renders tabbable in the same pass; focusing at once also works while it is still -1.
    board.current?.querySelector<HTMLElement>(`[data-board-target="${key}"]`)?.focus();
  }, []);
  const draggingRef = useRef(false);
  draggingRef.current = dragging !== null;
  const onBoardKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const key = (e.target as HTMLElement).dataset?.boardTarget;
    if (!key || draggingRef.current || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.target instanceof HTMLInputElement && !arrowLeavesInput(e.target, e.key)) return;
    const next = nextBoardTarget(columns, key, e.key, heads);
    if (next === null) return;
    e.preventDefault();
    focusTarget(next);
  };
  const onBoardFocus = (e: FocusEvent<HTMLDivElement>) => {
    const key = (e.target as HTMLElement).dataset?.boardTarget;
    if (key) setRovingKey(key);
  };
  const openTask = useCallback((id: number) => void navigate(pathFor('task.detail', { id }), { state: { backdrop: location.pathname } }), [navigate, location.pathname]);
  const lastDragEnd = useRef(0);
  // A click anywhere on a card opens it, as in the reference; its own controls (the title link) keep their behaviour.
  const onBoardClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const card = target.closest<HTMLElement>('.kanban-card');
    if (!card || target.closest('a, button, input, select, textarea, label') || Date.now() - lastDragEnd.current < 300) return;
    const task = findTask(Number(card.dataset.taskId));
    if (!task) return;
    if (e.ctrlKey || e.metaKey) onCtrlClick(task);
    else openTask(task.id);
  };

  const [deletingTask, setDeletingTask] = useState<Task | null>(null);
  const moveToBucket = async (taskId: number, bucketId: number) => {
    const all = current.current;
    const to = all?.find((b) => b.id === bucketId);
    if (!all || !to) return;
    const result = moveCard(all, taskId, bucketId, to.tasks.filter((x) => x.id !== taskId).length);
    if (!result) return;
    setBuckets(result.buckets);
    // The card keeps the focus in its new bucket.
    setRovingKey(`task:${taskId}`);
    requestAnimationFrame(() => board.current?.querySelector<HTMLElement>(`[data-board-target="task:${taskId}"]`)?.focus());
    try {
      const saved = await saveTask(result.task);
      setBuckets((b) => placeTask(b, saved));
      void success(t('task.kanban.movedTo', { title: saved.title, bucket: to.title }));
    } catch (err) {
      setBuckets(all);
      void toastError(err);
    }
  };
  const latest = useRef({ roving, canWrite, openTask, moveToBucket });
  latest.current = { roving, canWrite, openTask, moveToBucket };
  useEffect(() => {
    const cardOf = (key: string | null) => (key?.startsWith('task:') ? Number(key.slice(5)) : null);
    const registered: ActiveBoard = {
      listId,
      get canWrite() {
        return latest.current.canWrite;
      },
      cardId: () => cardOf(latest.current.roving),
      hasFocus: () => {
        const el = document.activeElement as HTMLElement | null;
        return !!el?.dataset?.boardTarget && !!board.current?.contains(el);
      },
      buckets: () => (current.current ?? []).map((b) => ({ id: b.id, title: b.title, taskIds: b.tasks.map((x) => x.id) })),
      open: (id) => latest.current.openTask(id),
      toggleDone: async (id) => {
        const task = findTask(id);
        if (task) await toggleTaskDone(task, !task.done);
      },
      askDelete: (id) => setDeletingTask(findTask(id) ?? null),
      moveToBucket: (id, bucketId) => latest.current.moveToBucket(id, bucketId),
    };
    setActiveBoard(registered);
    return () => {
      if (activeBoard() === registered) setActiveBoard(null);
    };
    // findTask reads the ref of the current buckets.
  }, [listId]);

  const loadMore = async (bucket: Bucket) => {
    const state = pages[bucket.id];
    if (!state || state.loading || state.exhausted) return;
    setPages((p) => ({ ...p, [bucket.id]: { ...state, loading: true } }));
    try {
      const next = state.page + 1;
      const res = await getListTasks(listId, { filters: [{ field: 'bucket_id', comparator: 'equals', value: String(bucket.id) }], sortBy: ['kanban_position'], orderBy: ['asc'], perPage: BUCKET_PAGE_SIZE, page: next });
      setBuckets((all) => all.map((b) => (b.id === bucket.id ? { ...b, tasks: [...b.tasks, ...res.items.filter((x) => !b.tasks.some((y) => y.id === x.id))] } : b)));
      setPages((p) => ({ ...p, [bucket.id]: { page: next, loading: false, exhausted: next >= res.totalPages || res.items.length < BUCKET_PAGE_SIZE } }));
    } catch (err) {
      setPages((p) => ({ ...p, [bucket.id]: { ...state, loading: false } }));
      void toastError(err);
    }
  };

  const saveBucket = async (bucket: Bucket, change: Partial<Bucket>, message?: string) => {
    const before = current.current ?? [];
    // Optimistic, rolled back when the server refuses (e.g. a second done bucket).
    setBuckets((all) => all.map((b) => (b.id === bucket.id ? { ...b, ...change } : b)));
    try {
      const saved = await updateBucket({ ...bucket, ...change }, { onMerged: () => void success('task.kanban.bucketConflictMerged') });
      // The new stamp, so the next edit of this bucket is not taken for a stale one.
      setBuckets((all) => all.map((b) => (b.id === saved.id ? { ...b, ...bucketFields(saved) } : b)));
      if (message) void success(message);
    } catch (err) {
      setBuckets(before);
      void toastError(err);
    }
  };

  const findTask = (id: number) => current.current?.flatMap((b) => b.tasks).find((x) => x.id === id);
  const bucketTitle = (id: number | undefined) => current.current?.find((b) => b.id === id)?.title ?? '';

  /** Where the card would land (`raw`), and the drop mark to show: none where the card would stay where it is. */
  const rawTarget = useRef<DropTarget | null>(null);
  const targetOf = (active: Active, over: Over | null): DropTarget | null => {
    const target = dropTarget(board.current, active, over);
    rawTarget.current = target;
    const source = current.current?.find((b) => b.tasks.some((x) => x.id === grabbedTask(active)));
    if (!target || (source?.id === target.bucketId && source.tasks.findIndex((x) => x.id === grabbedTask(active)) === target.index)) return null;
    return target;
  };

  const setDrop = (next: DropTarget | null) => {
    const prev = dropRef.current;
    if (prev?.bucketId === next?.bucketId && prev?.index === next?.index) return;
    dropRef.current = next;
    setDropState(next);
  };

  const onDragStart = (e: DragStartEvent) => {
    setDragging(findTask(grabbedTask(e.active)) ?? null);
  };

  const onDragMove = (e: DragMoveEvent) => setDrop(targetOf(e.active, e.over));

  const refocus = (e: { active: Active; activatorEvent: Event | null }) => {
    lastDragEnd.current = Date.now();
    setRovingKey(`task:${grabbedTask(e.active)}`);
    refocusAfterKeyboardDrag(e.activatorEvent, () => board.current?.querySelector<HTMLElement>(`[data-board-target="task:${grabbedTask(e.active)}"]`));
  };

  const onDragCancel = (e: DragCancelEvent) => {
    setDragging(null);
    setDrop(null);
    refocus(e);
  };

  const onDragEnd = async (e: DragEndEvent) => {
    const target = targetOf(e.active, e.over);
    setDragging(null);
    setDrop(null);
    refocus(e);
    const all = current.current;
    if (!target || !all) return;
    const result = moveCard(all, grabbedTask(e.active), target.bucketId, target.index);
    if (!result) return;
    setBuckets(result.buckets);
    try {
      const saved = await saveTask(result.task);
      setBuckets((b) => placeTask(b, saved));
    } catch (err) {
      setBuckets(all);
      void toastError(err);
    }
  };

  const announcements = {
    onDragStart: ({ active }: { active: Active }) => t('task.kanban.dragStarted', { title: findTask(grabbedTask(active))?.title ?? '' }),
    onDragOver: () => undefined,
    // Called after onDragMove, which has just measured the target.
    onDragMove: ({ active }: { active: Active }) => {
      const target = rawTarget.current;
      if (!target) return undefined;
      const count = (current.current?.find((b) => b.id === target.bucketId)?.tasks.filter((x) => x.id !== grabbedTask(active)).length ?? 0) + 1;
      return t('task.kanban.dragPosition', { position: target.index + 1, count, bucket: bucketTitle(target.bucketId) });
    },
    onDragEnd: ({ active, over }: { active: Active; over: Over | null }) =>
      t(over ? 'task.kanban.dragDropped' : 'task.kanban.dragCancelled', { title: findTask(grabbedTask(active))?.title ?? '', bucket: bucketTitle(bucketOf(over)) }),
    onDragCancel: ({ active }: { active: Active }) => t('task.kanban.dragCancelled', { title: findTask(grabbedTask(active))?.title ?? '' }),
  };

  // Stable, so the memoised cards do not re-render when the board does.
  const onCtrlClick = useCallback(
    (task: Task) => {
      if (canWrite) void toggleTaskDone(task, !task.done);
    },
    [canWrite],
  );

  if (!buckets) return <Loading />;
  return (
    <div className="list-view kanban-view">
      <header className="list-view-header">
        <h1 className="list-view-title">{list?.title ?? ''}</h1>
        <ListViewSwitcher listId={listId} />
      </header>
      {list?.isArchived && <p className="list-archived-note">{t('task.archivedReadOnly')}</p>}
      <DndContext
        sensors={sensors}
        collisionDetection={kanbanCollision}
        onDragStart={onDragStart}
        onDragMove={onDragMove}
        onDragOver={onDragMove}
        onDragEnd={(e) => void onDragEnd(e)}
        onDragCancel={onDragCancel}
        accessibility={{ screenReaderInstructions: { draggable: t('task.kanban.dragInstructions') }, announcements }}
      >
        {/* Key and click handling for the cards is delegated here; each card's link is the focusable control. */}
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
        <div className="kanban-board" ref={board} onKeyDown={onBoardKeyDown} onFocus={onBoardFocus} onClick={onBoardClick}>
          {buckets.map((bucket) => (
            <Column
              key={bucket.id}
              bucket={bucket}
              canWrite={canWrite}
              collapsed={!!collapsed[bucket.id]}
              exhausted={pages[bucket.id]?.exhausted ?? true}
              onToggleCollapse={() =>
                setCollapsed((c) => {
                  const next = { ...c, [bucket.id]: !c[bucket.id] };
                  window.localStorage.setItem(COLLAPSED_KEY, JSON.stringify(next));
                  return next;
                })
              }
              onLoadMore={() => void loadMore(bucket)}
              onRename={(title) => void saveBucket(bucket, { title }, 'task.kanban.titleSaved')}
              onLimit={(limit) => void saveBucket(bucket, { limit })}
              onDoneBucket={(isDoneBucket) => void saveBucket(bucket, { isDoneBucket })}
              onDelete={() => setDeleting(bucket)}
              isLast={buckets.length <= 1}
              onCtrlClick={onCtrlClick}
              draggingId={dragging?.id ?? null}
              dropIndex={drop?.bucketId === bucket.id ? drop.index : null}
              roving={roving}
              onAdd={async (text) => {
                try {
                  // Quick-add syntax like everywhere; tasks of this list land in this bucket (others go to their list).
                  const tasks = await addTasks(text, [], {
                    currentListId: listId,
                    prepare: (task, taskListId) => (taskListId === listId ? { ...task, bucketId: bucket.id } : task),
                  });
                  setBuckets((all) => tasks.filter((x) => x.listId === listId).reduce(placeTask, all));
                } catch (err) {
                  void toastError(err);
                  throw err;
                }
              }}
            />
          ))}
          {canWrite && (
            <form
              className="kanban-new-bucket"
              onSubmit={async (e) => {
                e.preventDefault();
                const title = newBucket.trim();
                if (!title) return;
                try {
                  const created = await createBucket(listId, title);
                  setBuckets((all) => [...all, created]);
                  setPages((p) => ({ ...p, [created.id]: { page: 1, exhausted: true, loading: false } }));
                  setNewBucket('');
                } catch (err) {
                  void toastError(err);
                }
              }}
            >
              <input
                className="input"
                aria-label={t('task.kanban.newBucket')}
                placeholder={t('task.kanban.newBucket')}
                value={newBucket}
                onChange={(e) => setNewBucket(e.target.value)}
                {...boardStop(NEW_BUCKET_TARGET, roving)}
              />
            </form>
          )}
        </div>
        {/* No drop animation: the card is already in its new place, and the element the drag began on may be gone. */}
        <DragOverlay dropAnimation={null}>{dragging ? <div className="kanban-card is-overlay">{dragging.title}</div> : null}</DragOverlay>
      </DndContext>
      <Modal
        enabled={deletingTask !== null}
        title={t('task.kanban.deleteCardTitle')}
        onClose={() => setDeletingTask(null)}
        onSubmit={async () => {
          const task = deletingTask;
          if (!task) return;
          setDeletingTask(null);
          const before = current.current ?? [];
          // Among the cards only: the add-task box below them is not where a deleted card's focus belongs.
          const column = (columns.find((c) => c.includes(`task:${task.id}`)) ?? []).filter((k) => k.startsWith('task:'));
          const at = column.indexOf(`task:${task.id}`);
          setBuckets((all) => all.map((b) => ({ ...b, tasks: b.tasks.filter((x) => x.id !== task.id) })));
          // The focus goes to the card below (or above) the deleted one, never to the page.
          const neighbour = column[at + 1] ?? column[at - 1] ?? null;
          if (neighbour) requestAnimationFrame(() => focusTarget(neighbour));
          try {
            await deleteTask(task.id);
            removeTask(task.id);
            void success(t('task.kanban.cardDeleted', { title: task.title }));
          } catch (err) {
            setBuckets(before);
            void toastError(err);
          }
        }}
      >
        <p>{t('task.kanban.deleteCardText', { title: deletingTask?.title ?? '' })}</p>
      </Modal>
      <Modal
        enabled={deleting !== null}
        title={t('task.kanban.deleteBucketTitle')}
        onClose={() => setDeleting(null)}
        onSubmit={async () => {
          if (!deleting) return;
          try {
            await deleteBucket(listId, deleting.id);
            setDeleting(null);
            load();
          } catch (err) {
            setDeleting(null);
            void toastError(err);
          }
        }}
      >
        <p>{t('task.kanban.deleteBucketText')}</p>
      </Modal>
    </div>
  );
}
