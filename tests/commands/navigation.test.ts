// The shell's commands: menu toggle, palette/help atoms, "g" navigation targets.
import { describe, expect, it, vi } from 'vitest';
import { navigationCommands } from '../../commands/navigation';
import { appStore } from '../../src/state/store';
import { menuOpenAtom, paletteOpenAtom, shortcutsHelpOpenAtom } from '../../src/state/ui';
import type { CommandContext } from '../../commands/registry';

const byId = (id: string) => navigationCommands.find((c) => c.id === id)!;
const ctx = (): CommandContext => ({ navigate: vi.fn(), routeName: 'home', signedIn: true, listId: null });

describe('navigation commands', () => {
  it('toggles the menu and stores the desktop preference', () => {
    appStore.set(menuOpenAtom, true);
    byId('menu.toggle').run(ctx());
    expect(appStore.get(menuOpenAtom)).toBe(false);
    expect(localStorage.getItem('menuActive')).toBe('false');
  });

  it('opens the palette and the shortcuts help through atoms', () => {
    byId('palette.open').run(ctx());
    byId('shortcuts.show').run(ctx());
    expect(appStore.get(paletteOpenAtom)).toBe(true);
    expect(appStore.get(shortcutsHelpOpenAtom)).toBe(true);
  });

  it.each([
    ['go.overview', 'g o', '/'],
    ['go.upcoming', 'g u', '/tasks/by/upcoming'],
    ['go.namespaces', 'g n', '/namespaces'],
    ['go.labels', 'g a', '/labels'],
    ['go.teams', 'g m', '/teams'],
  ])('%s is bound to "%s" and goes to %s', (id, keys, path) => {
    const c = ctx();
    const command = byId(id);
    expect(command.keys).toEqual([keys]);
    command.run(c);
    expect(c.navigate).toHaveBeenCalledWith(path);
  });

  it('offers nothing to signed-out visitors', () => {
    const c = { ...ctx(), signedIn: false };
    expect(navigationCommands.filter((x) => (x.when ? x.when(c) : true))).toEqual([]);
  });
});
