// The task list's drag and drop (dnd-kit), a chunk of its own: the list loads it once its first rows are on screen, or
// at the first press on a drag handle. It renders nothing into the list: it lends the list's one draggable to the row
// whose handle is pressed and makes the whole list the drop target (the place comes from the rows' middles).
import { useLayoutEffect, useMemo, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  getClientRect,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragCancelEvent,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { POINTER_OPTIONS } from '../../../components/dndSensors';
import { useLentDraggable } from './useLentDraggable';

const LIST_DROP_ID = 'task-list';
const DRAGGABLE_ID = 'task-row';

/** What the list calls on a press: lend the draggable to the row, then hand the event to the draggable's listeners. */
export interface ListDragHandle {
  lend: (row: HTMLElement) => void;
  /** Undefined while the rows cannot be reordered. */
  listeners: Record<string, (event: unknown) => void> | undefined;
}

export interface ListDragProps {
  list: RefObject<HTMLDivElement | null>;
  disabled: boolean;
  coordinateGetter: KeyboardCoordinateGetter;
  onDragStart: (e: DragStartEvent) => void;
  onDragMove: (e: DragMoveEvent) => void;
  onDragEnd: (e: DragEndEvent) => void;
  onDragCancel: (e: DragCancelEvent) => void;
  instructions: string;
  announcements: Announcements;
  /** The title shown under the pointer while a row is dragged (null: none is). */
  preview: string | null;
  /** The handle once the draggable is registered (null when the layer goes), and dnd-kit's id of the drag keys' description. */
  onReady: (handle: ListDragHandle | null, describedBy: string | undefined) => void;
}

/** The whole list is the one drop target (so dnd-kit scrolls it while dragging); the place comes from the rows' middles. */
const onTheList: CollisionDetection = ({ droppableContainers }) => droppableContainers.filter((c) => c.id === LIST_DROP_ID).map((c) => ({ id: c.id }));

/** A row is placed by its transform, so the dragged row is measured as it is on screen (dnd-kit's default leaves the transform out). */
const MEASURING = { draggable: { measure: getClientRect } };

/** Inside the drag context: holds the list's draggable and its drop target, and hands them to the list. */
function Bridge({ list, disabled, onReady }: Pick<ListDragProps, 'list' | 'disabled' | 'onReady'>) {
  const { drag, lend } = useLentDraggable(DRAGGABLE_ID, disabled);
  const target = useDroppable({ id: LIST_DROP_ID });
  const describedBy = drag.attributes['aria-describedby'];
  const listeners = drag.listeners as ListDragHandle['listeners'];
  useLayoutEffect(() => {
    target.setNodeRef(list.current);
    onReady({ lend, listeners }, describedBy);
  });
  useLayoutEffect(() => () => onReady(null, undefined), [onReady]);
  return null;
}

export default function ListDrag(props: ListDragProps) {
  const keyboardOptions = useMemo(() => ({ coordinateGetter: props.coordinateGetter }), [props.coordinateGetter]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={onTheList}
      measuring={MEASURING}
      onDragStart={props.onDragStart}
      onDragMove={props.onDragMove}
      onDragEnd={props.onDragEnd}
      onDragCancel={props.onDragCancel}
      accessibility={{ screenReaderInstructions: { draggable: props.instructions }, announcements: props.announcements }}
    >
      <Bridge list={props.list} disabled={props.disabled} onReady={props.onReady} />
      {/* In the body: a fixed overlay inside the list's containers would be placed relative to one of them. */}
      {createPortal(<DragOverlay dropAnimation={null}>{props.preview !== null ? <div className="task-drag-preview">{props.preview}</div> : null}</DragOverlay>, document.body)}
    </DndContext>
  );
}
