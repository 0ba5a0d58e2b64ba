// Key bindings: single keys, $mod chords, "g x" sequences with the 1500 ms reset, focus in fields, `when`.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createRegistry, type CommandContext, type Registry } from '../../commands/registry';
import { bindKeymap } from '../../commands/keymap';
import { isEditableTarget } from '../../commands/keymapTargets';

function press(key: string, opts: KeyboardEventInit = {}, target: EventTarget = document.body) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...opts }));
}

describe('keymap', () => {
  let registry: Registry;
  let unbind: () => void;
  let signedIn: boolean;
  const runs: Record<string, Mock<(ctx: CommandContext) => void>> = {};

  beforeEach(() => {
    vi.useFakeTimers();
    signedIn = true;
    registry = createRegistry();
    for (const [id, keys] of [
      ['menu', ['$mod+e']],
      ['palette', ['$mod+k']],
      ['help', ['?']],
      ['upcoming', ['g u']],
      ['overview', ['g o']],
      ['close', ['Escape']],
      ['single', ['o']],
    ] as const) {
      runs[id] = vi.fn();
      registry.register({ id, title: id, section: 'general', keys: [...keys], when: (c) => c.signedIn, run: runs[id] });
    }
    const ctx = (): CommandContext => ({ navigate: vi.fn(), routeName: 'home', signedIn, listId: null });
    unbind = bindKeymap(window, registry, ctx);
  });

  afterEach(() => {
    unbind();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('runs a chord with $mod (Control outside Apple)', () => {
    press('e', { ctrlKey: true });
    expect(runs.menu).toHaveBeenCalledTimes(1);
  });

  it('runs a two-key sequence typed within 1500 ms', () => {
    press('g');
    vi.advanceTimersByTime(1400);
    press('u');
    expect(runs.upcoming).toHaveBeenCalledTimes(1);
    expect(runs.overview).not.toHaveBeenCalled();
  });

  it('the last key of a sequence does not also run the single-key command bound to it', () => {
    press('g');
    press('o');
    expect(runs.overview).toHaveBeenCalledTimes(1);
    expect(runs.single).not.toHaveBeenCalled();
    press('o');
    expect(runs.single).toHaveBeenCalledTimes(1);
  });

  it('forgets a started sequence after 1500 ms', () => {
    press('g');
    vi.advanceTimersByTime(1600);
    press('u');
    expect(runs.upcoming).not.toHaveBeenCalled();
  });

  it('binds a symbol typed with Shift ("?")', () => {
    press('?', { shiftKey: true });
    expect(runs.help).toHaveBeenCalledTimes(1);
  });

  it('ignores single keys and sequences while typing in a field', () => {
    const input = document.createElement('input');
    document.body.append(input);
    press('g', {}, input);
    press('u', {}, input);
    press('?', { shiftKey: true }, input);
    expect(runs.upcoming).not.toHaveBeenCalled();
    expect(runs.help).not.toHaveBeenCalled();
  });

  it('still runs $mod+k, $mod+e and Escape from a field', () => {
    const textarea = document.createElement('textarea');
    document.body.append(textarea);
    press('k', { ctrlKey: true }, textarea);
    press('e', { ctrlKey: true }, textarea);
    press('Escape', {}, textarea);
    expect(runs.palette).toHaveBeenCalledTimes(1);
    expect(runs.menu).toHaveBeenCalledTimes(1);
    expect(runs.close).toHaveBeenCalledTimes(1);
  });

  it('does not run (or swallow the key) when when() is false', () => {
    signedIn = false;
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(runs.palette).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });

  it('binds commands registered after binding', () => {
    const late = vi.fn();
    registry.register({ id: 'late', title: 'late', section: 'general', keys: ['g l'], run: late });
    press('g');
    press('l');
    expect(late).toHaveBeenCalledTimes(1);
  });

  it('knows which targets are editable', () => {
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const div = document.createElement('div');
    div.contentEditable = 'true';
    document.body.append(checkbox, div);
    expect(isEditableTarget(checkbox)).toBe(false);
    expect(isEditableTarget(document.createElement('select'))).toBe(true);
    expect(isEditableTarget(document.body)).toBe(false);
  });
});
