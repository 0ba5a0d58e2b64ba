// Shell UI state: the menu, the palette and help modals (rendered by later views), and the current list.
import { atom } from 'jotai/vanilla';
import { MOBILE_BREAKPOINT_PX } from '../constants';
import { readStorage, writeStorage, STORAGE_KEYS } from './storage';

export function isMobileWidth(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`).matches === true;
}

/** The stored desktop preference (default open); on mobile the menu starts closed. */
function initialMenuOpen(): boolean {
  if (isMobileWidth()) return false;
  return readStorage(STORAGE_KEYS.menuActive) !== 'false';
}

const menuOpenBase = atom<boolean>(initialMenuOpen());

/** Whether the side navigation is open; on desktop every change is stored as the preference. */
export const menuOpenAtom = atom(
  (get) => get(menuOpenBase),
  (_get, set, open: boolean) => {
    set(menuOpenBase, open);
    if (!isMobileWidth()) writeStorage(STORAGE_KEYS.menuActive, String(open));
  },
);

/** Closes the menu without touching the stored desktop preference (mobile route changes). */
export const closeMenuForNavigationAtom = atom(null, (_get, set) => set(menuOpenBase, false));

/** Read by the quick-actions palette (a later issue renders it); commands only flip it. */
export const paletteOpenAtom = atom(false);

/**
 * A command the palette should open on (its pick page or its input) instead of the search: set when a key runs a
 * command that needs a choice (b on a kanban card: which bucket?). The palette clears it when it takes it.
 */
export const paletteCommandAtom = atom<string | null>(null);

/** Read by the keyboard shortcuts help modal (a later issue renders it from the registry). */
export const shortcutsHelpOpenAtom = atom(false);

/** A confirmation the team page should ask for: set by team.leave / team.delete run without a team id (the palette). */
export const teamConfirmAtom = atom<'leave' | 'delete' | null>(null);

export interface CurrentList {
  id: number;
  title: string;
  maxRight: number | null;
}

/** The list being viewed, set by list views; the top bar shows its title. */
export const currentListAtom = atom<CurrentList | null>(null);

