// Task atoms: the tasks of each list (kept while the app runs, so views come back instantly), and the shared save actions.
import { atom, type PrimitiveAtom } from 'jotai/vanilla';
import { appStore } from './store';
import { updateTask, type Task } from '../api/tasks';
import { success, error } from '../app/toast';
import { playPop, popSoundEnabled } from './taskSettings';
import { scheduleReminders } from './reminders';
import { placeTasks, sortOfQueryKey } from './taskOrder';

export interface ListTasksState {
  tasks: Task[];
  loading: boolean;
  loaded: boolean;
  /** The query the tasks were loaded with, so a changed filter reloads. */
  queryKey: string;
}

const listAtoms = new Map<number, PrimitiveAtom<ListTasksState>>();

/** One atom per list; created on first use and kept, which keeps a list's tasks alive across navigation. */
export function listTasksAtom(listId: number): PrimitiveAtom<ListTasksState> {
  let a = listAtoms.get(listId);
  if (!a) {
    a = atom<ListTasksState>({ tasks: [], loading: false, loaded: false, queryKey: '' });
    listAtoms.set(listId, a);
  }
  return a;
}

/** Puts a saved task everywhere it is shown (its list's atom; moved out of the old list when it changed). */
export function replaceTask(task: Task): void {
  for (const [listId, a] of listAtoms) {
    const state = appStore.get(a);
    const i = state.tasks.findIndex((t) => t.id === task.id);
    if (i === -1) continue;
    const tasks = [...state.tasks];
    if (listId > 0 && task.listId !== listId) tasks.splice(i, 1);
    else tasks[i] = task;
    appStore.set(a, { ...state, tasks });
  }
  for (const l of taskListeners) l(task);
  scheduleReminders([task]);
}

/** Adds created tasks to a list's atom where the sort it was loaded with places them (the server's order). */
export function addTasksToList(listId: number, tasks: Task[]): void {
  const a = listTasksAtom(listId);
  const state = appStore.get(a);
  appStore.set(a, { ...state, tasks: placeTasks(state.tasks, tasks, sortOfQueryKey(state.queryKey)) });
  scheduleReminders(tasks);
}

export function removeTask(taskId: number): void {
  for (const a of listAtoms.values()) {
    const state = appStore.get(a);
    if (state.tasks.some((t) => t.id === taskId)) appStore.set(a, { ...state, tasks: state.tasks.filter((t) => t.id !== taskId) });
  }
}

type TaskListener = (task: Task) => void;
const taskListeners = new Set<TaskListener>();
/** Views that hold tasks outside the list atoms (upcoming, kanban, detail) follow saves here. */
export function onTaskSaved(listener: TaskListener): () => void {
  taskListeners.add(listener);
  return () => taskListeners.delete(listener);
}

/** Saves a task and puts the result in the atoms. */
export async function saveTask(task: Task): Promise<Task> {
  const saved = await updateTask(task, { onMerged: () => void success('task.conflictMerged') });
  replaceTask(saved);
  return saved;
}

/**
 * Marks a task done or not done: saves, plays the pop when enabled, and toasts with an Undo that flips it back.
 * Returns the saved task, or null when the save failed (the error is already shown).
 */
export async function toggleTaskDone(
  task: Task,
  done: boolean,
  save: (t: Task) => Promise<Task> = saveTask,
  /** Runs after every successful save, the Undo's too, so a view that dropped the task can put it back. */
  afterSave?: (saved: Task) => void,
): Promise<Task | null> {
  try {
    const saved = await save({ ...task, done });
    afterSave?.(saved);
    if (done && popSoundEnabled()) playPop();
    void success(done ? 'task.doneSuccess' : 'task.undoneSuccess', {
      label: 'task.undo',
      onClick: () => void toggleTaskDone(saved, !done, save, afterSave),
    });
    return saved;
  } catch (err) {
    void error(err);
    return null;
  }
}
