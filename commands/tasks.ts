// Task detail shortcuts: t done, a assign, l labels, d due date, f attachment, r related, m move, c colour, Alt+R reminder, e description.
import { defineCommands, type Command, type CommandContext } from './registry';
import { appStore } from '../src/state/store';
import { openTaskIdAtom, taskFieldRequestAtom, type TaskField } from '../src/state/taskDetail';
import { configAtom } from '../src/state/config';

/** A task is open: from the context when the caller filled it, else from the store (hotkeys bound at boot). */
export const taskOpen = (ctx: CommandContext) => ctx.signedIn && (ctx.taskId ?? appStore.get(openTaskIdAtom)) != null;

/** The server can turn attachments off (its routes are gone then), and the detail hides them. */
const attachmentsOn = (ctx: CommandContext) => taskOpen(ctx) && !!appStore.get(configAtom)?.taskAttachmentsEnabled;

let nonce = 0;
function field<const Id extends string>(id: Id, title: string, key: string, target: TaskField, when: (ctx: CommandContext) => boolean = taskOpen): Command<Id> {
  return {
    id,
    title,
    section: 'taskDetail',
    keys: [key],
    when,
    run: () => {
      nonce += 1;
      appStore.set(taskFieldRequestAtom, { field: target, nonce });
    },
  };
}

export const taskCommands = defineCommands([
  field('task.done', 'task.detail.shortcuts.done', 't', 'done'),
  field('task.assign', 'task.detail.shortcuts.assign', 'a', 'assignees'),
  field('task.labels', 'task.detail.shortcuts.labels', 'l', 'labels'),
  field('task.dueDate', 'task.detail.shortcuts.dueDate', 'd', 'dueDate'),
  field('task.attachment', 'task.detail.shortcuts.attachment', 'f', 'attachments', attachmentsOn),
  field('task.related', 'task.detail.shortcuts.related', 'r', 'relations'),
  field('task.move', 'task.detail.shortcuts.move', 'm', 'move'),
  field('task.color', 'task.detail.shortcuts.color', 'c', 'color'),
  // tinykeys knows only "Alt" (case-sensitive), and Option+R types "®" on macOS, so the key is matched by its code.
  field('task.reminder', 'task.detail.shortcuts.reminder', 'Alt+KeyR', 'reminders'),
  field('task.description', 'task.detail.shortcuts.description', 'e', 'description'),
]);
