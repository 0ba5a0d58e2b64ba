// Rebound keys: per-command overrides stored locally, conflict checks, and the effective keys the keymap and help read.
import type { Command, CommandContext, Registry } from './registry';

/** Not one of the spec's storage keys, so it is namespaced to this client. */
export const OVERRIDES_STORAGE_KEY = 'keyflow.keyOverrides';

type Overrides = Record<string, string[]>;

function readStored(): Overrides {
  try {
    const raw: unknown = JSON.parse(globalThis.localStorage?.getItem(OVERRIDES_STORAGE_KEY) ?? '{}');
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
    const out: Overrides = {};
    for (const [id, keys] of Object.entries(raw as Record<string, unknown>)) {
      if (Array.isArray(keys) && keys.every((k) => typeof k === 'string')) out[id] = keys as string[];
    }
    return out;
  } catch {
    return {};
  }
}

let overrides: Overrides = readStored();
const listeners = new Set<() => void>();

function save(next: Overrides): void {
  overrides = next;
  try {
    globalThis.localStorage?.setItem(OVERRIDES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Blocked storage: the override still applies for this session.
  }
  listeners.forEach((l) => l());
}

/** The keys that work for a command: its override when one is stored, else its definition. */
export function keysOf(command: Pick<Command, 'id' | 'keys'>): string[] {
  return overrides[command.id] ?? command.keys ?? [];
}

export function isOverridden(id: string): boolean {
  return Object.prototype.hasOwnProperty.call(overrides, id);
}

export function subscribeOverrides(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads storage (tests, or another tab). */
export function reloadOverrides(): void {
  overrides = readStored();
  listeners.forEach((l) => l());
}

// A key code ("Alt+KeyR", bound that way because Option+R types "®" on macOS) is the same key as its letter
// ("Alt+r", as a press is recorded), so the two must clash.
const norm = (binding: string) =>
  binding
    .trim()
    .split(/\s+/)
    .map((p) => p.replace(/(^|\+)(?:Key|Digit)(\w)$/, '$1$2').toLowerCase());

/**
 * Two bindings clash when they are equal, or when one is the start of the other's sequence ("g" would swallow
 * "g u", since tinykeys fires the shorter one first).
 */
export function bindingsClash(a: string, b: string): boolean {
  const pa = norm(a);
  const pb = norm(b);
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i += 1) if (pa[i] !== pb[i]) return false;
  return true;
}

export interface Conflict {
  binding: string;
  command: Command;
}

/**
 * The first command that the binding would collide with in the same context: another command with a clashing
 * key that applies in the given context, or that shares the section (sections are the contexts of the help
 * modal: general, navigation, list views, task detail…).
 */
export function findConflict(registry: Registry, commandId: string, binding: string, ctx: CommandContext | null): Conflict | null {
  const self = registry.get(commandId);
  for (const other of registry.list()) {
    if (other.id === commandId) continue;
    const sameContext = (self && other.section === self.section) || (ctx !== null && registry.isApplicable(other, ctx));
    if (!sameContext) continue;
    const hit = keysOf(other).find((k) => bindingsClash(k, binding));
    if (hit) return { binding: hit, command: other };
  }
  return null;
}

/** Stores a new binding for a command unless it conflicts; returns the conflict when refused. */
export function rebind(registry: Registry, commandId: string, binding: string, ctx: CommandContext | null): Conflict | null {
  const conflict = findConflict(registry, commandId, binding, ctx);
  if (conflict) return conflict;
  save({ ...overrides, [commandId]: [binding] });
  return null;
}

export function resetBinding(commandId: string): void {
  const { [commandId]: _dropped, ...rest } = overrides;
  save(rest);
}

/** Restores every default. */
export function resetAllBindings(): void {
  save({});
}

/**
 * Turns a keydown into a tinykeys press ("$mod+Shift+k", "g", "Alt+r"). Returns null for a lone modifier, which
 * only starts a chord. `apple` decides whether Meta or Control is the command key.
 */
export function pressFromEvent(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, apple: boolean): string | null {
  if (['Control', 'Meta', 'Alt', 'Shift', 'AltGraph', 'CapsLock'].includes(e.key)) return null;
  const parts: string[] = [];
  const mod = apple ? e.metaKey : e.ctrlKey;
  if (mod) parts.push('$mod');
  if (!apple && e.metaKey) parts.push('Meta');
  if (apple && e.ctrlKey) parts.push('Control');
  if (e.altKey) parts.push('Alt');
  // A symbol already carries its Shift ("?" is Shift+/); letters with Shift are written as Shift+x.
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (e.shiftKey && (e.key.length > 1 || /[a-z]/i.test(e.key))) parts.push('Shift');
  parts.push(key === ' ' ? 'Space' : key);
  return parts.join('+');
}
