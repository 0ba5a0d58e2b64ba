// The keyboard selection of a task list view: the focused row, the selected task ids and the range anchor.
import { atom } from 'jotai/vanilla';

export interface ListSelection {
  /** Which view owns the selection (e.g. "list:12", "upcoming"), so leaving a view does not leak it. */
  scope: string | null;
  focusedId: number | null;
  selectedIds: number[];
  /** Where shift+x ranges start: the last row toggled with x. */
  anchorId: number | null;
}

export const EMPTY_SELECTION: ListSelection = { scope: null, focusedId: null, selectedIds: [], anchorId: null };

export const listSelectionAtom = atom<ListSelection>(EMPTY_SELECTION);

/** The selected task ids; bulk task commands act on these. */
export const selectedTaskIdsAtom = atom((get) => get(listSelectionAtom).selectedIds);

/** Pure transitions, so the keyboard hook stays thin and the rules are unit-tested. */
export function moveFocus(sel: ListSelection, ids: readonly number[], delta: number): ListSelection {
  if (ids.length === 0) return { ...sel, focusedId: null };
  const at = sel.focusedId === null ? -1 : ids.indexOf(sel.focusedId);
  const next = at === -1 ? (delta > 0 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + delta));
  return { ...sel, focusedId: ids[next] };
}

export function toggleFocused(sel: ListSelection): ListSelection {
  const id = sel.focusedId;
  if (id === null) return sel;
  const has = sel.selectedIds.includes(id);
  return { ...sel, selectedIds: has ? sel.selectedIds.filter((x) => x !== id) : [...sel.selectedIds, id], anchorId: id };
}

/** Selects every row between the anchor (or the first row) and the focused row, keeping what was selected. */
export function selectRange(sel: ListSelection, ids: readonly number[]): ListSelection {
  if (sel.focusedId === null) return sel;
  const to = ids.indexOf(sel.focusedId);
  const fromRaw = sel.anchorId === null ? -1 : ids.indexOf(sel.anchorId);
  const from = fromRaw === -1 ? to : fromRaw;
  if (to === -1) return sel;
  const [a, b] = from <= to ? [from, to] : [to, from];
  const range = ids.slice(a, b + 1);
  const selected = [...sel.selectedIds, ...range.filter((id) => !sel.selectedIds.includes(id))];
  return { ...sel, selectedIds: selected, anchorId: sel.focusedId };
}

export function clearSelection(sel: ListSelection): ListSelection {
  return { ...sel, selectedIds: [], anchorId: null };
}

/** The list view that keyboard navigation drives right now (one at a time: the view on screen). */
export interface ActiveListNav {
  scope: string;
  /** The visible task ids in display order. */
  ids: () => readonly number[];
  open: (id: number) => void;
  /** Scrolls a row into view (virtualised lists render only what is visible). */
  reveal?: (id: number) => void;
}

let activeNav: ActiveListNav | null = null;

export function setActiveListNav(nav: ActiveListNav | null): void {
  activeNav = nav;
}

export function activeListNav(): ActiveListNav | null {
  return activeNav;
}

let pendingRow: number | null = null;

/** A task view closing over a list asks the list to focus this task's row when it is on screen again. */
export function returnToRow(taskId: number): void {
  pendingRow = taskId;
}

/**
 * The row asked for by returnToRow, once, if it is among these ids. `within` is the view's element: the copy of a view
 * drawn behind the open task (inert) may show the row too, but the person comes back to the view itself.
 */
export function takeReturnRow(ids: readonly number[], within?: Element | null): number | null {
  if (pendingRow === null || !ids.includes(pendingRow) || within?.closest('[inert]')) return null;
  const id = pendingRow;
  pendingRow = null;
  return id;
}
