// Task commands for the selected tasks (list keyboard selection) or else the open task: done, due date, priority, label, assign, move, colour, favorite, delete.
// API and state modules load on first use, so the boot bundle only carries these definitions.
import { leaveField } from '../src/app/focusReturn';
import { defineCommands, type Command, type CommandContext, type CommandPick, type PickOption } from './registry';
import { appStore } from '../src/state/store';
import {
  activeListNav,
  clearSelection,
  listSelectionAtom,
  moveFocus,
  selectRange,
  selectedTaskIdsAtom,
  toggleFocused,
  type ListSelection,
} from '../src/state/selection';
import { openTaskIdAtom } from '../src/state/taskDetail';

/** The tasks a command acts on: the keyboard selection when there is one, else the task open in the detail view. */
export function targetTaskIds(ctx: CommandContext): number[] {
  const selected = ctx.selectedTaskIds ?? appStore.get(selectedTaskIdsAtom);
  if (selected.length > 0) return [...selected];
  const open = ctx.taskId ?? appStore.get(openTaskIdAtom);
  return open != null ? [open] : [];
}

const hasTargets = (ctx: CommandContext) => ctx.signedIn && targetTaskIds(ctx).length > 0;
const signedIn = (ctx: CommandContext) => ctx.signedIn;

/** A picked option's id ("id:12"), or null when the input is typed text (a new label, a date in words). */
export function pickedId(input: string | undefined): number | null {
  const m = /^id:(\d+)$/.exec(input?.trim() ?? '');
  return m ? Number(m[1]) : null;
}

/** Thrown for input the command cannot use; the palette shows the message and keeps the text. */
export class SelectionInputError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

type Task = import('../src/api/tasks').Task;

type TaskActions = typeof import('../src/actions/tasks');

/**
 * Runs a task action on each target, loaded fresh first (the server replaces a task on update), then reports once.
 * The actions write the store optimistically and roll back one by one; the first failure stops and is reported.
 */
async function forEachTarget(ctx: CommandContext, act: (task: Task, tasks: TaskActions) => Promise<unknown>): Promise<void> {
  const ids = targetTaskIds(ctx);
  const [tasks, toast] = await Promise.all([import('../src/actions/tasks'), import('../src/app/toast')]);
  try {
    for (const id of ids) await act(await tasks.load(id), tasks);
  } catch (err) {
    void toast.error(err);
    throw err;
  }
  const { t } = await import('../src/i18n');
  void toast.success(t('taskSelection.done', { count: ids.length }));
}

/** Changes each target's fields and saves it through the one update action. */
const updateEach = (ctx: CommandContext, change: (task: Task) => Task) => forEachTarget(ctx, (task, tasks) => tasks.update(change(task), { quiet: true }));

function required(input: string | undefined): string {
  const value = input?.trim() ?? '';
  if (value === '') throw new SelectionInputError('palette.inputRequired');
  return value;
}

async function fail(key: string): Promise<never> {
  const [{ error }, { t }] = await Promise.all([import('../src/app/toast'), import('../src/i18n')]);
  void error(new Error(t(key)));
  throw new SelectionInputError(key);
}

/**
 * Bulk commands are listed whenever someone is signed in, and run once there are tasks to act on: shown disabled
 * with the reason until then, so the palette teaches that x selects.
 */
function bulk<const Id extends string>(id: Id, run: Command['run'], input?: string, pick?: CommandPick): Command<Id> {
  return {
    id,
    title: `taskSelection.${id.split('.')[1]}`,
    section: 'selection',
    visible: signedIn,
    enabled: hasTargets,
    disabledReason: 'taskSelection.needsTargets',
    input,
    pick,
    run,
  };
}

const t = async () => (await import('../src/i18n')).t;

const listOptions: CommandPick = {
  placeholder: 'taskSelection.placeholder.move',
  options: async () => {
    const state = await import('../src/state/namespaces');
    const namespaces = appStore.get(state.namespacesAtom);
    return [...appStore.get(state.listsByIdAtom).values()]
      .filter((l) => l.id > 0 && !l.isArchived)
      .map((l) => ({ id: `id:${l.id}`, title: l.title, hint: namespaces.find((n) => n.id === l.namespaceId)?.title }));
  },
};

const labelOptions: CommandPick = {
  placeholder: 'taskSelection.placeholder.label',
  options: async (_ctx, query) => {
    const state = await import('../src/state/namespaces');
    if (!appStore.get(state.labelsLoadedAtom)) await state.loadLabels().catch(() => []);
    const labels = appStore.get(state.labelsAtom);
    const options: PickOption[] = labels.map((l) => ({ id: `id:${l.id}`, title: l.title }));
    const text = query.trim();
    // Creating is the explicit last option, and only for a title no label has.
    if (text !== '' && !labels.some((l) => l.title.toLocaleLowerCase() === text.toLocaleLowerCase())) {
      options.push({ id: text, title: (await t())('taskSelection.createLabel', { title: text }), fixed: true });
    }
    return options;
  },
};

const userOptions: CommandPick = {
  placeholder: 'taskSelection.placeholder.assign',
  options: async (_ctx, query) => {
    const text = query.trim().replace(/^@/, '');
    if (text === '') return [];
    const users = await import('../src/actions/users');
    // Usernames are unique, so the picked one finds its user again.
    return (await users.searchAssignees(text)).map((u) => ({
      id: u.username,
      title: u.name ? `${u.name} (${u.username})` : u.username,
      hint: u.email || undefined,
    }));
  },
};

const PRIORITY_KEYS = ['unset', 'low', 'medium', 'high', 'urgent', 'doNow'];
const priorityOptions: CommandPick = {
  placeholder: 'taskSelection.placeholder.priority',
  options: async () => {
    const tr = await t();
    return PRIORITY_KEYS.map((k, i) => ({ id: String(i), title: `${i} · ${tr(`task.priority.${k}`)}` }));
  },
};

const DATE_PRESETS = ['today', 'tomorrow', 'next monday', 'next week', 'next month'];
const dateOptions: CommandPick = {
  placeholder: 'taskSelection.placeholder.dueDate',
  options: async (_ctx, query) => {
    const [{ readDate }, tr, { formatDate }, { currentLanguage }] = await Promise.all([
      import('../parsers'),
      t(),
      import('../src/i18n/dateLocale'),
      import('../src/i18n'),
    ]);
    const now = new Date();
    const presets = DATE_PRESETS.map((text) => ({ text, read: readDate(text, now) }));
    const options: PickOption[] = presets.flatMap((p) =>
      p.read.ok ? [{ id: p.text, title: tr(`taskSelection.datePreset.${p.text.replace(' ', '_')}`), hint: formatDate(p.read.date) }] : [],
    );
    const text = query.trim();
    const read = readDate(text, now, currentLanguage());
    const typed = read.ok ? read.date : null;
    // A date typed in words ("fri 5pm", "in 3 days") is offered as it was understood, whatever the ranking.
    if (typed) options.unshift({ id: text, title: tr('taskSelection.dateTyped', { date: formatDate(typed) }), hint: text, fixed: true });
    return options;
  },
};

export const taskSelectionCommands = defineCommands([
  bulk('selection.markDone', (ctx) => updateEach(ctx, (task) => ({ ...task, done: true }))),
  bulk('selection.markUndone', (ctx) => updateEach(ctx, (task) => ({ ...task, done: false }))),
  bulk(
    'selection.setDueDate',
    async (ctx, input) => {
      const [{ readDate }, { currentLanguage }] = await Promise.all([import('../parsers'), import('../src/i18n')]);
      // The same reader as every date field; it reads English besides the UI language, so the presets' ids work too.
      const read = readDate(required(input), new Date(), currentLanguage());
      if (!read.ok) return fail('taskSelection.invalidDate');
      const date = read.date;
      await updateEach(ctx, (task) => ({ ...task, dueDate: date }));
    },
    undefined,
    dateOptions,
  ),
  bulk(
    'selection.setPriority',
    async (ctx, input) => {
      const priority = Number(required(input));
      if (!Number.isInteger(priority) || priority < 0 || priority > 5) return fail('taskSelection.invalidPriority');
      await updateEach(ctx, (task) => ({ ...task, priority }));
    },
    undefined,
    priorityOptions,
  ),
  bulk(
    'selection.addLabel',
    async (ctx, input) => {
      const title = required(input);
      const id = pickedId(title);
      let label: import('../src/api/labels').Label | undefined;
      if (id !== null) {
        const state = await import('../src/state/namespaces');
        if (!appStore.get(state.labelsLoadedAtom)) await state.loadLabels();
        label = appStore.get(state.labelsAtom).find((l) => l.id === id);
        if (!label) return fail('taskSelection.unknownLabel');
      } else {
        // Labels are created when missing, as quick-add and the task detail do: the one find-or-create.
        label = await (await import('../src/actions/labels')).findOrCreate(title);
      }
      const found = label;
      await forEachTarget(ctx, (task, tasks) => tasks.addLabel(task, found, { quiet: true }));
    },
    undefined,
    labelOptions,
  ),
  bulk(
    'selection.assign',
    async (ctx, input) => {
      const name = required(input).replace(/^@/, '');
      const users = await import('../src/actions/users');
      const lower = name.toLocaleLowerCase();
      const user = (await users.searchAssignees(name)).find((u) =>
        [u.username, u.name ?? '', u.email ?? ''].some((v) => v !== '' && v.toLocaleLowerCase() === lower),
      );
      if (!user) return fail('taskSelection.unknownUser');
      await forEachTarget(ctx, (task, tasks) => tasks.assign(task, user, { quiet: true }));
    },
    undefined,
    userOptions,
  ),
  bulk(
    'selection.move',
    async (ctx, input) => {
      const title = required(input).toLocaleLowerCase();
      const state = await import('../src/state/namespaces');
      const id = pickedId(title);
      const list = [...appStore.get(state.listsByIdAtom).values()].find((l) => (id !== null ? l.id === id : l.title.toLocaleLowerCase() === title));
      if (!list) return fail('taskSelection.unknownList');
      await forEachTarget(ctx, (task, tasks) => tasks.move(task, list.id, { quiet: true }));
    },
    undefined,
    listOptions,
  ),
  bulk(
    'selection.setColor',
    async (ctx, input) => {
      const hex = required(input).replace(/^#/, '');
      if (!/^[0-9a-f]{6}$/i.test(hex)) return fail('taskSelection.invalidColor');
      await updateEach(ctx, (task) => ({ ...task, hexColor: hex.toLowerCase() }));
    },
    'taskSelection.placeholder.color',
  ),
  bulk('selection.favorite', (ctx) => updateEach(ctx, (task) => ({ ...task, isFavorite: !task.isFavorite }))),
  bulk(
    'selection.delete',
    async (ctx, input) => {
      // The confirmation is typed: a palette command takes text, and a stray Enter must not delete anything.
      const { t } = await import('../src/i18n');
      if (required(input).toLocaleLowerCase() !== t('taskSelection.confirmWord').toLocaleLowerCase()) return fail('taskSelection.deleteNotConfirmed');
      const ids = targetTaskIds(ctx);
      const [tasks, toast] = await Promise.all([import('../src/actions/tasks'), import('../src/app/toast')]);
      try {
        for (const id of ids) await tasks.remove(id, { quiet: true });
      } catch (err) {
        void toast.error(err);
        throw err;
      }
      appStore.set(listSelectionAtom, (s) => clearSelection(s));
      void toast.success(t('taskSelection.deleted', { count: ids.length }));
    },
    'taskSelection.placeholder.confirmDelete',
  ),
]);

/**
 * List navigation applies while a task list view is on screen and no dialog (palette, help, confirm) is open;
 * Enter also leaves buttons and links alone, so it never steals their activation.
 */
function navActive(ctx: CommandContext): boolean {
  if (!ctx.signedIn || activeListNav() === null) return false;
  return typeof document === 'undefined' || document.querySelector('[role="dialog"]') === null;
}

function focusInField(): boolean {
  const el = typeof document === 'undefined' ? null : document.activeElement;
  return el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

function focusOnControl(): boolean {
  const el = typeof document === 'undefined' ? null : document.activeElement;
  return !!el && el !== document.body && el.closest('button, a, [role="button"], [role="menuitem"], summary') !== null;
}

function updateSelection(change: (s: ListSelection, ids: readonly number[]) => ListSelection): void {
  const nav = activeListNav();
  if (!nav) return;
  const ids = nav.ids();
  const before = appStore.get(listSelectionAtom);
  const scoped = before.scope === nav.scope ? before : { scope: nav.scope, focusedId: null, selectedIds: [], anchorId: null };
  const next = change(scoped, ids);
  appStore.set(listSelectionAtom, next);
  if (next.focusedId !== null && next.focusedId !== before.focusedId) nav.reveal?.(next.focusedId);
}

const focusedNow = () => {
  const nav = activeListNav();
  const s = appStore.get(listSelectionAtom);
  return nav && s.scope === nav.scope ? s.focusedId : null;
};

function nav<const Id extends string>(id: Id, keys: string[], run: () => void, when: (ctx: CommandContext) => boolean = navActive): Command<Id> {
  return { id, title: `taskSelection.nav.${id.split('.')[1]}`, section: 'listNavigation', keys, when, run };
}

export const listNavigationCommands = defineCommands([
  nav('listNav.down', ['j', 'ArrowDown'], () => updateSelection((s, ids) => moveFocus(s, ids, 1))),
  nav('listNav.up', ['k', 'ArrowUp'], () => updateSelection((s, ids) => moveFocus(s, ids, -1))),
  nav(
    'listNav.open',
    ['Enter'],
    () => {
      const id = focusedNow();
      if (id !== null) activeListNav()?.open(id);
    },
    (ctx) => navActive(ctx) && focusedNow() !== null && !focusOnControl(),
  ),
  nav(
    'listNav.toggle',
    ['x'],
    () => updateSelection((s) => toggleFocused(s)),
    (ctx) => navActive(ctx) && focusedNow() !== null,
  ),
  nav(
    'listNav.range',
    ['Shift+x'],
    () => updateSelection((s, ids) => selectRange(s, ids)),
    (ctx) => navActive(ctx) && focusedNow() !== null,
  ),
  nav(
    // Escape leaves a field (the add-task box) for where the focus was, so the single-key list commands work.
    'listNav.leaveField',
    ['Escape'],
    () => leaveField(),
    (ctx) => navActive(ctx) && focusInField() && appStore.get(listSelectionAtom).selectedIds.length === 0,
  ),
  nav(
    'listNav.clear',
    ['Escape'],
    () => updateSelection((s) => ({ ...clearSelection(s), focusedId: null })),
    (ctx) => navActive(ctx) && (appStore.get(listSelectionAtom).selectedIds.length > 0 || focusedNow() !== null),
  ),
]);
