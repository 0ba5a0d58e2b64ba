// Binds every registered command's keys with tinykeys, respecting focus in text fields and `when`.
import { tinykeys } from 'tinykeys';
import type { Command, CommandContext, Registry } from './registry';
import { keysOf, subscribeOverrides } from './keyOverrides';
import { isEditableTarget } from './keymapTargets';

export const SEQUENCE_TIMEOUT_MS = 1500;

/** Keys that still work while typing in a field: they never produce text. */
const ALLOWED_IN_FIELDS = new Set(['$mod+k', '$mod+e', 'Escape']);

/**
 * A symbol like "?" is typed with Shift on most layouts, and tinykeys rejects presses with extra
 * modifiers, so a binding whose last press is a lone symbol is also bound with Shift.
 */
function variants(binding: string): string[] {
  const presses = binding.trim().split(' ');
  const last = presses[presses.length - 1];
  if (/^[^\w\s$]$/.test(last)) return [binding, [...presses.slice(0, -1), `Shift+${last}`].join(' ')];
  return [binding];
}

/**
 * Binds all keys of the registry on a target; rebinds when commands change. Returns the unbind.
 * When several commands share a key, the first applicable one runs.
 */
export function bindKeymap(
  target: Window | HTMLElement,
  registry: Registry,
  getContext: () => CommandContext,
  /** Called instead of run for a command that needs a choice (a pick) or typed input: the palette asks for it. */
  ask?: (command: Command) => void,
): () => void {
  let unbind: () => void = () => undefined;

  const bind = () => {
    unbind();
    const byKey = new Map<string, string[]>();
    const original = new Map<string, string>();
    for (const command of registry.list()) {
      // Rebound keys (help modal) replace the definition's; the registry stays the single source of commands.
      for (const key of keysOf(command)) {
        for (const v of variants(key)) {
          original.set(v, key);
          byKey.set(v, [...(byKey.get(v) ?? []), command.id]);
        }
      }
    }
    const handlers: Record<string, (e: KeyboardEvent) => void> = {};
    // The last press of a sequence ("g n") must not also run the single key ("n"): tinykeys matches each binding on
    // its own, so sequences are bound first (tinykeys follows key order) and mark the press they completed.
    const completedSequence = new WeakSet<KeyboardEvent>();
    const isSequence = (key: string) => key.trim().includes(' ');
    const ordered = [...byKey].sort(([a], [b]) => Number(isSequence(b)) - Number(isSequence(a)));
    for (const [key, ids] of ordered) {
      handlers[key] = (event) => {
        if (isEditableTarget(event.target) && !ALLOWED_IN_FIELDS.has(original.get(key) ?? key)) return;
        if (!isSequence(key) && completedSequence.has(event)) return;
        const ctx = getContext();
        const command = ids.map((id) => registry.get(id)).find((c) => c && registry.isApplicable(c, ctx));
        if (!command) return;
        if (isSequence(key)) completedSequence.add(event);
        event.preventDefault();
        if (ask && command.pick) return ask(command);
        void Promise.resolve(command.run(ctx)).catch((err: unknown) => {
          // Hand failures to the global error handler (a toast) instead of swallowing them.
          if (typeof globalThis.reportError === 'function') globalThis.reportError(err);
          else console.error(err);
        });
      };
    }
    unbind = tinykeys(target, handlers, { timeout: SEQUENCE_TIMEOUT_MS });
  };

  bind();
  const unsubscribe = registry.subscribe(bind);
  const unsubscribeOverrides = subscribeOverrides(bind);
  return () => {
    unsubscribe();
    unsubscribeOverrides();
    unbind();
  };
}
