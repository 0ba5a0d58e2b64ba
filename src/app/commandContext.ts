// The one place a command context is made. The keymap (outside React), the palette, menus and buttons all hand the
// registry the same facts, read from the one store; callers add only what is theirs (the palette adds the selection).
import type { CommandContext } from '../../commands/registry';
import { appStore } from '../state/store';
import { sessionAtom } from '../state/session';
import { currentListAtom } from '../state/ui';
import { openTaskIdAtom } from '../state/taskDetail';
import { routes } from '../routes';

/** Where the command was started from: how to navigate there and which route is showing. */
export interface CommandOrigin {
  navigate: (to: string) => void;
  routeName: string | null;
}

export function commandContext(origin: CommandOrigin): CommandContext {
  return {
    navigate: origin.navigate,
    routeName: origin.routeName,
    signedIn: appStore.get(sessionAtom).kind === 'user',
    listId: appStore.get(currentListAtom)?.id ?? null,
    taskId: appStore.get(openTaskIdAtom),
  };
}

/** What the keymap needs of the app's router (its type is not imported: the router imports the screens, which use this). */
interface KeymapRouter {
  state: { matches: readonly { route: { id?: string } }[] };
  navigate: (to: string) => unknown;
}

/** The context of a key press outside React (the keymap): the route named by the router's deepest named match. */
export function routerCommandContext(router: KeymapRouter): CommandContext {
  const named = [...router.state.matches].reverse().find((m) => m.route.id !== undefined && m.route.id in routes);
  return commandContext({ navigate: (to) => void router.navigate(to), routeName: named?.route.id ?? null });
}
