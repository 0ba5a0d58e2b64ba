// Sensor options for dnd-kit, made once. useSensor memoises on the options object, so an object literal written in a
// render gave DndContext new activators on every render, and every draggable under it re-rendered with its owner
// (in the task list: every row on screen, on every scroll frame).
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** A press becomes a drag after 4 px, so clicks on what the handle or card holds still work. */
export const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
export const SORTABLE_KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };
