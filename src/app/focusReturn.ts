// Where the focus goes back to when a field is left with Escape: the element that had it before the field did.
import { isEditableTarget } from '../../commands/keymapTargets';

let origin: HTMLElement | null = null;
let tracking = false;

/** Remembers the last focused element that is not a text field; installed once at boot (and by tests). */
export function trackFocusOrigin(doc: Document = document): void {
  if (tracking) return;
  tracking = true;
  doc.addEventListener(
    'focusin',
    (e) => {
      const el = e.target;
      if (el instanceof HTMLElement && !isEditableTarget(el)) origin = el;
    },
    true,
  );
}

function usable(el: HTMLElement | null): el is HTMLElement {
  return !!el && el.isConnected && !el.closest('[inert], [aria-hidden="true"]') && !(el as HTMLButtonElement).disabled;
}

/**
 * Leaves the focused text field for where the focus was before it (a list, a row's button, the task), else the
 * page's main region: never the body, so the next Tab and the single-key shortcuts start from a sensible place.
 */
export function leaveField(): void {
  const field = document.activeElement as HTMLElement | null;
  if (!field || !isEditableTarget(field)) return;
  const back = usable(origin) && origin !== field ? origin : document.getElementById('main');
  field.blur();
  back?.focus({ preventScroll: true });
}
