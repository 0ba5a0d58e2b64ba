// Wires addTasksFromText to the API and the atoms: the add-task box of the list view and home calls this.
import { useCallback } from 'react';
import { addTasksFromText } from './addTasks';
import { currentLanguage } from '../../i18n';
import { appStore } from '../../state/store';
import { labelsAtom, listsByIdAtom, loadLabels } from '../../state/namespaces';
import { userAtom } from '../../state/session';
import { quickAddModeAtom } from '../../state/taskSettings';
import { addTasksToList } from '../../state/tasks';
import type { Task } from '../../api/tasks';
import { success } from '../../app/toast';
import type { Span } from '../../components/AddTask';
import * as actions from '../../actions';

export interface AddTasksOptions {
  /** The list tasks go to unless the text names another (+List); null: the default list. */
  currentListId: number | null;
  /** Called with every created task, after they are in their lists' atoms. */
  onCreated?: (tasks: Task[]) => void;
  /** Fills in what a view needs before each task is created (gantt dates, the kanban bucket); gets the task's list. */
  prepare?: (task: Partial<Task>, listId: number) => Partial<Task>;
}

/** Creates the tasks of a quick-add text through the API; created tasks go where their list's sort puts them. */
export async function addTasks(text: string, dismissed: Span[], { currentListId, onCreated, prepare }: AddTasksOptions): Promise<Task[]> {
  if (appStore.get(labelsAtom).length === 0) await loadLabels().catch(() => undefined);
  const tasks = await addTasksFromText(text, {
    mode: appStore.get(quickAddModeAtom),
    currentListId,
    defaultListId: appStore.get(userAtom)?.settings?.defaultListId ?? null,
    lists: [...appStore.get(listsByIdAtom).values()].filter((l) => l.id > 0),
    labels: appStore.get(labelsAtom),
    createTask: prepare ? (listId, task) => actions.tasks.create(listId, prepare(task, listId)) : actions.tasks.create,
    createLabel: (title) => actions.labels.create(title),
    addLabelToTask: actions.tasks.attachLabel,
    findUsers: actions.users.searchAssignees,
    createRelation: async (taskId, parentId, kind) => void (await actions.relations.add(taskId, parentId, kind, { quiet: true })),
    dismissed,
    locale: currentLanguage(),
  });
  const byList = new Map<number, Task[]>();
  for (const task of tasks) byList.set(task.listId, [...(byList.get(task.listId) ?? []), task]);
  for (const [listId, list] of byList) addTasksToList(listId, list);
  onCreated?.(tasks);
  void success(tasks.length > 1 ? 'task.createSuccessMany' : 'task.createSuccess');
  return tasks;
}

/** Returns onAdd for <AddTask>: `addTasks` with these options. */
export function useAddTasks(currentListId: number | null, onCreated?: AddTasksOptions['onCreated'], prepare?: AddTasksOptions['prepare']) {
  return useCallback((text: string, dismissed: Span[]) => addTasks(text, dismissed, { currentListId, onCreated, prepare }), [currentListId, onCreated, prepare]);
}
