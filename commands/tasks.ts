// Task detail shortcuts: t done, a assign, l labels, d due date, f attachment, r related, m move, b bucket, c colour, Alt+R reminder, e description.
import { defineCommands, type Command, type CommandContext } from './registry';
import { appStore } from '../src/state/store';
import { openTaskIdAtom, taskFieldRequestAtom, type TaskField } from '../src/state/taskDetail';
import { configAtom } from '../src/state/config';
import { taskAtomFamily } from '../src/state/tasks';
import { bucketChoicesAtom, listHasBuckets } from '../src/state/bucketChoices';

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

/** The open task's list has buckets (as the detail's bucket field read them): without any there is nothing to pick. */
const openTaskHasBuckets = (ctx: CommandContext) => {
  if (!taskOpen(ctx)) return false;
  const task = taskAtomFamily.peek((ctx.taskId ?? appStore.get(openTaskIdAtom))!);
  return task != null && listHasBuckets(task.listId);
};

/** The open task, fresh from the server, and the buckets of its list, both through the store (actions load on first use). */
async function openTaskAndBuckets(ctx: CommandContext) {
  const id = ctx.taskId ?? appStore.get(openTaskIdAtom);
  if (id == null) return null;
  const [tasks, buckets] = await Promise.all([import('../src/actions/tasks'), import('../src/actions/buckets')]);
  const task = await tasks.load(id);
  await buckets.loadChoices(task.listId);
  return { task, buckets: appStore.get(bucketChoicesAtom).get(task.listId) ?? [] };
}

/** The palette's door to the bucket of the open task: a pick page of its list's buckets (the detail's field is `b`). */
export const taskBucketCommand: Command<'task.setBucket'> = {
  id: 'task.setBucket',
  title: 'task.detail.setBucket',
  section: 'taskDetail',
  visible: openTaskHasBuckets,
  pick: {
    placeholder: 'task.kanban.commands.pickBucket',
    options: async (ctx) => {
      const found = await openTaskAndBuckets(ctx).catch(() => null);
      if (!found) return [];
      return found.buckets.filter((b) => b.id !== found.task.bucketId).map((b) => ({ id: String(b.id), title: b.title }));
    },
  },
  run: async (ctx, input) => {
    const bucketId = Number(input);
    if (!Number.isInteger(bucketId) || bucketId <= 0) return;
    const [found, tasks, toast, { t }] = await Promise.all([openTaskAndBuckets(ctx), import('../src/actions/tasks'), import('../src/app/toast'), import('../src/i18n')]);
    const bucket = found?.buckets.find((b) => b.id === bucketId);
    if (!found || !bucket) return;
    // The update action shows the move on the board and in the detail at once, and rolls it back with the reason.
    const saved = await tasks.update({ ...found.task, bucketId });
    if (saved) void toast.success(t('task.kanban.movedTo', { title: saved.title, bucket: bucket.title }));
  },
};

export const taskCommands = defineCommands([
  field('task.done', 'task.detail.shortcuts.done', 't', 'done'),
  field('task.assign', 'task.detail.shortcuts.assign', 'a', 'assignees'),
  field('task.labels', 'task.detail.shortcuts.labels', 'l', 'labels'),
  field('task.dueDate', 'task.detail.shortcuts.dueDate', 'd', 'dueDate'),
  field('task.attachment', 'task.detail.shortcuts.attachment', 'f', 'attachments', attachmentsOn),
  field('task.related', 'task.detail.shortcuts.related', 'r', 'relations'),
  field('task.move', 'task.detail.shortcuts.move', 'm', 'move'),
  // The same key as the board's "move the focused card to a bucket": with a task open, the task's own bucket field.
  field('task.bucket', 'task.detail.shortcuts.bucket', 'b', 'bucket'),
  field('task.color', 'task.detail.shortcuts.color', 'c', 'color'),
  // tinykeys knows only "Alt" (case-sensitive), and Option+R types "®" on macOS, so the key is matched by its code.
  field('task.reminder', 'task.detail.shortcuts.reminder', 'Alt+KeyR', 'reminders'),
  field('task.description', 'task.detail.shortcuts.description', 'e', 'description'),
  taskBucketCommand,
]);
