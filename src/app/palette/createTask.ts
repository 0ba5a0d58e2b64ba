// The palette's "new task": one typed line through the quick-add action into tasks, opened once made. Loaded on first
// use (by the command and by the palette's "create task" row), not with the palette.
import type { CommandContext } from '../../../commands/registry';
import { NoListError, TitleRequiredError, UnfinishedError } from '../../actions/quickAdd';
import * as actions from '../../actions';
import { pathFor } from '../../routes';
import { error as toastError } from '../toast';
import { t } from '../../i18n';
import { rememberTask } from '../../state/recent';

/**
 * "New task": the same quick-add as the add-task box (date, labels created when missing, list by exact name,
 * priority, assignees, repeat; through the outbox); the list is the named one, else the open list unless it is a
 * pseudo list, else the default list. Opens the new task.
 */
export async function createTaskFromPalette(ctx: CommandContext, input: string): Promise<void> {
  try {
    const lines = await actions.quickAdd.addTasks(input, { currentListId: ctx.listId, saved: 'palette.taskCreated' });
    const first = lines[0]?.task;
    if (first) {
      rememberTask(first);
      ctx.navigate(pathFor('task.detail', { id: first.id }));
    }
  } catch (err) {
    if (err instanceof NoListError) void toastError(new Error(t('list.create.addListRequired')));
    else if (err instanceof TitleRequiredError) void toastError(new Error(t('list.create.addTitleRequired')));
    // The action has said what failed; sending the same text again finishes it.
    else if (!(err instanceof UnfinishedError)) void toastError(err);
    // Rethrow so the palette keeps the typed text (no input is lost on failure).
    throw err;
  }
}
