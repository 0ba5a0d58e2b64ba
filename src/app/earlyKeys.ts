// Keys pressed before the keymap is bound. A signed-in page can show its rows before the command definitions have
// loaded (they are a chunk of their own); "g g" or "?" typed at once would be lost. They are held here and handed
// to the keymap, in order, once it is bound.
import { isEditableTarget } from '../../commands/keymapTargets';

/** More than a sequence or two is not typing ahead any more: the rest is dropped (index.html's script keeps as many). */
const MAX_HELD = 16;

type Held = { init: KeyboardEventInit; at: EventTarget | null };

declare global {
  interface Window {
    /** The keys index.html's script held from the navigation on, before this code had loaded (src/app/routePreload.ts). */
    __kfKeys?: { held: Held[]; on: (e: KeyboardEvent) => void };
  }
}

/**
 * Starts holding keys on `target` (taking over from index.html's script, which held them since the navigation); the
 * returned function stops and replays them (as new key events on the element they were pressed on, or the body if it
 * is gone). Only presses nothing handled are held: not in a text field, not already acted on (default prevented), and
 * only printable keys, alone or with Ctrl/Cmd — keys such as Tab, Enter or the arrows did what they do at once and must
 * not act twice.
 */
export function holdEarlyKeys(target: Window = window): () => void {
  const held: Held[] = [];
  // What was pressed before this code loaded (since the navigation) comes first.
  const early = target.__kfKeys;
  if (early) {
    target.removeEventListener('keydown', early.on);
    held.push(...early.held.slice(0, MAX_HELD));
    delete target.__kfKeys;
  }
  const hold = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.isComposing || e.repeat || e.altKey || e.key.length !== 1) return;
    if (isEditableTarget(e.target) || held.length >= MAX_HELD) return;
    held.push({
      init: { key: e.key, code: e.code, ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey, bubbles: true, cancelable: true },
      at: e.target,
    });
  };
  target.addEventListener('keydown', hold);
  return () => {
    target.removeEventListener('keydown', hold);
    for (const { init, at } of held.splice(0)) {
      const el = at instanceof Node && at.isConnected ? at : target.document.body;
      el.dispatchEvent(new KeyboardEvent('keydown', init));
    }
  };
}
