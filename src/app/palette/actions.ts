// What the palette does through the API: create a task with quick-add, search tasks and teams on the server.
import type { CommandContext } from '../../../commands/registry';
import { appStore } from '../../state/store';
import { labelsAtom, labelsLoadedAtom, listsByIdAtom, loadLabels } from '../../state/namespaces';
import { quickAddModeAtom } from '../../state/taskSettings';
import { userAtom } from '../../state/session';
import { addTasksToList } from '../../state/tasks';
import { createTask, getAllTasks, getTask, type Task } from '../../api/tasks';
import { addLabelToTask } from '../../api/taskLabels';
import { searchUsers } from '../../api/assignees';
import { createRelation } from '../../api/relations';
import { getAllTeams, type Team } from '../../api/teams';
import { addTasksFromText, NoListError, TitleRequiredError } from '../../views/tasks/addTasks';
import { pathFor } from '../../routes';
import { error as toastError, success } from '../toast';
import { parsePaletteQuery } from './query';
import { currentLanguage, t } from '../../i18n';
import { rememberTask } from '../../state/recent';
import * as labelActions from '../../actions/labels';

/**
 * "New task": quick-add parses the input (date, labels created when missing, list by exact name, priority,
 * assignees, repeat); the list is the named one, else the open list, else the default list. Opens the new task.
 */
export async function createTaskFromPalette(ctx: CommandContext, input: string): Promise<void> {
  if (!appStore.get(labelsLoadedAtom)) await loadLabels().catch(() => []);
  try {
    const tasks = await addTasksFromText(input, {
      mode: appStore.get(quickAddModeAtom),
      currentListId: ctx.listId,
      defaultListId: appStore.get(userAtom)?.settings?.defaultListId ?? null,
      lists: [...appStore.get(listsByIdAtom).values()],
      labels: appStore.get(labelsAtom),
      createTask,
      createLabel: labelActions.create,
      addLabelToTask,
      findUsers: searchUsers,
      createRelation: (taskId, otherTaskId, kind) => createRelation(taskId, otherTaskId, kind),
      locale: currentLanguage(),
    });
    for (const task of tasks) addTasksToList(task.listId, [task]);
    void success('palette.taskCreated');
    const first = tasks[0];
    if (first) {
      rememberTask(first);
      ctx.navigate(pathFor('task.detail', { id: first.id }));
    }
  } catch (err) {
    if (err instanceof NoListError) void toastError(new Error(t('list.create.addListRequired')));
    else if (err instanceof TitleRequiredError) void toastError(new Error(t('list.create.addTitleRequired')));
    else void toastError(err);
    // Rethrow so the palette keeps the typed text (no input is lost on failure).
    throw err;
  }
}

/**
 * The server half of task search (spec part 2 §7): `s` plus a listId filter when a list was named and a
 * labels filter (ids joined by commas) when known labels were named.
 */
export async function searchTasksOnServer(query: string, mode: string, signal?: AbortSignal): Promise<Task[]> {
  const parsed = parsePaletteQuery(query, mode, new Date(), currentLanguage());
  const filters: { field: string; comparator: string; value: string }[] = [];
  if (parsed.list !== null) {
    const list = [...appStore.get(listsByIdAtom).values()].find((l) => l.title.toLocaleLowerCase() === parsed.list!.toLocaleLowerCase());
    if (list) filters.push({ field: 'list_id', comparator: 'equals', value: String(list.id) });
  }
  if (parsed.labels.length) {
    const wanted = new Set(parsed.labels.map((l) => l.toLocaleLowerCase()));
    const ids = appStore.get(labelsAtom).filter((l) => wanted.has(l.title.toLocaleLowerCase())).map((l) => l.id);
    if (ids.length) filters.push({ field: 'labels', comparator: 'in', value: ids.join(',') });
  }
  void signal;
  const page = await getAllTasks({ s: parsed.text.trim(), filters, filterConcat: 'and', perPage: 20 });
  return page.items;
}

/** The titles of tasks known only by id (recent tasks opened elsewhere); tasks that fail to load are left out. */
export async function taskTitles(ids: readonly number[]): Promise<{ id: number; title: string }[]> {
  const found = await Promise.allSettled(ids.map((id) => getTask(id)));
  return found.flatMap((r) => (r.status === 'fulfilled' ? [{ id: r.value.id, title: r.value.title }] : []));
}

/** Teams for the assignees named in the query (spec: team search per assignee, with s). */
export async function searchTeamsOnServer(names: string[]): Promise<Team[]> {
  const all = await Promise.all((names.length ? names : ['']).map((s) => getAllTeams(s || undefined)));
  const seen = new Set<number>();
  return all.flat().filter((t) => (seen.has(t.id) ? false : (seen.add(t.id), true)));
}
