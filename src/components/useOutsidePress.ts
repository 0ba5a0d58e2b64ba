// Closing a popover from outside: while it is open, a press outside its elements (and, when asked, the focus moving
// outside them) calls back. One hook for the filter and range popups, the calendar and the defer panel.
import { useEffect, useRef, type RefObject } from 'react';

export function useOutsidePress(
  inside: readonly RefObject<HTMLElement | null>[],
  open: boolean,
  onOutside: () => void,
  opts: { focus?: boolean } = {},
): void {
  // The latest callback and elements, read at the press: the listeners stay while the popover is open.
  const latest = useRef({ inside, onOutside });
  latest.current = { inside, onOutside };
  const { focus = false } = opts;
  useEffect(() => {
    if (!open) return undefined;
    const check = (e: Event) => {
      const target = e.target as Node;
      if (!latest.current.inside.some((r) => r.current?.contains(target))) latest.current.onOutside();
    };
    document.addEventListener('mousedown', check);
    if (focus) document.addEventListener('focusin', check);
    return () => {
      document.removeEventListener('mousedown', check);
      document.removeEventListener('focusin', check);
    };
  }, [open, focus]);
}
