// Focus commands: n puts the focus in the add-task box; Escape leaves any text field for where the focus was before.
import { defineCommands, type CommandContext } from './registry';
import { appStore } from '../src/state/store';
import { addTaskBoxesAtom, addTaskFocusRequestAtom } from '../src/state/focusRequests';
import { openTaskIdAtom } from '../src/state/taskDetail';
import { leaveField } from '../src/app/focusReturn';
import { isEditableTarget } from './keymapTargets';

const inField = () => typeof document !== 'undefined' && isEditableTarget(document.activeElement);

export const focusCommands = defineCommands([
  {
    id: 'addTask.focus',
    title: 'keyboardShortcuts.focusAddTask',
    section: 'general',
    keys: ['n'],
    // Not while a task is open: its letters are the task's, and the box behind the task is not reachable.
    when: (ctx: CommandContext) => ctx.signedIn && appStore.get(addTaskBoxesAtom) > 0 && (ctx.taskId ?? appStore.get(openTaskIdAtom)) == null,
    run: () => appStore.set(addTaskFocusRequestAtom, (n) => n + 1),
  },
  {
    // Pickers and the palette handle their own Escape (and stop it); this is every other text field.
    id: 'field.leave',
    title: 'keyboardShortcuts.leaveField',
    section: 'general',
    keys: ['Escape'],
    when: () => inField() && !document.activeElement?.closest('[cmdk-root]'),
    run: () => leaveField(),
  },
]);
