// Keys pressed before the keymap is bound. A signed-in page can show its rows before the command definitions have
// loaded (they are a chunk of their own); "g g" or "?" typed at once would be lost. They are held here and handed
// to the keymap, in order, once it is bound.
import { isEditableTarget } from '../../commands/keymapTargets';

/** More than a sequence or two is not typing ahead any more: the rest is dropped. */
const MAX_HELD = 16;

/**
 * Starts holding keys on `target`; the returned function stops and replays them (as new key events on the element
 * they were pressed on, or the body if it is gone). Only presses nothing handled are held: not in a text field, not
 * already acted on (default prevented), and only printable keys, alone or with Ctrl/Cmd — keys such as Tab, Enter or
 * the arrows did what they do at once and must not act twice.
 */
export function holdEarlyKeys(target: Window = window): () => void {
  const held: { init: KeyboardEventInit; at: EventTarget | null }[] = [];
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
