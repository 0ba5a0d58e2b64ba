// Mounts the palette and the shortcuts help only once they are first opened, so their code is a lazy chunk.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai/react';
import { paletteOpenAtom, shortcutsHelpOpenAtom } from '../../state/ui';
import { openTaskIdAtom } from '../../state/taskDetail';
import { rememberTask } from '../../state/recent';
import { rememberFocus } from './paletteFocus';

const CommandPalette = lazy(() => import('./CommandPalette'));
const ShortcutsHelp = lazy(() => import('../help/ShortcutsHelp'));

/** True from the first time `open` is true; keeps the component mounted so reopening is instant. */
function useOnceTrue(open: boolean): boolean {
  const [seen, setSeen] = useState(open);
  useEffect(() => {
    if (open) setSeen(true);
  }, [open]);
  return seen || open;
}

export function PaletteHost() {
  const paletteOpen = useAtomValue(paletteOpenAtom);
  const paletteWanted = useOnceTrue(paletteOpen);
  // Fired while rendering, not in an effect: the focus is still where it was. (The keys typed meanwhile are caught by
  // the command that opened the palette: see catchEarlyKeys.)
  if (paletteOpen) rememberFocus();
  // The palette's code loads when the browser is idle, so the first Ctrl+K opens it at once.
  useEffect(() => {
    const load = () => void import('./CommandPalette');
    const idle = window.requestIdleCallback?.(load, { timeout: 3000 }) ?? window.setTimeout(load, 1500);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(idle) : window.clearTimeout(idle));
  }, []);
  const helpWanted = useOnceTrue(useAtomValue(shortcutsHelpOpenAtom));
  // Every task opened (from a list, the palette, a link) becomes a recent item; the palette fills in titles.
  const openTaskId = useAtomValue(openTaskIdAtom);
  useEffect(() => {
    if (openTaskId !== null) rememberTask({ id: openTaskId, title: '' });
  }, [openTaskId]);
  return (
    <Suspense fallback={null}>
      {paletteWanted && <CommandPalette />}
      {helpWanted && <ShortcutsHelp />}
    </Suspense>
  );
}
