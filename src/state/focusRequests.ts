// Focus asked for by a keyboard command and carried out by the component that owns the element (commands never reach into the DOM).
import { atom } from 'jotai/vanilla';

/** How many add-task boxes are on screen (the `n` command applies only when there is one). */
export const addTaskBoxesAtom = atom(0);

/** Bumped by the `n` command; the add-task box on screen takes the focus when it changes. */
export const addTaskFocusRequestAtom = atom(0);
