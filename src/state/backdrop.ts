// The page a modal route opens over: the last page (not a modal) the app showed, remembered as routes change.
const MODAL_NAMES = new Set(['list.info', 'task.detail']);

/** Routes that render as a modal over another page (settings, create and info dialogs, the task detail). */
export function isModalRoute(name: string): boolean {
  if (name.startsWith('user.')) return false;
  return MODAL_NAMES.has(name) || name.includes('.settings.') || name.endsWith('.create');
}

let lastPage: string | null = null;

/** Called on every route change; modal routes do not replace the page they sit on. */
export function rememberPage(routeName: string, path: string): void {
  if (!isModalRoute(routeName) && routeName !== 'not-found') lastPage = path;
}

export function lastPagePath(): string | null {
  return lastPage;
}

/** Signing out forgets it: the next session starts from its own pages. */
export function forgetPage(): void {
  lastPage = null;
}
