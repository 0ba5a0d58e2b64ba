// What a drag of a lent draggable (src/views/lists/views/useLentDraggable.ts) needs besides the hook: the task it
// carries, the boxes of the items beside it, the focus after a keyboard drag. No dnd-kit code: types only.
import type { Active } from '@dnd-kit/core';

/** What the draggable carries: the task of the item it was last lent to. */
export interface Grab {
  taskId: number;
}

/** The task being dragged. */
export const grabbedTask = (active: Active) => (active.data.current as Grab | undefined)?.taskId ?? 0;

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
