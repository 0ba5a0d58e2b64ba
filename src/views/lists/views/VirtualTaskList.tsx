// The virtualised, sortable list of task rows: only the visible rows are in the DOM; drag reorders with the position rule.
import { memo, useCallback, useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useT } from '../../../i18n';
import { TaskRow } from '../../../components/TaskRow';
import type { Task } from '../../../api/tasks';
import { useNavigate } from 'react-router-dom';
import { pathFor } from '../../../routes';
import { navPropsFor, useListKeyboardNav } from '../../../app/useListKeyboardNav';
import { POINTER_OPTIONS, SORTABLE_KEYBOARD_OPTIONS } from '../../../components/dndSensors';

/** A one-line row on a wide screen (44 px); when the estimate is right, measuring a new row moves no other row. */
export const ROW_ESTIMATE_PX = 44;
const scrollMemory = new Map<string, number>();

export interface VirtualTaskListProps {
  tasks: Task[];
  /** Key for remembering the scroll offset when the view is left and shown again. */
  memoryKey: string;
  canWrite: boolean;
  canReorder: boolean;
  showList?: boolean;
  onDoneChange: (task: Task, done: boolean) => void;
  onSave: (task: Task) => void | Promise<unknown>;
  /** Called with the moved task and its new index in `tasks`. */
  onReorder?: (task: Task, toIndex: number) => void;
}

interface SortableRowProps {
  task: Task;
  start: number;
  index: number;
  measure: (el: HTMLElement | null) => void;
  props: VirtualTaskListProps;
  focused: boolean;
  selected: boolean | undefined;
}

// Memoised on plain values: scrolling re-renders the list, and only rows that enter the window should render.
const SortableRow = memo(function SortableRow({ task, start, index, measure, props, focused, selected }: SortableRowProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: task.id, disabled: !props.canReorder });
  // Stable, so React does not detach and re-attach it (and the virtualiser re-measure the row) on every render.
  const ref = useCallback(
    (el: HTMLElement | null) => {
      setNodeRef(el);
      measure(el);
    },
    [setNodeRef, measure],
  );
  const style: CSSProperties = {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    transform: `translateY(${start + (transform?.y ?? 0)}px)`,
    transition,
    zIndex: isDragging ? 2 : undefined,
    boxShadow: isDragging ? 'var(--shadow-lg)' : undefined,
  };
  return (
    <div ref={ref} data-index={index} style={style} role="listitem" {...navPropsFor(focused, selected)}>
      <TaskRow
        task={task}
        showList={props.showList}
        disabled={!props.canWrite}
        onDoneChange={props.onDoneChange}
        onSave={props.onSave}
        handle={
          props.canReorder ? (
            <button type="button" className="drag-handle" aria-label={t('task.dragHandle', { title: task.title })} {...attributes} {...listeners}>
              ⠿
            </button>
          ) : undefined
        }
      />
    </div>
  );
});

export function VirtualTaskList(props: VirtualTaskListProps) {
  const t = useT();
  const { tasks, memoryKey } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 4,
    getItemKey: (i) => tasks[i].id,
    initialOffset: () => scrollMemory.get(memoryKey) ?? 0,
  });
  const navigate = useNavigate();
  // A stable id array: a new one on every scroll render would make dnd-kit re-index all 10,000 items.
  const ids = useMemo(() => tasks.map((x) => x.id), [tasks]);
  // j/k/x/shift+x/Enter/Escape (registry commands) drive this list while it is on screen.
  const nav = useListKeyboardNav({
    scope: memoryKey,
    ids,
    onOpen: (id) => void navigate(pathFor('task.detail', { id })),
    reveal: (_id, index) => index >= 0 && virtualizer.scrollToIndex(index),
  });
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, SORTABLE_KEYBOARD_OPTIONS));

  useEffect(() => {
    const el = scroller.current;
    return () => {
      if (el) scrollMemory.set(memoryKey, el.scrollTop);
    };
  }, [memoryKey]);

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = tasks.findIndex((x) => x.id === e.active.id);
    const to = tasks.findIndex((x) => x.id === e.over!.id);
    if (from === -1 || to === -1) return;
    props.onReorder?.(tasks[from], to);
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div ref={scroller} className="task-list-scroll" tabIndex={-1}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <div role="list" aria-label={t('task.listLabel')} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((v) => (
              <SortableRow
                key={v.key}
                task={tasks[v.index]}
                index={v.index}
                start={v.start}
                measure={virtualizer.measureElement}
                props={props}
                focused={nav.focusedId === tasks[v.index].id}
                selected={nav.isSelected(tasks[v.index].id)}
              />
            ))}
          </div>
        </SortableContext>
      </DndContext>
    </div>
  );
}
