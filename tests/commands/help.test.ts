// The shortcuts help modal: generated from the registry by section, only commands with keys, rebound keys shown, conflicts refused.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupBySection } from '../../src/app/help/ShortcutsHelp';
import { createRegistry, type Command, type CommandContext } from '../../commands/registry';
import { keysOf, rebind, reloadOverrides, resetAllBindings } from '../../commands/keyOverrides';
import { viewCommands } from '../../commands/views';
import { quickActionApplies, paletteCommands } from '../../commands/palette';
import { listNavigationCommands, taskSelectionCommands, targetTaskIds } from '../../commands/taskSelection';
import { appStore } from '../../src/state/store';
import { listSelectionAtom, EMPTY_SELECTION, setActiveListNav } from '../../src/state/selection';

const cmd = (id: string, section: string, keys?: string[]): Command => ({ id, title: id, section, keys, run: () => undefined });
const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({ navigate: () => undefined, routeName: 'home', signedIn: true, listId: null, ...over });

describe('help modal content', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadOverrides();
  });
  afterEach(() => resetAllBindings());

  it('groups by section in the spec order and leaves out commands without keys', () => {
    const groups = groupBySection([cmd('a', 'taskDetail', ['t']), cmd('b', 'navigation', ['g u']), cmd('c', 'general', ['?']), cmd('d', 'general'), cmd('e', 'zzz', ['z'])]);
    expect(groups.map((g) => g.section)).toEqual(['general', 'navigation', 'taskDetail', 'zzz']);
    expect(groups[0].commands.map((c) => c.id)).toEqual(['c']);
  });

  it('shows the rebound key instead of the default', () => {
    const registry = createRegistry();
    registry.registerAll([cmd('up', 'navigation', ['g u']), cmd('ov', 'navigation', ['g o'])]);
    expect(rebind(registry, 'up', 'g p', null)).toBeNull();
    expect(keysOf(groupBySection(registry.list())[0].commands[0])).toEqual(['g p']);
    expect(rebind(registry, 'up', 'g o', null)?.command.id).toBe('ov');
  });
});

describe('context of the view, palette and selection commands', () => {
  afterEach(() => {
    appStore.set(listSelectionAtom, EMPTY_SELECTION);
    setActiveListNav(null);
  });

  it('g l/g/t/k apply only with a list open and go to that list’s view', () => {
    const went: string[] = [];
    for (const c of viewCommands) {
      expect(c.when!(ctx())).toBe(false);
      expect(c.when!(ctx({ listId: 7 }))).toBe(true);
      void c.run(ctx({ listId: 7, navigate: (to) => went.push(to) }));
    }
    expect(went).toEqual(['/lists/7/list', '/lists/7/gantt', '/lists/7/table', '/lists/7/kanban']);
    expect(viewCommands.map((c) => c.keys)).toEqual([['g l'], ['g g'], ['g t'], ['g k']]);
  });

  it('new task needs a list open and input', () => {
    const newTask = paletteCommands.find((c) => c.id === 'palette.newTask')!;
    expect(newTask.when!(ctx())).toBe(false);
    expect(newTask.when!(ctx({ listId: 3 }))).toBe(true);
    expect(newTask.input).toBeTruthy();
    expect(quickActionApplies('palette.newTask', ctx({ listId: 3 }))).toBe(true);
  });

  it('bulk commands act on the selection, else on the open task, and need one of them (listed, disabled with the reason, until then)', () => {
    const markDone = taskSelectionCommands.find((c) => c.id === 'selection.markDone')!;
    expect(markDone.visible!(ctx())).toBe(true);
    expect(markDone.enabled!(ctx())).toBe(false);
    expect(markDone.disabledReason).toBe('taskSelection.needsTargets');
    expect(targetTaskIds(ctx({ taskId: 5 }))).toEqual([5]);
    appStore.set(listSelectionAtom, { ...EMPTY_SELECTION, scope: 'list:1', selectedIds: [1, 2, 3] });
    expect(targetTaskIds(ctx({ taskId: 5 }))).toEqual([1, 2, 3]);
    expect(markDone.enabled!(ctx())).toBe(true);
    expect(targetTaskIds(ctx({ selectedTaskIds: [9] }))).toEqual([9]);
  });

  it('list navigation commands apply only while a list view drives them', async () => {
    const down = listNavigationCommands.find((c) => c.id === 'listNav.down')!;
    const toggle = listNavigationCommands.find((c) => c.id === 'listNav.toggle')!;
    expect(down.when!(ctx())).toBe(false);
    const opened: number[] = [];
    setActiveListNav({ scope: 'list:1', ids: () => [4, 5, 6], open: (id) => opened.push(id) });
    expect(down.when!(ctx())).toBe(true);
    expect(toggle.when!(ctx())).toBe(false);
    await down.run(ctx());
    await down.run(ctx());
    expect(appStore.get(listSelectionAtom).focusedId).toBe(5);
    await toggle.run(ctx());
    expect(appStore.get(listSelectionAtom).selectedIds).toEqual([5]);
    await listNavigationCommands.find((c) => c.id === 'listNav.open')!.run(ctx());
    expect(opened).toEqual([5]);
  });
});
