// The kanban view (list.kanban): buckets with title, limit, done bucket, collapse, create and delete; cards dragged within and between buckets.
import { memo, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, closestCorners, pointerWithin, useDroppable, useSensor, useSensors, type CollisionDetection, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { usePageTitle } from '../../app/usePageTitle';
import { error as toastError, success } from '../../app/toast';
import { BUCKET_PAGE_SIZE, createBucket, deleteBucket, getBuckets, updateBucket, type Bucket } from '../../api/buckets';
import { getListTasks, type Task } from '../../api/tasks';
import { addTasks } from '../tasks/useAddTasks';
import { saveTask, toggleTaskDone, onTaskSaved } from '../../state/tasks';
import { Loading } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { LabelChip } from '../../components/LabelChip';
import { UserAvatar } from '../../components/UserAvatar';
import { PriorityLabel } from '../../components/PriorityLabel';
import { formatDate, isOverdue } from '../../components/TaskRow';
import { canWriteList, useListMeta } from './useListMeta';
import { ListViewSwitcher } from './ListViewSwitcher';
import { moveCard, placeTask } from './views/kanbanState';
import './listViews.css';
import './kanban.css';

/**
 * Collisions in two steps: the bucket under the pointer (or the closest one, for the keyboard), then the closest card
 * in that bucket. Measuring every card of the board on each pointer move cost most of a drag's frame time.
 */
export const kanbanCollision: CollisionDetection = (args) => {
  const isBucket = (id: string | number) => String(id).startsWith('bucket-');
  const buckets = args.droppableContainers.filter((c) => isBucket(c.id));
  const bucket = pointerWithin({ ...args, droppableContainers: buckets })[0] ?? closestCorners({ ...args, droppableContainers: buckets })[0];
  if (!bucket) return [];
  const bucketId = (args.droppableContainers.find((c) => c.id === bucket.id)?.data.current as { bucketId?: number } | undefined)?.bucketId;
  const cards = args.droppableContainers.filter((c) => !isBucket(c.id) && (c.data.current as { bucketId?: number } | undefined)?.bucketId === bucketId);
  const card = closestCorners({ ...args, droppableContainers: cards });
  return card.length ? card : [bucket];
};

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
  canWrite: boolean;
  onCtrlClick: (task: Task) => void;
}

const Card = memo(function Card({ task, canWrite, onCtrlClick }: CardProps) {
  // Every pointer move of a drag re-renders each sortable card (dnd-kit context): keep that to this shell, the body is memoised.
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id, disabled: !canWrite, data: { bucketId: task.bucketId } });
  const color = task.hexColor ? `#${task.hexColor}` : undefined;
  return (
    <li
      ref={setNodeRef}
      className={`kanban-card${task.done ? ' is-done' : ''}${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition, borderLeftColor: color }}
      data-task-id={task.id}
      {...attributes}
      {...listeners}
    >
      <CardBody task={task} onCtrlClick={onCtrlClick} />
    </li>
  );
});

const CardBody = memo(function CardBody({ task, onCtrlClick }: Pick<CardProps, 'task' | 'onCtrlClick'>) {
  const location = useLocation();
  const onClick = (e: MouseEvent) => {
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      onCtrlClick(task);
    }
  };
  return (
    <>
      <Link className="kanban-card-title" to={pathFor('task.detail', { id: task.id })} state={{ backdrop: location.pathname }} onClick={onClick}>
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
  onAdd: (title: string) => Promise<void>;
  onCtrlClick: (task: Task) => void;
}

function Column(props: ColumnProps) {
  const t = useT();
  const { bucket, canWrite, collapsed } = props;
  const { setNodeRef, isOver } = useDroppable({ id: `bucket-${bucket.id}`, data: { bucketId: bucket.id } });
  const [title, setTitle] = useState(bucket.title);
  const [newTask, setNewTask] = useState('');
  const [menu, setMenu] = useState(false);
  useEffect(() => setTitle(bucket.title), [bucket.title]);
  const full = bucket.limit > 0 && bucket.tasks.length >= bucket.limit;
  // The next page loads on scrolling near the end, and at once while the cards do not fill the column (tall screens).
  const cards = useRef<HTMLUListElement | null>(null);
  const { exhausted, onLoadMore } = props;
  useEffect(() => {
    const el = cards.current;
    if (el && !exhausted && el.scrollHeight <= el.clientHeight + 80) onLoadMore();
    // Not on onLoadMore: it is a new function each render; the card count and the paging state decide.
  }, [bucket.tasks.length, exhausted]);

  return (
    <section className={`kanban-bucket${collapsed ? ' is-collapsed' : ''}${bucket.isDoneBucket ? ' is-done-bucket' : ''}${isOver ? ' is-over' : ''}`} aria-label={bucket.title} data-bucket-id={bucket.id}>
      <header className="kanban-bucket-header">
        <button type="button" className="icon-button" aria-expanded={!collapsed} aria-label={t(collapsed ? 'task.kanban.expand' : 'task.kanban.collapse', { title: bucket.title })} onClick={props.onToggleCollapse}>
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
          value={title}
          readOnly={!canWrite}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => title.trim() && title.trim() !== bucket.title ? props.onRename(title.trim()) : setTitle(bucket.title)}
          onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
        />
        <span className={`kanban-count${full ? ' is-full' : ''}`}>{bucket.limit > 0 ? `${bucket.tasks.length}/${bucket.limit}` : bucket.tasks.length}</span>
        {canWrite && (
          <div className="kanban-menu-wrap">
            <button type="button" className="icon-button" aria-haspopup="true" aria-expanded={menu} aria-label={t('task.kanban.bucketMenu', { title: bucket.title })} onClick={() => setMenu((m) => !m)}>
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
                <button type="button" className="btn btn-tertiary kanban-delete" onClick={() => (setMenu(false), props.onDelete())}>
                  {t('task.kanban.deleteBucket')}
                </button>
              </div>
            )}
          </div>
        )}
      </header>
      {!collapsed && (
        <>
          <SortableContext items={bucket.tasks.map((x) => x.id)} strategy={verticalListSortingStrategy}>
            <ul
              ref={(el) => {
                cards.current = el;
                setNodeRef(el);
              }}
              className="kanban-cards"
              onScroll={(e) => {
                const el = e.currentTarget;
                if (!props.exhausted && el.scrollTop + el.clientHeight >= el.scrollHeight - 80) props.onLoadMore();
              }}
            >
              {bucket.tasks.map((task) => (
                <Card key={task.id} task={task} canWrite={canWrite} onCtrlClick={props.onCtrlClick} />
              ))}
            </ul>
          </SortableContext>
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
              <input className="input" aria-label={t('task.kanban.addTask', { title: bucket.title })} placeholder={t('task.kanban.addTaskPlaceholder')} value={newTask} onChange={(e) => setNewTask(e.target.value)} disabled={full} />
            </form>
          )}
        </>
      )}
    </section>
  );
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

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

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
      await updateBucket({ ...bucket, ...change });
      if (message) void success(message);
    } catch (err) {
      setBuckets(before);
      void toastError(err);
    }
  };

  const onDragStart = (e: DragStartEvent) => {
    const id = Number(e.active.id);
    setDragging(current.current?.flatMap((b) => b.tasks).find((x) => x.id === id) ?? null);
  };

  const onDragEnd = async (e: DragEndEvent) => {
    setDragging(null);
    const all = current.current;
    if (!e.over || !all) return;
    const taskId = Number(e.active.id);
    const overData = e.over.data.current as { bucketId?: number } | undefined;
    const overTask = all.flatMap((b) => b.tasks).find((x) => x.id === Number(e.over!.id));
    const toBucketId = overData?.bucketId ?? overTask?.bucketId;
    if (toBucketId === undefined) return;
    const target = all.find((b) => b.id === toBucketId)!;
    let toIndex = overTask ? target.tasks.findIndex((x) => x.id === overTask.id) : target.tasks.length;
    const fromIndex = target.tasks.findIndex((x) => x.id === taskId);
    if (fromIndex !== -1 && overTask?.id === taskId) return;
    const result = moveCard(all, taskId, toBucketId, toIndex);
    if (!result) return;
    const before = all;
    setBuckets(result.buckets);
    try {
      const saved = await saveTask(result.task);
      setBuckets((b) => placeTask(b, saved));
    } catch (err) {
      setBuckets(before);
      void toastError(err);
    }
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
      <DndContext sensors={sensors} collisionDetection={kanbanCollision} onDragStart={onDragStart} onDragEnd={(e) => void onDragEnd(e)} onDragCancel={() => setDragging(null)}>
        <div className="kanban-board">
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
              onCtrlClick={onCtrlClick}
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
              <input className="input" aria-label={t('task.kanban.newBucket')} placeholder={t('task.kanban.newBucket')} value={newBucket} onChange={(e) => setNewBucket(e.target.value)} />
            </form>
          )}
        </div>
        <DragOverlay>{dragging ? <div className="kanban-card is-overlay">{dragging.title}</div> : null}</DragOverlay>
      </DndContext>
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
