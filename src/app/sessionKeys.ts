// The keyboard of a session: holds the keys typed before the keymap is bound, and binds it once the shell has painted
// the first route. A chunk of its own, loaded when a session starts: a signed-out visitor's first page never downloads it, nor
// the registry, the keymap or the command definitions (every binding is for a session).
import { appStore } from '../state/store';
import { paletteCommandAtom, paletteOpenAtom } from '../state/ui';
import { holdEarlyKeys } from './earlyKeys';
import { catchEarlyKeys } from './palette/paletteFocus';
import { onShellPainted } from './AfterFirstPaint';
import type { AppRouter } from './router';

/** At most this long for the shell's first paint (a link share has no such shell; a hidden tab runs no frames). */
const SHELL_WAIT_MS = 1500;

/** Runs `run` once: when the signed-in shell has painted (with the route's first rows), or after a while at most. */
export function afterShellPaint(run: () => void, waitMs = SHELL_WAIT_MS): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(once, waitMs);
  onShellPainted(once);
}

export function startSessionKeys(router: AppRouter): void {
  // A page can show its rows before the keymap is bound: "g g" or "?" typed at once is held, then replayed.
  const replay = holdEarlyKeys();
  // The commands (and the context builder, which reads the store's task and list atoms) load once the shell has painted
  // with the route's first rows: they do not wait for the registry, the keymap and the commands' code.
  afterShellPaint(() =>
    void import('../../commands').then((m) => {
      m.registerAppCommands();
      m.bindKeymap(
        window,
        m.registry,
        () => m.routerCommandContext(router),
        (command) => {
          appStore.set(paletteCommandAtom, command.id);
          catchEarlyKeys();
          appStore.set(paletteOpenAtom, true);
        },
      );
      m.trackFocusOrigin();
      replay();
    }),
  );
}
