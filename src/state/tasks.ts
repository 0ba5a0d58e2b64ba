// Tasks in the store: one atom per task (by id), and each list's loaded query as ids over them, kept while the app runs.
import { atom, type SetStateAction, type WritableAtom } from 'jotai/vanilla';
import { appStore } from './store';
import type { Task, TaskLabel } from '../api/tasks';
import { entitiesOf, entityFamily, onClearStore } from './entities';
import { scheduleReminders } from './reminders';
import { placeTasks, sortOfQueryKey } from './taskOrder';

/** Every task the app knows, by id: the one copy each view reads, so a change shows everywhere at once. */
export const taskAtomFamily = entityFamily<Task>();

/** What a list view reads: the list's tasks (from the task atoms) and how its query is loading. */
export interface ListTasksState {
  tasks: Task[];
  loading: boolean;
  loaded: boolean;
  /** The query the tasks were loaded with, so a changed filter reloads. */
  queryKey: string;
  /** Shown from the local copy and not yet from the server: rendered as loaded, but still asked for. */
  stale?: boolean;
}

/** What is stored per list: the ids of its query's result in the server's order, never the tasks themselves. */
interface ListQuery {
  ids: number[];
  loading: boolean;
  loaded: boolean;
  queryKey: string;
  stale?: boolean;
}

type ListTasksAtom = WritableAtom<ListTasksState, [SetStateAction<ListTasksState>], void>;

const EMPTY: ListQuery = { ids: [], loading: false, loaded: false, queryKey: '' };
const listAtoms = new Map<number, { query: ReturnType<typeof atom<ListQuery>>; view: ListTasksAtom }>();
/** Changes with every write of any list's query: what the local copy (src/local) watches to keep the queries. */
export const listQueriesVersionAtom = atom(0);

/**
 * One atom per list, created on first use and kept, so a list comes back instantly. Reading it gives the tasks from
 * their own atoms; a task moved to another list leaves a real list's view (pseudo lists, id ≤ 0, hold any list's
 * tasks). Writing tasks through it writes them to the store and keeps their ids as the list's order.
 */
export function listTasksAtom(listId: number): ListTasksAtom {
  let entry = listAtoms.get(listId);
  if (!entry) {
    const query = atom<ListQuery>(EMPTY);
    const view: ListTasksAtom = atom(
      (get) => {
        const { ids, ...rest } = get(query);
        const all = get(taskAtomFamily.all);
        const tasks: Task[] = [];
        for (const id of ids) {
          const task = all.get(id);
          if (task && (listId <= 0 || task.listId === listId)) tasks.push(task);
        }
        return { ...rest, tasks };
      },
      (get, set, update) => {
        const next = typeof update === 'function' ? update(get(view)) : update;
        const all = taskAtomFamily.withItems(get(taskAtomFamily.all), next.tasks);
        if (all) set(taskAtomFamily.all, all);
        const { tasks, ...rest } = next;
        set(query, { ...rest, ids: tasks.map((t) => t.id) });
        set(listQueriesVersionAtom, (v) => v + 1);
      },
    );
    entry = { query, view };
    listAtoms.set(listId, entry);
  }
  return entry.view;
}

onClearStore(() => {
  for (const { query } of listAtoms.values()) appStore.set(query, EMPTY);
  appStore.set(listQueriesVersionAtom, (v) => v + 1);
});

/** A list's loaded query as the local copy keeps it: the ids in order and the query they answer. */
export interface StoredListQuery {
  listId: number;
  ids: readonly number[];
  queryKey: string;
}

/** The loaded queries of every list (those loading for the first time, or that failed, left out). */
export function loadedListQueries(): StoredListQuery[] {
  const out: StoredListQuery[] = [];
  for (const [listId, { query }] of listAtoms) {
    const { ids, loaded, queryKey } = appStore.get(query);
    if (loaded && queryKey !== '') out.push({ listId, ids, queryKey });
  }
  return out;
}

/**
 * Shows a list's query as the local copy kept it (its tasks must be in the store already), marked stale so the next
 * load still asks the server. A query the server has answered already wins; a load on its way keeps its query key,
 * so its answer is not taken for one of an older filter.
 */
export function restoreListQuery({ listId, ids, queryKey }: StoredListQuery): void {
  listTasksAtom(listId);
  const { query } = listAtoms.get(listId)!;
  const now = appStore.get(query);
  if (now.loaded) return;
  // A task done just before the page went stays listed until the list is loaded again (to be undone in place); the
  // start from the copy is such a load: a list of undone tasks shows none that the copy has as done.
  const shown = hidesDone(queryKey) ? ids.filter((id) => taskAtomFamily.peek(id)?.done !== true) : [...ids];
  appStore.set(query, { ids: shown, loading: now.loading, loaded: true, queryKey: now.loading ? now.queryKey : queryKey, stale: true });
  appStore.set(listQueriesVersionAtom, (v) => v + 1);
}

/** Whether a list query (its key: the query as JSON) lists undone tasks only, as the default filter does. */
function hidesDone(queryKey: string): boolean {
  try {
    const filters = (JSON.parse(queryKey) as { filters?: { field: string; comparator: string; value: string }[] }).filters ?? [];
    return filters.some((f) => f.field === 'done' && f.comparator === 'equals' && f.value === 'false');
  } catch {
    return false;
  }
}

/**
 * Leaves the given tasks, when done, out of the lists shown from the local copy that list undone tasks only: a change
 * waiting in the outbox that the copy had not kept yet (a task done just before an offline reload) is such a start's
 * too, as restoreListQuery does for the copy's own.
 */
export function hideDoneInRestoredLists(taskIds: readonly number[]): void {
  const done = new Set(taskIds.filter((id) => taskAtomFamily.peek(id)?.done === true));
  if (done.size === 0) return;
  for (const { query } of listAtoms.values()) {
    const now = appStore.get(query);
    if (now.stale !== true || !hidesDone(now.queryKey) || !now.ids.some((id) => done.has(id))) continue;
    appStore.set(query, { ...now, ids: now.ids.filter((id) => !done.has(id)) });
    appStore.set(listQueriesVersionAtom, (v) => v + 1);
  }
}

/** Lists whose tasks are loaded (for a refetch of everything shown, after live updates were lost). */
export function loadedListIds(): number[] {
  return [...listAtoms].filter(([, { query }]) => appStore.get(query).loaded).map(([id]) => id);
}

/** Lists showing tasks the server has not confirmed: from the local copy, or whose load failed (to ask again when it answers). */
export function unconfirmedListIds(): number[] {
  return [...listAtoms].filter(([, { query }]) => {
    const { loaded, stale, queryKey } = appStore.get(query);
    return loaded && (stale === true || queryKey === '');
  }).map(([id]) => id);
}

/** Puts loaded or saved tasks in the store: every view showing one of them follows. */
export function putTasks(tasks: readonly Task[]): void {
  taskAtomFamily.put(tasks);
  scheduleReminders([...tasks]);
}

/** Adds created tasks to a list's query where the sort it was loaded with places them (the server's order). */
export function addTasksToList(listId: number, tasks: Task[]): void {
  const a = listTasksAtom(listId);
  const state = appStore.get(a);
  // A task listed already (its live event came before the create's answer) is updated in place, not listed twice.
  const listed = new Set(state.tasks.map((t) => t.id));
  const fresh = tasks.filter((t) => !listed.has(t.id));
  if (fresh.length < tasks.length) putTasks(tasks.filter((t) => listed.has(t.id)));
  appStore.set(a, { ...state, tasks: placeTasks(state.tasks, fresh, sortOfQueryKey(state.queryKey)) });
  scheduleReminders(tasks);
}

/** A task known under another id now (created offline, then saved): each list's query and each related task names it by the new one. */
export function renameTask(from: number, to: number): void {
  for (const { query } of listAtoms.values()) {
    const q = appStore.get(query);
    if (q.ids.includes(from)) appStore.set(query, { ...q, ids: q.ids.filter((id) => id !== to).map((id) => (id === from ? to : id)) });
  }
  // Tasks related to it (a relation made offline to a new task) name it by its new id.
  const related: Task[] = [];
  for (const task of appStore.get(taskAtomFamily.all).values()) {
    const kinds = Object.entries(task.relatedTasks ?? {});
    if (!kinds.some(([, list]) => list?.some((t) => t.id === from))) continue;
    const relatedTasks = Object.fromEntries(kinds.map(([kind, list]) => [kind, list?.map((t) => (t.id === from ? { ...t, id: to } : t))]));
    related.push({ ...task, relatedTasks });
  }
  if (related.length) taskAtomFamily.put(related);
}

/** A stored task's title ('' for one the store does not have): what names its writes in the waiting-changes dialog. */
export function taskTitle(taskId: number): string {
  return taskAtomFamily.peek(taskId)?.title ?? '';
}

/** Takes a deleted task out of the store (and so out of every view). */
export function removeTask(taskId: number): void {
  taskAtomFamily.remove(taskId);
}

/** The stored tasks of these ids, in this order (unknown and deleted ones left out): a view's query over the store. */
export function tasksOfAtom(ids: readonly number[]) {
  return atom((get) => entitiesOf(get(taskAtomFamily.all), ids));
}

/**
 * Shows a label's new title and colour on every stored task that carries it (`label` given), or takes a deleted
 * label off them (`label` null): a label renamed in the labels page, or by someone else live, reads the same everywhere.
 */
export function relabelTasks(labelId: number, label: Pick<TaskLabel, 'title' | 'hexColor' | 'description'> & { id?: number } | null): void {
  const changed: Task[] = [];
  for (const task of appStore.get(taskAtomFamily.all).values()) {
    const at = task.labels.findIndex((l) => l.id === labelId);
    if (at < 0) continue;
    const old = task.labels[at]!;
    // An id given is the label's new one (a label created offline got its real id).
    const id = label?.id ?? labelId;
    if (label && id === labelId && old.title === label.title && old.hexColor === label.hexColor && old.description === label.description) continue;
    const labels = label ? task.labels.map((l, i) => (i === at ? { ...old, id, title: label.title, hexColor: label.hexColor, description: label.description } : l)) : task.labels.filter((_, i) => i !== at);
    changed.push({ ...task, labels });
  }
  if (changed.length) taskAtomFamily.put(changed);
}
