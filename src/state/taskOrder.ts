// Where a task belongs in a list loaded with a sort: the server's order (requested fields, NULL dates last, then
// id ascending), so a task added on the client sits where the next load will show it.
import type { Task } from '../api/tasks';

type Value = number | string | boolean | Date | null;
const FIELDS: Record<string, (t: Task) => Value> = {
  position: (t) => t.position,
  due_date: (t) => t.dueDate,
  start_date: (t) => t.startDate,
  end_date: (t) => t.endDate,
  priority: (t) => t.priority,
  title: (t) => t.title,
  created: (t) => t.created,
  updated: (t) => t.updated,
  id: (t) => t.id,
  percent_done: (t) => t.percentDone,
  done: (t) => t.done,
};

export interface TaskSort {
  sortBy?: string[];
  orderBy?: string[];
}

function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  return x! < y! ? -1 : x! > y! ? 1 : 0;
}

/** Negative when `a` comes before `b` in the sort; a list loaded without one is in position order. */
export function compareTasks(a: Task, b: Task, sort: TaskSort): number {
  const by = sort.sortBy?.length ? sort.sortBy : ['position'];
  for (let i = 0; i < by.length; i += 1) {
    const get = FIELDS[by[i]];
    if (!get) continue;
    const va = get(a);
    const vb = get(b);
    // Empty dates come last in either direction, as the server orders them.
    if ((va === null) !== (vb === null)) return va === null ? 1 : -1;
    const c = compareValues(va, vb) * (sort.orderBy?.[i] === 'desc' ? -1 : 1);
    if (c !== 0) return c;
  }
  return a.id - b.id;
}

/** The tasks with `added` placed by the sort; the existing tasks keep their order. */
export function placeTasks(tasks: Task[], added: Task[], sort: TaskSort): Task[] {
  const out = [...tasks];
  for (const task of added) {
    const at = out.findIndex((t) => compareTasks(task, t, sort) < 0);
    out.splice(at === -1 ? out.length : at, 0, task);
  }
  return out;
}

/** The sort of a list atom's query key (the JSON of the collection query it was loaded with). */
export function sortOfQueryKey(queryKey: string): TaskSort {
  try {
    const q = JSON.parse(queryKey) as TaskSort;
    return { sortBy: q.sortBy, orderBy: q.orderBy };
  } catch {
    return {};
  }
}
