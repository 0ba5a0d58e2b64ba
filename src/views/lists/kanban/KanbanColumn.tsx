// A kanban bucket: header (collapse, title, count, options menu), its cards with the drop mark, paging and quick-add.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { useT } from '../../../i18n';
import type { Bucket } from '../../../api/buckets';
import type { Task } from '../../../api/tasks';
import { useLentDraggable } from '../views/useLentDraggable';
import { boardStop, type BoardTarget } from '../views/boardFocus';
import { Card } from './KanbanCard';

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

export function Column(props: ColumnProps) {
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

