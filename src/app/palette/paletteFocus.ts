// What happens around the palette's lazy mount: keys typed before its code arrived, and where the focus returns after it.

let typedEarly = '';
let listening: ((e: KeyboardEvent) => void) | null = null;
let giveUp: ReturnType<typeof setTimeout> | undefined;

/** At most this long the keys are kept for a palette that has not taken the focus (then they are dropped). */
const CATCH_MS = 3000;

function stopCatching(): void {
  if (listening) window.removeEventListener('keydown', listening, true);
  listening = null;
  clearTimeout(giveUp);
}

/**
 * From the key that opens the palette until its field has the focus (its code may still be loading, and React renders
 * it a moment later), typed characters would reach the page: single-letter hotkeys would run and the text would be
 * lost. They are kept here and become the palette's query when its field takes the focus.
 */
export function catchEarlyKeys(): void {
  if (listening || typeof window === 'undefined') return;
  typedEarly = '';
  listening = (e: KeyboardEvent) => {
    // The palette's own field has the key: nothing is left to catch.
    if (e.target instanceof Element && e.target.closest('.palette')) return stopCatching();
    if (e.key === 'Backspace') typedEarly = typedEarly.slice(0, -1);
    else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) typedEarly += e.key;
    else return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  window.addEventListener('keydown', listening, true);
  giveUp = setTimeout(() => {
    stopCatching();
    typedEarly = '';
  }, CATCH_MS);
}

/** The palette's field took the focus: it takes what was typed since the palette was opened. */
export function takeEarlyKeys(): string {
  stopCatching();
  const text = typedEarly;
  typedEarly = '';
  return text;
}

let returnTo: HTMLElement | null = null;
let asked: (() => HTMLElement | null) | null = null;

/**
 * Where the focus goes once the palette has closed, asked for by what a command opened (the language field of the
 * settings): it comes before the element the palette was opened from. With no palette open, the focus goes at once.
 */
export function focusAfterPalette(find: () => HTMLElement | null): void {
  if (typeof document === 'undefined') return;
  if (!document.querySelector('.palette')) {
    find()?.focus();
    return;
  }
  asked = find;
}

/** Remembers the element to give the focus back to; called with the focus still outside the palette. */
export function rememberFocus(): void {
  const el = typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null);
  if (el && el !== document.body && !el.closest('.palette')) returnTo = el;
}

/**
 * After the palette closed, the focus goes back where it was. A command may have re-rendered that element (a kanban
 * card moved to another bucket): then its successor, found by the same data-board-target, takes it; never the body.
 */
export function restoreFocus(): void {
  const target = returnTo;
  returnTo = null;
  // After the dialog's own focus return (a frame later), which may have aimed at an element no longer in the page.
  window.setTimeout(
    () =>
      requestAnimationFrame(() => {
        if (document.querySelector('[role="dialog"]')) return;
        const wanted = asked?.() ?? null;
        asked = null;
        if (wanted) return wanted.focus();
        const key = target?.dataset.boardTarget;
        // A re-rendered element (a card moved to another bucket) is found again by its board target, wherever it went.
        const successor = target && !target.isConnected && key ? document.querySelector<HTMLElement>(`[data-board-target="${key}"]`) : null;
        if (successor) return successor.focus();
        if (document.activeElement && document.activeElement !== document.body) return;
        (target?.isConnected ? target : document.querySelector<HTMLElement>('main'))?.focus();
      }),
    0,
  );
}
