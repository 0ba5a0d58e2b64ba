// Where a task dragged to a new index lands, by the position rule (midpoint, +65536, half, 0).
import { positionBetween } from '../../../state/position';
import type { Task } from '../../../api/tasks';

/** The list after moving `task` to `toIndex`, and the task's new position. */
export function moveTask(tasks: Task[], task: Task, toIndex: number, key: 'position' | 'kanbanPosition' = 'position'): { tasks: Task[]; position: number } {
  const rest = tasks.filter((x) => x.id !== task.id);
  const prev = rest[toIndex - 1];
  const next = rest[toIndex];
  const position = positionBetween(prev?.[key], next?.[key]);
  const moved = { ...task, [key]: position };
  rest.splice(toIndex, 0, moved);
  return { tasks: rest, position };
}
