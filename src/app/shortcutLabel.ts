// Renders a tinykeys binding for people: "$mod+k" → "Ctrl+K" (⌘K on Apple), "g u" → "G then U".
const isApple = typeof navigator !== 'undefined' && /Mac|iPod|iPhone|iPad/.test(navigator.platform);

/** Apple writes modifiers as symbols run together ("⌥R"); elsewhere they are words joined with "+". */
const APPLE_MODIFIERS: Record<string, string> = { $mod: '⌘', Meta: '⌘', Alt: '⌥', Shift: '⇧', Control: '⌃' };

/** One key of a press: bindings matched by key code ("KeyR", "Digit1") show the letter or digit on the key. */
function keyLabel(k: string): string {
  if (isApple && APPLE_MODIFIERS[k]) return APPLE_MODIFIERS[k];
  if (k === '$mod') return 'Ctrl';
  const code = /^(?:Key|Digit)(\w)$/.exec(k);
  if (code) return code[1];
  return k.length === 1 ? k.toUpperCase() : k;
}

export function shortcutLabel(binding: string, then = 'then'): string {
  return binding
    .split(' ')
    .map((press) =>
      press
        .split('+')
        .map(keyLabel)
        .join(isApple ? '' : '+'),
    )
    .join(` ${then} `);
}
