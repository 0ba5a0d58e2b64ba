// Renders a tinykeys binding for people: "$mod+k" → "Ctrl+K" (⌘K on Apple), "g u" → "G then U".
const isApple = typeof navigator !== 'undefined' && /Mac|iPod|iPhone|iPad/.test(navigator.platform);

export function shortcutLabel(binding: string, then = 'then'): string {
  return binding
    .split(' ')
    .map((press) =>
      press
        .split('+')
        .map((k) => (k === '$mod' ? (isApple ? '⌘' : 'Ctrl') : k.length === 1 ? k.toUpperCase() : k))
        .join(isApple ? '' : '+'),
    )
    .join(` ${then} `);
}
