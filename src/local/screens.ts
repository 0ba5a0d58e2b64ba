// The last screens a person saw, kept beside the local copy: on the next start index.html's boot script shows the
// one of the path opened at once (src/local/showScreen.js), before the app's scripts have run, until the app's first
// screen replaces it. A screen is the app root's markup as the person last saw it, with what that markup needs to
// look the same: its stylesheets, the build it came from, the checked boxes and the boxes scrolled sideways.
//
// They are in local storage, not in the copy's IndexedDB: the boot script reads local storage at once, while
// IndexedDB answers only after the page's scripts have run (a start from the copy read the screen at 100-320 ms
// after navigation from IndexedDB). Signing out clears local storage, screens included.

export interface Screen {
  /** The pathname without its trailing slash, as index.html's script matches it. */
  path: string;
  html: string;
  /** The stylesheets' href attributes, in the document's order. */
  styles: string[];
  /** The src attribute of the app's entry script: a screen of another build is never shown. */
  build: string;
  /** Whether it was taken wider than the narrow layout's 768 px (the two layouts differ in markup). */
  wide: boolean;
  /** The indexes (among the root's inputs) of the checked ones: a checkbox's state is not in its markup. */
  checked: number[];
  /** Boxes scrolled sideways: the child indexes from the root to the box, and its scrollLeft. */
  scroll: [number[], number][];
  /** When it was taken (ms since the epoch): the oldest screens go first. */
  at: number;
}

/** How many paths keep a screen: the one a start most often opens, and the one before it. */
export const SCREENS_KEPT = 3;
/** A screen is taken once the page has not changed for this long (and the browser is idle). */
const QUIET_MS = 1_500;
/**
 * Markup larger than this is not kept (a large board): local storage is read whole by every page of the origin, and
 * painting it would cost more than it saves.
 */
const MAX_HTML = 400_000;

export function screenPath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** The child indexes from `root` down to `node`. */
function pathTo(root: Element, node: Element): number[] {
  const out: number[] = [];
  for (let n: Element = node; n !== root && n.parentElement; n = n.parentElement) out.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
  return out;
}

/**
 * The app's screen now, or null when it is not one to show again: the loading screen, a page scrolled down (the app
 * starts at the top, so that picture would jump), a modal dialog open (it lives outside the root), or a build
 * without stylesheet files (the development server).
 */
export function takeScreen(doc: Document = document): Screen | null {
  const root = doc.getElementById('root');
  const entry = doc.querySelector('script[type="module"][src]')?.getAttribute('src');
  if (!root || !entry || root.childElementCount === 0 || root.querySelector(':scope > [aria-busy="true"]')) return null;
  if (doc.querySelector('[role="dialog"][aria-modal="true"], dialog[open]')) return null;
  if ((doc.scrollingElement?.scrollTop ?? 0) > 0) return null;
  const scroll: [number[], number][] = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.scrollTop > 0) return null;
    if (el.scrollLeft > 0) scroll.push([pathTo(root, el), el.scrollLeft]);
  }
  const styles = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.getAttribute('href') ?? '').filter(Boolean);
  if (styles.length === 0) return null;
  const html = root.innerHTML;
  if (html.length > MAX_HTML) return null;
  const checked: number[] = [];
  root.querySelectorAll('input').forEach((input, i) => {
    if (input.checked) checked.push(i);
  });
  const view = doc.defaultView;
  return { path: screenPath(view?.location.pathname ?? '/'), html, styles, build: entry, wide: (view?.innerWidth ?? 0) > 768, checked, scroll, at: Date.now() };
}

/** The screens kept under `key`, the latest first (none when there are none or they cannot be read). */
export function readScreens(key: string): Screen[] {
  try {
    const raw = window.localStorage.getItem(key);
    const screens: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(screens) ? (screens as Screen[]) : [];
  } catch {
    return [];
  }
}

/** Keeps `screen` as the latest under `key`, with the SCREENS_KEPT - 1 latest of other paths. */
export function putScreen(key: string, screen: Screen): void {
  const kept = [screen, ...readScreens(key).filter((s) => s.path !== screen.path)].slice(0, SCREENS_KEPT);
  try {
    window.localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // A full quota: the oldest go, and at the last only this one is kept (or none, when it alone does not fit).
    try {
      window.localStorage.setItem(key, JSON.stringify([screen]));
    } catch {
      window.localStorage.removeItem(key);
    }
  }
}

export interface ScreenKeeper {
  /** Takes and writes the screen now (the page is going away). */
  flush: () => void;
  stop: () => void;
}

/**
 * Keeps the screens under `key` while the copy is kept: a screen is taken once the root has not changed for
 * QUIET_MS and the browser is idle, and when the page is hidden; one unchanged since it was written is not written
 * again.
 */
export function keepScreens(key: string): ScreenKeeper {
  const root = document.getElementById('root');
  const written = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const save = () => {
    if (stopped) return;
    const screen = takeScreen();
    if (!screen || written.get(screen.path) === screen.html) return;
    written.set(screen.path, screen.html);
    putScreen(key, screen);
  };

  const changed = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (typeof requestIdleCallback === 'function') requestIdleCallback(save, { timeout: 2_000 });
      else save();
    }, QUIET_MS);
  };
  const observer = new MutationObserver(changed);
  if (root) observer.observe(root, { childList: true, subtree: true, characterData: true });
  changed();

  return {
    flush: () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      save();
    },
    stop: () => {
      stopped = true;
      observer.disconnect();
      if (timer !== null) clearTimeout(timer);
    },
  };
}
