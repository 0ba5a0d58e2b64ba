// Focus asked for by a keyboard command and carried out by the component that owns the element (commands never reach into the DOM).
import { atom } from 'jotai/vanilla';

/** How many add-task boxes are on screen (the `n` command applies only when there is one). */
export const addTaskBoxesAtom = atom(0);

/** Bumped by the `n` command; the add-task box on screen takes the focus when it changes. */
export const addTaskFocusRequestAtom = atom(0);

/** Bumped by "Change the language": the general settings focus their language field, also when already open. */
export const languageFieldRequestAtom = atom(0);

let viewFocusWanted = false;

/**
 * Asked for by a switch between a list's views (g l, g g, g t, g k or a view link): the view coming up puts the focus
 * on its content, so the next key or Tab acts there rather than on the view links at the top of the page.
 */
export function requestViewFocus(): void {
  viewFocusWanted = true;
}

/** Whether a view switch asked for the focus; answered once, by the view that mounts after it. */
export function takeViewFocus(): boolean {
  const wanted = viewFocusWanted;
  viewFocusWanted = false;
  return wanted;
}
