// Rebinding: stored overrides drive the keymap, conflicts in the same context are refused, reset restores defaults.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRegistry, type CommandContext, type Registry } from '../../commands/registry';
import { bindKeymap } from '../../commands/keymap';
import {
  OVERRIDES_STORAGE_KEY,
  bindingsClash,
  findConflict,
  isOverridden,
  keysOf,
  pressFromEvent,
  rebind,
  reloadOverrides,
  resetAllBindings,
  resetBinding,
} from '../../commands/keyOverrides';

const press = (key: string, opts: KeyboardEventInit = {}) =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...opts }));

const ctx = (listId: number | null): CommandContext => ({ navigate: vi.fn(), routeName: 'home', signedIn: true, listId });

describe('key overrides', () => {
  let registry: Registry;
  const runs: Record<string, ReturnType<typeof vi.fn<() => void>>> = {};

  beforeEach(() => {
    localStorage.clear();
    reloadOverrides();
    registry = createRegistry();
    const add = (id: string, section: string, keys: string[], when?: (c: CommandContext) => boolean) => {
      runs[id] = vi.fn<() => void>();
      registry.register({ id, title: id, section, keys, when, run: runs[id] });
    };
    add('help', 'general', ['?']);
    add('upcoming', 'navigation', ['g u']);
    add('overview', 'navigation', ['g o']);
    add('listTable', 'listViews', ['g t'], (c) => c.listId !== null);
    add('taskDone', 'taskDetail', ['t'], (c) => c.routeName === 'task.detail');
  });

  afterEach(() => {
    resetAllBindings();
    vi.useRealTimers();
  });

  it('reads the definition when nothing is stored', () => {
    expect(keysOf(registry.get('upcoming')!)).toEqual(['g u']);
    expect(isOverridden('upcoming')).toBe(false);
  });

  it('stores a new binding locally and the keymap follows it at once', () => {
    vi.useFakeTimers();
    const unbind = bindKeymap(window, registry, () => ctx(null));
    expect(rebind(registry, 'upcoming', 'g p', ctx(null))).toBeNull();
    expect(JSON.parse(localStorage.getItem(OVERRIDES_STORAGE_KEY)!)).toEqual({ upcoming: ['g p'] });
    press('g');
    press('u');
    expect(runs.upcoming).not.toHaveBeenCalled();
    press('g');
    press('p');
    expect(runs.upcoming).toHaveBeenCalledTimes(1);
    unbind();
  });

  it('refuses a key another command uses in the same section', () => {
    const conflict = rebind(registry, 'upcoming', 'g o', ctx(null));
    expect(conflict?.command.id).toBe('overview');
    expect(keysOf(registry.get('upcoming')!)).toEqual(['g u']);
  });

  it('refuses a key another command uses where the modal was opened (applicable in that context)', () => {
    expect(rebind(registry, 'upcoming', 'g t', ctx(5))?.command.id).toBe('listTable');
  });

  it('allows a key used only in another context', () => {
    // "t" marks a task done on the task detail page only; on the overview it is free for the help modal.
    expect(rebind(registry, 'help', 't', ctx(null))).toBeNull();
    expect(keysOf(registry.get('help')!)).toEqual(['t']);
  });

  it('refuses a prefix of a sequence, which would swallow it', () => {
    expect(bindingsClash('g', 'g u')).toBe(true);
    expect(bindingsClash('g u', 'g')).toBe(true);
    expect(bindingsClash('g u', 'g o')).toBe(false);
    expect(bindingsClash('$mod+K', '$mod+k')).toBe(true);
    expect(findConflict(registry, 'help', 'g', ctx(null))?.command.id).toBe('upcoming');
  });

  it('resets one binding or all of them', () => {
    rebind(registry, 'upcoming', 'g p', null);
    rebind(registry, 'overview', 'g h', null);
    resetBinding('upcoming');
    expect(keysOf(registry.get('upcoming')!)).toEqual(['g u']);
    expect(keysOf(registry.get('overview')!)).toEqual(['g h']);
    resetAllBindings();
    expect(keysOf(registry.get('overview')!)).toEqual(['g o']);
    expect(localStorage.getItem(OVERRIDES_STORAGE_KEY)).toBe('{}');
  });

  it('ignores malformed stored data', () => {
    localStorage.setItem(OVERRIDES_STORAGE_KEY, '{"upcoming": "g p", "overview": ["g h"]}');
    reloadOverrides();
    expect(keysOf(registry.get('upcoming')!)).toEqual(['g u']);
    expect(keysOf(registry.get('overview')!)).toEqual(['g h']);
    localStorage.setItem(OVERRIDES_STORAGE_KEY, 'not json');
    reloadOverrides();
    expect(keysOf(registry.get('overview')!)).toEqual(['g o']);
  });

  it('records presses as tinykeys strings, ⌘ as $mod on Apple and ctrl elsewhere', () => {
    const e = (key: string, mods: Partial<KeyboardEvent> = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...mods });
    expect(pressFromEvent(e('g'), false)).toBe('g');
    expect(pressFromEvent(e('K', { ctrlKey: true, shiftKey: true }), false)).toBe('$mod+Shift+k');
    expect(pressFromEvent(e('k', { metaKey: true }), true)).toBe('$mod+k');
    expect(pressFromEvent(e('r', { altKey: true }), false)).toBe('Alt+r');
    expect(pressFromEvent(e('?', { shiftKey: true }), false)).toBe('?');
    expect(pressFromEvent(e('Shift', { shiftKey: true }), false)).toBeNull();
  });
});
