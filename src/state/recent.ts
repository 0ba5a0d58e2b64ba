// Recently opened tasks (newest first, at most 8) for the palette's empty state; recent lists live in recentLists.ts.
import { atom } from 'jotai/vanilla';
import { appStore } from './store';

export interface RecentTask {
  id: number;
  title: string;
}

export const RECENT_TASKS_MAX = 8;
// Not one of the spec's storage keys (those are fixed), so it is namespaced to this client.
const KEY = 'keyflow.recentTasks';

function read(): RecentTask[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.filter((e): e is RecentTask => typeof e === 'object' && e !== null && Number.isInteger((e as RecentTask).id) && typeof (e as RecentTask).title === 'string');
  } catch {
    return [];
  }
}

export const recentTasksAtom = atom<RecentTask[]>(typeof window === 'undefined' ? [] : read());

/** An empty title keeps the one already known (the detail view reports only the id). */
export function rememberTask(task: RecentTask): void {
  const known = appStore.get(recentTasksAtom);
  const title = task.title || known.find((t) => t.id === task.id)?.title || '';
  const next = [{ id: task.id, title }, ...known.filter((t) => t.id !== task.id)].slice(0, RECENT_TASKS_MAX);
  appStore.set(recentTasksAtom, next);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the in-memory list still works for this session.
  }
}
