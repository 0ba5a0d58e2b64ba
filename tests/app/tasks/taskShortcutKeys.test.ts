// The task-detail shortcuts through real keydowns and tinykeys: Alt+R (Option+R types "®" on macOS) reaches the
// reminder, plain r stays "related", and the binding reads "Alt+R" in the help and palette.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRegistry } from '../../../commands/registry';
import { bindKeymap } from '../../../commands/keymap';
import { bindingsClash } from '../../../commands/keyOverrides';
import { taskCommands } from '../../../commands/tasks';
import { appStore } from '../../../src/state/store';
import { openTaskIdAtom, taskFieldRequestAtom } from '../../../src/state/taskDetail';
import { shortcutLabel } from '../../../src/app/shortcutLabel';

const keydown = (init: KeyboardEventInit) => document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
const requested = () => appStore.get(taskFieldRequestAtom)?.field ?? null;

describe('task detail keys', () => {
  let unbind: () => void;
  beforeEach(() => {
    appStore.set(taskFieldRequestAtom, null);
    appStore.set(openTaskIdAtom, 5);
    const registry = createRegistry();
    registry.registerAll(taskCommands);
    unbind = bindKeymap(window, registry, () => ({ navigate: () => {}, routeName: 'task.detail', signedIn: true, listId: null }));
  });
  afterEach(() => {
    unbind();
    appStore.set(openTaskIdAtom, null);
  });

  it('Option+R on a Mac (key "®", code KeyR) asks for the reminders', () => {
    keydown({ key: '®', code: 'KeyR', altKey: true });
    expect(requested()).toBe('reminders');
  });

  it('Alt+R elsewhere (key "r") asks for the reminders', () => {
    keydown({ key: 'r', code: 'KeyR', altKey: true });
    expect(requested()).toBe('reminders');
  });

  it('plain r is still "related", not the reminder', () => {
    keydown({ key: 'r', code: 'KeyR' });
    expect(requested()).toBe('relations');
  });

  it('does nothing when no task is open', () => {
    appStore.set(openTaskIdAtom, null);
    keydown({ key: '®', code: 'KeyR', altKey: true });
    expect(requested()).toBeNull();
  });
});

describe('bindings', () => {
  it('use the modifier names tinykeys knows (Alt, Shift, Meta, Control), never lower case', () => {
    for (const c of taskCommands) for (const k of c.keys ?? []) expect(k).not.toMatch(/\b(alt|shift|meta|control|ctrl)\+/);
  });
  it('a key code reads as its letter or digit', () => {
    expect(shortcutLabel('Alt+KeyR')).toBe('Alt+R');
    expect(shortcutLabel('Shift+Digit1')).toBe('Shift+1');
    expect(shortcutLabel('g u', 'then')).toBe('G then U');
  });
  it('a rebinding to Alt+r clashes with Alt+KeyR', () => {
    expect(bindingsClash('Alt+r', 'Alt+KeyR')).toBe(true);
    expect(bindingsClash('Alt+KeyR', 'Alt+t')).toBe(false);
  });
});
