// The kanban view (list.kanban): the board of buckets, card drag and drop, the roving focus and the delete confirmations.
import { useCallback, useMemo, useRef, useState, useEffect, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Active,
  type DragCancelEvent,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type Over,
} from '@dnd-kit/core';
import { useT } from '../../i18n';
import { pathFor } from '../../routes';
import { usePageTitle } from '../../app/usePageTitle';
import { success } from '../../app/toast';
import type { Bucket } from '../../api/buckets';
import type { Task } from '../../api/tasks';
import * as actions from '../../actions';
import { activeBoard, setActiveBoard, type ActiveBoard } from '../../state/kanbanBoard';
import { takeViewFocus } from '../../state/focusRequests';
import { takeReturnRow } from '../../state/selection';
import { NEW_BUCKET_TARGET, arrowLeavesInput, boardStop, boardTargets, nextBoardTarget, rovingTarget } from './views/boardFocus';
import { Loading } from '../../components/Loading';
import { Modal } from '../../components/Modal';
import { canWriteList, useListMeta } from './useListMeta';
import { ListViewSwitcher } from './ListViewSwitcher';
import { grabbedTask, refocusAfterKeyboardDrag } from './views/lentDraggable';
import { bucketOf, dropTarget, kanbanCollision, keyboardCoordinates, type DropTarget } from './kanban/boardDrag';
import { Column } from './kanban/KanbanColumn';
import { useBoard } from './kanban/useBoard';
import './listViews.css';
import './kanban.css';
import { POINTER_OPTIONS } from '../../components/dndSensors';
import { ListBackdrop } from '../../components/ListBackdrop';

export default function KanbanView({ params }: { params?: Record<string, string> }) {
  const t = useT();
  const routeParams = useParams();
  const listId = Number((params ?? routeParams).listId);
  const list = useListMeta(listId, 'list.kanban');
  usePageTitle(list?.title ?? null);
  const canWrite = canWriteList(list);
  const board = useBoard(listId);
  const { buckets, pages, collapsed, findTask, bucketsNow } = board;
  const [newBucket, setNewBucket] = useState('');
  const [deleting, setDeleting] = useState<Bucket | null>(null);
  const [dragging, setDragging] = useState<Task | null>(null);
  const [drop, setDropState] = useState<DropTarget | null>(null);
  const dropRef = useRef<DropTarget | null>(null);
  const boardEl = useRef<HTMLDivElement | null>(null);

  // Space alone picks a card up: Enter on a card opens it (as a link does), and still drops a card being moved.
  const keyboardOptions = useMemo(
    () => ({ coordinateGetter: keyboardCoordinates(boardEl), keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
    [],
  );
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
    boardEl.current?.querySelector<HTMLElement>(`[data-board-target="${key}"]`)?.focus();
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
  const openTask = useCallback(
    (id: number) => void navigate(pathFor('task.detail', { id }), { state: { backdrop: location.pathname } }),
    [navigate, location.pathname],
  );
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
    // The move shows at once (the action writes the task first); the card keeps the focus in its new bucket.
    const saved = board.moveCard(taskId, bucketId, undefined, true);
    setRovingKey(`task:${taskId}`);
    requestAnimationFrame(() => boardEl.current?.querySelector<HTMLElement>(`[data-board-target="task:${taskId}"]`)?.focus());
    await saved;
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
        return !!el?.dataset?.boardTarget && !!boardEl.current?.contains(el);
      },
      buckets: () => bucketsNow().map((b) => ({ id: b.id, title: b.title, taskIds: b.tasks.map((x) => x.id) })),
      open: (id) => latest.current.openTask(id),
      toggleDone: async (id) => {
        const task = findTask(id);
        if (task) await actions.tasks.setDone(task, !task.done);
      },
      askDelete: (id) => setDeletingTask(findTask(id) ?? null),
      moveToBucket: (id, bucketId) => latest.current.moveToBucket(id, bucketId),
    };
    setActiveBoard(registered);
    return () => {
      if (activeBoard() === registered) setActiveBoard(null);
    };
    // findTask and bucketsNow read the store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listId]);

  // Once the board is there: a task closed over it hands the focus back to its card; a switch from another view puts
  // the focus on the board, so one Tab reaches its roving card.
  const boardReady = buckets !== null;
  useEffect(() => {
    if (!boardReady) return;
    const returned = takeReturnRow(
      columns.flat().flatMap((k) => (k.startsWith('task:') ? [Number(k.slice(5))] : [])),
      boardEl.current,
    );
    if (returned !== null) focusTarget(`task:${returned}`);
    else if (takeViewFocus()) boardEl.current?.focus({ preventScroll: true });
    // Once per board shown: later changes of the cards must not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [boardReady]);

  const bucketTitle = (id: number | undefined) => bucketsNow().find((b) => b.id === id)?.title ?? '';

  /** Where the card would land (`raw`), and the drop mark to show: none where the card would stay where it is. */
  const rawTarget = useRef<DropTarget | null>(null);
  const targetOf = (active: Active, over: Over | null): DropTarget | null => {
    const target = dropTarget(boardEl.current, active, over);
    rawTarget.current = target;
    const source = bucketsNow().find((b) => b.tasks.some((x) => x.id === grabbedTask(active)));
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
    refocusAfterKeyboardDrag(e.activatorEvent, () => boardEl.current?.querySelector<HTMLElement>(`[data-board-target="task:${grabbedTask(e.active)}"]`));
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
    if (target) void board.moveCard(grabbedTask(e.active), target.bucketId, target.index);
  };

  const announcements = {
    onDragStart: ({ active }: { active: Active }) => t('task.kanban.dragStarted', { title: findTask(grabbedTask(active))?.title ?? '' }),
    onDragOver: () => undefined,
    // Called after onDragMove, which has just measured the target.
    onDragMove: ({ active }: { active: Active }) => {
      const target = rawTarget.current;
      if (!target) return undefined;
      const count =
        (bucketsNow()
          .find((b) => b.id === target.bucketId)
          ?.tasks.filter((x) => x.id !== grabbedTask(active)).length ?? 0) + 1;
      return t('task.kanban.dragPosition', { position: target.index + 1, count, bucket: bucketTitle(target.bucketId) });
    },
    onDragEnd: ({ active, over }: { active: Active; over: Over | null }) =>
      t(over ? 'task.kanban.dragDropped' : 'task.kanban.dragCancelled', {
        title: findTask(grabbedTask(active))?.title ?? '',
        bucket: bucketTitle(bucketOf(over)),
      }),
    onDragCancel: ({ active }: { active: Active }) => t('task.kanban.dragCancelled', { title: findTask(grabbedTask(active))?.title ?? '' }),
  };

  // Stable, so the memoised cards do not re-render when the board does.
  const onCtrlClick = useCallback(
    (task: Task) => {
      if (canWrite) void actions.tasks.setDone(task, !task.done);
    },
    [canWrite],
  );

  if (!buckets) return <Loading />;
  return (
    <div className={`list-view kanban-view${list?.backgroundInformation ? ' has-background' : ''}`}>
      <ListBackdrop list={list} />
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
        <div className="kanban-board" ref={boardEl} tabIndex={-1} onKeyDown={onBoardKeyDown} onFocus={onBoardFocus} onClick={onBoardClick}>
          {buckets.map((bucket) => (
            <Column
              key={bucket.id}
              bucket={bucket}
              canWrite={canWrite}
              collapsed={!!collapsed[bucket.id]}
              exhausted={pages[bucket.id]?.exhausted ?? true}
              onToggleCollapse={() => board.toggleCollapsed(bucket.id)}
              onLoadMore={() => board.loadMore(bucket.id)}
              onRename={(title) => board.saveBucket(bucket.id, { title }, 'task.kanban.titleSaved')}
              onLimit={(limit) => board.saveBucket(bucket.id, { limit })}
              onDoneBucket={(isDoneBucket) => board.saveBucket(bucket.id, { isDoneBucket })}
              onDelete={() => setDeleting(bucket)}
              isLast={buckets.length <= 1}
              onCtrlClick={onCtrlClick}
              draggingId={dragging?.id ?? null}
              dropIndex={drop?.bucketId === bucket.id ? drop.index : null}
              roving={roving}
              onAdd={(text) => board.addCards(bucket.id, text)}
            />
          ))}
          {canWrite && (
            <form
              className="kanban-new-bucket"
              onSubmit={async (e) => {
                e.preventDefault();
                const title = newBucket.trim();
                if (!title) return;
                if (await board.createBucket(title)) setNewBucket('');
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
          // Among the cards only: the add-task box below them is not where a deleted card's focus belongs.
          const column = (columns.find((c) => c.includes(`task:${task.id}`)) ?? []).filter((k) => k.startsWith('task:'));
          const at = column.indexOf(`task:${task.id}`);
          // The focus goes to the card below (or above) the deleted one, never to the page.
          const neighbour = column[at + 1] ?? column[at - 1] ?? null;
          if (neighbour) requestAnimationFrame(() => focusTarget(neighbour));
          if (await actions.tasks.remove(task.id)) void success(t('task.kanban.cardDeleted', { title: task.title }));
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
          const id = deleting.id;
          setDeleting(null);
          await board.deleteBucket(id);
        }}
      >
        <p>{t('task.kanban.deleteBucketText')}</p>
      </Modal>
    </div>
  );
}
