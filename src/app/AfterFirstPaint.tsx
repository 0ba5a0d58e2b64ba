// Holds back parts of the signed-in shell that a screen's first rows do not need (the navigation tree, the bell, the
// user menu, the palette's host) until the frame after the shell first painted, so the first commit is the rows'.
import { useEffect, useState, type ReactNode } from 'react';

/** Once the shell has painted, later mounts (another layout, a remount) show their parts at once. */
let painted = false;
let waiting: (() => void)[] = [];

/** Runs `run` once the signed-in shell has painted (at once if it has). */
export function onShellPainted(run: () => void): void {
  if (painted) run();
  else waiting.push(run);
}

function markPainted(): void {
  if (painted) return;
  painted = true;
  const runs = waiting;
  waiting = [];
  for (const run of runs) run();
}

/** At most this long for a paint that never comes (a hidden tab does not run animation frames). */
const HIDDEN_TAB_MS = 300;

export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(painted);
  useEffect(() => {
    if (show) return undefined;
    const reveal = () => {
      setShow(true);
      markPainted();
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; the task after it, once it has painted.
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(reveal, 0))) : undefined;
    const fallback = setTimeout(reveal, frame === undefined ? 0 : HIDDEN_TAB_MS);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [show]);
  return show ? children : null;
}
