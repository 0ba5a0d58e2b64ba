// Renders a tinykeys binding for people in the UI language: "$mod+k" → "Ctrl+K" (Strg+K in German, ⌘K on Apple), "g u" → "G then U".
import { t, useT } from '../i18n';

const isApple = typeof navigator !== 'undefined' && /Mac|iPod|iPhone|iPad/.test(navigator.platform);

/** Apple writes modifiers as symbols run together ("⌥R"); elsewhere they are words joined with "+". */
const APPLE_MODIFIERS: Record<string, string> = { $mod: '⌘', Meta: '⌘', Alt: '⌥', Shift: '⇧', Control: '⌃' };

/** Keys whose names differ by language (Strg, Umschalt, Entrée…): their i18n key under keyboardShortcuts.keyNames. */
const NAMED_KEYS: Record<string, string> = {
  $mod: 'ctrl',
  Control: 'ctrl',
  Alt: 'alt',
  Shift: 'shift',
  Meta: 'meta',
  Enter: 'enter',
  Escape: 'escape',
  Delete: 'delete',
  Backspace: 'backspace',
  Space: 'space',
  ' ': 'space',
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  Home: 'home',
  End: 'end',
  Tab: 'tab',
};

/** English names, for a language (or a test) that has no entry. */
const FALLBACK: Record<string, string> = {
  ctrl: 'Ctrl',
  alt: 'Alt',
  shift: 'Shift',
  meta: 'Meta',
  enter: 'Enter',
  escape: 'Esc',
  delete: 'Delete',
  backspace: 'Backspace',
  space: 'Space',
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  home: 'Home',
  end: 'End',
  tab: 'Tab',
};

function named(name: string): string {
  const key = `keyboardShortcuts.keyNames.${name}`;
  const text = t(key);
  return text === key ? FALLBACK[name] : text;
}

/** One key of a press: bindings matched by key code ("KeyR", "Digit1") show the letter or digit on the key. */
function keyLabel(k: string): string {
  if (isApple && APPLE_MODIFIERS[k]) return APPLE_MODIFIERS[k];
  if (NAMED_KEYS[k]) return named(NAMED_KEYS[k]);
  const code = /^(?:Key|Digit)(\w)$/.exec(k);
  if (code) return code[1];
  return k.length === 1 ? k.toUpperCase() : k;
}

/** `then` joins the presses of a sequence; by default the UI language's word. */
export function shortcutLabel(binding: string, then?: string): string {
  const word = then ?? t('keyboardShortcuts.then');
  return binding
    .split(' ')
    .map((press) =>
      press
        .split('+')
        .map(keyLabel)
        .join(isApple ? '' : '+'),
    )
    .join(` ${word === 'keyboardShortcuts.then' ? 'then' : word} `);
}

/** shortcutLabel for components: they re-render with the new names when the language changes. */
export function useShortcutLabel(): (binding: string) => string {
  useT();
  return (binding) => shortcutLabel(binding);
}
