// Link-share visitors: whether the logo shows (from the auth link's query) and which routes a share may reach.
import { atom } from 'jotai/vanilla';

/** Set by the link-share auth screen from `logoVisible` (string "false" hides it; default shown). */
export const linkShareLogoVisibleAtom = atom(true);

/** A link share only reaches its list's views and the tasks in it. */
export const LINK_SHARE_ROUTES: ReadonlySet<string> = new Set(['link-share.auth', 'list.index', 'list.list', 'list.gantt', 'list.table', 'list.kanban', 'task.detail']);

export function linkShareMayOpen(routeName: string): boolean {
  return LINK_SHARE_ROUTES.has(routeName);
}
