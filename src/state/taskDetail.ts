// The task open in the detail view and the field a letter shortcut asked for, shared by the view and commands/tasks.ts.
import { atom } from 'jotai/vanilla';

export type TaskField = 'done' | 'assignees' | 'labels' | 'dueDate' | 'attachments' | 'relations' | 'move' | 'bucket' | 'color' | 'reminders' | 'description';

/** The id of the task shown in task.detail, or null. */
export const openTaskIdAtom = atom<number | null>(null);

/** The last field requested by a shortcut; `nonce` makes pressing the same key twice count. */
export const taskFieldRequestAtom = atom<{ field: TaskField; nonce: number } | null>(null);
