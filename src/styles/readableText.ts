// Text colours readable on user-chosen backgrounds (labels, gantt bars), by the WCAG contrast ratio.

/** WCAG AA for normal-size text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Relative luminance of a hex colour ("1973ff", "#fff"), or null when it is not one. */
export function luminance(hex: string): number | null {
  const clean = hex.replace(/^#/, '');
  const full = clean.length === 3 ? clean.split('').map((c) => c + c).join('') : clean;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a) ?? 0;
  const lb = luminance(b) ?? 0;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The candidate that contrasts most with `background`. When none of them reaches 4.5:1 (mid blues and reds sit
 * between what a grey and white can do), black or white takes over: one of the two always does.
 */
export function readableTextOn(background: string, candidates: readonly string[] = ['ffffff', '000000']): string {
  const best = (list: readonly string[]) => list.reduce((a, b) => (contrastRatio(b, background) > contrastRatio(a, background) ? b : a));
  const chosen = best(candidates);
  return contrastRatio(chosen, background) >= MIN_TEXT_CONTRAST ? chosen : best(['ffffff', '000000']);
}
