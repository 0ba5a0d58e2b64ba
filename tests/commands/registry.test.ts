// The command registry: registration, lookup, `when` filtering and running.
import { describe, expect, it, vi } from 'vitest';
import { createRegistry, type Command, type CommandContext } from '../../commands/registry';

const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({ navigate: vi.fn(), routeName: 'home', signedIn: true, listId: null, ...over });
const cmd = (id: string, over: Partial<Command> = {}): Command => ({ id, title: `t.${id}`, section: 'general', run: vi.fn(), ...over });

describe('command registry', () => {
  it('registers, looks up and lists in registration order', () => {
    const r = createRegistry();
    r.register(cmd('a'));
    r.register(cmd('b'));
    expect(r.get('a')?.title).toBe('t.a');
    expect(r.list().map((c) => c.id)).toEqual(['a', 'b']);
  });

  it('refuses a duplicate id', () => {
    const r = createRegistry();
    r.register(cmd('a'));
    expect(() => r.register(cmd('a'))).toThrow(/already registered/);
  });

  it('unregisters through the returned function and notifies subscribers', () => {
    const r = createRegistry();
    const listener = vi.fn();
    r.subscribe(listener);
    const undo = r.registerAll([cmd('a'), cmd('b')]);
    expect(listener).toHaveBeenCalledTimes(2);
    undo();
    expect(r.list()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('keeps a visible command that cannot run now listed, but neither a key nor run() runs it', async () => {
    const r = createRegistry();
    const run = vi.fn();
    r.register(cmd('needsSelection', { visible: (c) => c.signedIn, enabled: (c) => (c.selectedTaskIds?.length ?? 0) > 0, disabledReason: 'why', run }));
    r.register(cmd('hidden', { visible: () => false }));
    expect(r.visible(ctx()).map((c) => c.id)).toEqual(['needsSelection']);
    expect(r.applicable(ctx()).map((c) => c.id)).toEqual([]);
    expect(r.isEnabled(r.get('needsSelection')!, ctx())).toBe(false);
    expect(r.reasonFor(r.get('needsSelection')!, ctx())).toBe('why');
    expect(await r.run('needsSelection', ctx())).toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(await r.run('needsSelection', ctx({ selectedTaskIds: [4] }))).toBe(true);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('lists only the commands whose when() allows them', () => {
    const r = createRegistry();
    r.register(cmd('always'));
    r.register(cmd('listOnly', { when: (c) => c.listId !== null }));
    expect(r.applicable(ctx()).map((c) => c.id)).toEqual(['always']);
    expect(r.applicable(ctx({ listId: 3 })).map((c) => c.id)).toEqual(['always', 'listOnly']);
  });

  it('runs a command with the context and input, and not when it does not apply', async () => {
    const r = createRegistry();
    const run = vi.fn();
    r.register(cmd('x', { run, when: (c) => c.signedIn }));
    expect(await r.run('x', ctx(), 'hello')).toBe(true);
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ routeName: 'home' }), 'hello');
    expect(await r.run('x', ctx({ signedIn: false }))).toBe(false);
    expect(await r.run('missing', ctx())).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
