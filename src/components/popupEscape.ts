// Escape inside an open popup (a picker, a calendar) belongs to that popup: the dialog around it stays open.

/** The popups that close themselves on Escape and hand the focus back to their opener. */
const POPUPS = '.picker-popover, .date-picker-popover';

/**
 * Whether an Escape from this element is the popup's to handle. Radix dialogs hear Escape on the document before
 * the popup's own handler can stop it, so a dialog asks this first and leaves the key alone.
 */
export function escapeBelongsToPopup(el: Element | null): boolean {
  return !!el?.closest(POPUPS);
}
