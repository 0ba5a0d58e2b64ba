// The keyboard of a session: holds the keys typed before the keymap is bound, and binds it once the first route has
// painted. A chunk of its own, loaded when a session starts: a signed-out visitor's first page never downloads it, nor
// the registry, the keymap or the command definitions (every binding is for a session).
import { appStore } from '../state/store';
import { paletteCommandAtom, paletteOpenAtom } from '../state/ui';
import { holdEarlyKeys } from './earlyKeys';
import type { AppRouter } from './router';

/** At most this long for the first route's paint (a hidden tab runs no animation frames). */
const FIRST_ROUTE_WAIT_MS = 1500;

/** Runs `run` once, after the router has rendered its first route and the browser has painted it. */
export function afterFirstRoute(router: Pick<AppRouter, 'state' | 'subscribe'>, run: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    run();
  };
  const fallback = setTimeout(once, FIRST_ROUTE_WAIT_MS);
  // The frame's callback runs before its paint; the task after it, once it has painted.
  const painted = () => void requestAnimationFrame(() => setTimeout(once, 0));
  const idle = (state: AppRouter['state']) => state.initialized && state.navigation.state === 'idle';
  if (idle(router.state)) return painted();
  const unsubscribe = router.subscribe((state) => {
    if (!idle(state)) return;
    unsubscribe();
    painted();
  });
}

export function startSessionKeys(router: AppRouter): void {
  // A page can show its rows before the keymap is bound: "g g" or "?" typed at once is held, then replayed.
  const replay = holdEarlyKeys();
  // The commands (and the context builder, which reads the store's task and list atoms) load after the first route has
  // painted: its first rows do not wait for the registry, the keymap and the commands' code.
  afterFirstRoute(router, () =>
    void import('../../commands').then((m) => {
      m.registerAppCommands();
      m.bindKeymap(
        window,
        m.registry,
        () => m.routerCommandContext(router),
        (command) => {
          appStore.set(paletteCommandAtom, command.id);
          appStore.set(paletteOpenAtom, true);
        },
      );
      m.trackFocusOrigin();
      replay();
    }),
  );
}
