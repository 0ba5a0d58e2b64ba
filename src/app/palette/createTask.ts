// The palette's "new task": one typed line through quick-add into tasks, opened once made. Loaded on first use (by
// the command and by the palette's "create task" row), not with the palette.
import type { CommandContext } from '../../../commands/registry';
import { appStore } from '../../state/store';
import { labelsAtom, labelsLoadedAtom, listsByIdAtom, loadLabels } from '../../state/namespaces';
import { quickAddModeAtom } from '../../state/taskSettings';
import { userAtom } from '../../state/session';
import { addTasksToList } from '../../state/tasks';
import { createTask } from '../../api/tasks';
import { addLabelToTask } from '../../api/taskLabels';
import { searchUsers } from '../../api/assignees';
import { createRelation } from '../../api/relations';
import { addTasksFromText, NoListError, TitleRequiredError } from '../../views/tasks/addTasks';
import { pathFor } from '../../routes';
import { error as toastError, success } from '../toast';
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
