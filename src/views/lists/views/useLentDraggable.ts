// One dnd-kit draggable for many items (kanban cards of a bucket, task rows of a list), lent to the item pressed. With a
// draggable per item, every item re-rendered whenever a drag entered another target, and mounting one cost its hooks.
// Apart from lentDraggable.ts, whose helpers need no dnd-kit: the list view's first rows load them without the library.
import { useMemo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { Grab } from './lentDraggable';

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
