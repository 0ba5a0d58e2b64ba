// One dnd-kit draggable for many items (kanban cards of a bucket, task rows of a list), lent to the item pressed. With a
// draggable per item, every item re-rendered whenever a drag entered another target, and mounting one cost its hooks.
import { useMemo } from 'react';
import { useDraggable, type Active } from '@dnd-kit/core';

/** What the draggable carries: the task of the item it was last lent to. */
interface Grab {
  taskId: number;
}

/** The task being dragged. */
export const grabbedTask = (active: Active) => (active.data.current as Grab | undefined)?.taskId ?? 0;

/**
 * The draggable, and `lend(el)`: points it at `el` (which carries `data-task-id`) and records that task. Call it from
 * the press (pointer down or key down) before handing the event to the draggable's listeners, which read both.
 */
export function useLentDraggable(id: string, disabled: boolean) {
  // Mutable on purpose: the press writes the task here before dnd-kit reads the draggable's data.
  const grab = useMemo<Grab>(() => ({ taskId: 0 }), []);
  const drag = useDraggable({ id, disabled, data: grab });
  const lend = (el: HTMLElement) => {
    grab.taskId = Number(el.dataset.taskId);
    drag.setNodeRef(el);
  };
  return { drag, lend };
}

/** The elements' boxes (viewport px), without the one of the dragged task. */
export function boxesWithout(elements: Iterable<HTMLElement>, taskId: number) {
  const boxes: { el: HTMLElement; top: number; bottom: number; middle: number }[] = [];
  for (const el of elements) {
    if (Number(el.dataset.taskId) === taskId) continue;
    const r = el.getBoundingClientRect();
    boxes.push({ el, top: r.top, bottom: r.bottom, middle: r.top + r.height / 2 });
  }
  return boxes;
}

/**
 * After a drag with the keyboard the item keeps the focus, wherever it now is (dnd-kit would focus the element the drag
 * began on, which may be gone). `find` runs a frame later, once the moved item is rendered.
 */
export function refocusAfterKeyboardDrag(activatorEvent: Event | null, find: () => HTMLElement | null | undefined) {
  if (activatorEvent instanceof KeyboardEvent) requestAnimationFrame(() => find()?.focus());
}
