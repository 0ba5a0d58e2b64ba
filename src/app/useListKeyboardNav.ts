// List keyboard navigation for task views: registers the view as the target of the j/k/x/shift+x/Enter/Escape commands and exposes row state.
import { useEffect, useRef, type RefObject } from 'react';
import { useAtomValue, useSetAtom } from 'jotai/react';
import { EMPTY_SELECTION, listSelectionAtom, setActiveListNav, activeListNav, takeReturnRow, type ListSelection } from '../state/selection';
import './palette/listNav.css';

export interface ListKeyboardNavOptions {
  /** Identifies the view (e.g. "list:12", "upcoming"); a new scope starts with an empty selection. */
  scope: string;
  /** Visible task ids in display order. */
  ids: readonly number[];
  onOpen: (id: number) => void;
  /** Brings a row into view; virtualised lists pass their scrollToIndex. */
  reveal?: (id: number, index: number) => void;
  /** Puts the DOM focus on the list, when a closed task hands the focus back to its row. */
  focusList?: () => void;
  /** The list's element: a copy drawn behind an open task (inert) leaves the returning row to the view itself. */
  root?: RefObject<Element | null>;
}

export interface RowNavProps {
  'data-kbd-focused'?: 'true';
  'aria-selected'?: boolean;
  className: string;
}

/** A row's attributes from its state: focused by j/k, and selected (undefined while nothing is selected). */
export function navPropsFor(focused: boolean, selected: boolean | undefined): RowNavProps {
  return {
    ...(focused ? { 'data-kbd-focused': 'true' as const } : {}),
    ...(selected !== undefined ? { 'aria-selected': selected } : {}),
    className: `kbd-row${focused ? ' kbd-row-focused' : ''}${selected ? ' kbd-row-selected' : ''}`,
  };
}

/**
 * The keys themselves are registry commands (commands/taskSelection.ts), so the help modal lists them and they
 * can be rebound; this hook only tells those commands which view they drive and returns each row's state.
 */
export function useListKeyboardNav({ scope, ids, onOpen, reveal, focusList, root }: ListKeyboardNavOptions) {
  const selection = useAtomValue(listSelectionAtom);
  const setSelection = useSetAtom(listSelectionAtom);
  const latest = useRef({ ids, onOpen, reveal });
  latest.current = { ids, onOpen, reveal };

  useEffect(() => {
    setSelection((s) => (s.scope === scope ? s : { ...EMPTY_SELECTION, scope }));
    const nav = {
      scope,
      ids: () => latest.current.ids,
      open: (id: number) => latest.current.onOpen(id),
      reveal: (id: number) => latest.current.reveal?.(id, latest.current.ids.indexOf(id)),
    };
    setActiveListNav(nav);
    return () => {
      // Another view has taken over already: the same list behind a closing task and on its own route overlap for a
      // moment, and the one going must not wipe the row the other has just been handed.
      if (activeListNav() !== nav) return;
      setActiveListNav(null);
      // Leaving the view drops its selection, so bulk commands never act on tasks that are not on screen. Not when the
      // same view comes straight back (the router remounts a list when a task over it closes): the row it was just
      // handed stays focused, so the check waits for that mount.
      queueMicrotask(() => {
        if (activeListNav()?.scope === scope) return;
        setSelection((s) => (s.scope === scope ? EMPTY_SELECTION : s));
      });
    };
  }, [scope, setSelection]);

  // A task opened from this list and closed again: its row is the focused one, as if the person had never left.
  useEffect(() => {
    const id = takeReturnRow(ids, root?.current);
    if (id === null) return;
    setSelection((s) => ({ ...(s.scope === scope ? s : { ...EMPTY_SELECTION, scope }), focusedId: id }));
    latest.current.reveal?.(id, ids.indexOf(id));
    focusList?.();
    // focusList is read once per return
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, scope, setSelection]);

  const current: ListSelection = selection.scope === scope ? selection : EMPTY_SELECTION;
  const selected = new Set(current.selectedIds);

  return {
    focusedId: current.focusedId,
    selectedIds: current.selectedIds,
    /** Whether a row is selected; undefined while nothing is (rows then carry no aria-selected). */
    isSelected: (id: number): boolean | undefined => (current.selectedIds.length > 0 ? selected.has(id) : undefined),
    rowProps(id: number): RowNavProps {
      return navPropsFor(current.focusedId === id, current.selectedIds.length > 0 ? selected.has(id) : undefined);
    },
  };
}
