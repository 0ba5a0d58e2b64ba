// The shell's commands: menu, quick search, shortcuts help, "g" navigation, settings, about and logout.
import { defineCommands, type Command } from './registry';
import { appStore } from '../src/state/store';
import { menuOpenAtom, paletteOpenAtom, shortcutsHelpOpenAtom } from '../src/state/ui';
import { outboxDialogOpenAtom, signOutAskedAtom, unsentCount } from '../src/outbox/current';
import { logout } from '../src/state/session';
import { pathFor, type RouteName } from '../src/routes';
import { catchEarlyKeys } from '../src/app/palette/paletteFocus';

const signedIn = (ctx: { signedIn: boolean }) => ctx.signedIn;

function goTo<const Id extends string>(id: Id, title: string, key: string, route: RouteName): Command<Id> {
  return {
    id,
    title,
    section: 'navigation',
    keys: [`g ${key}`],
    when: signedIn,
    run: (ctx) => ctx.navigate(pathFor(route)),
  };
}

export const navigationCommands = defineCommands([
  {
    id: 'menu.toggle',
    title: 'keyboardShortcuts.toggleMenu',
    section: 'general',
    keys: ['$mod+e'],
    when: signedIn,
    run: () => appStore.set(menuOpenAtom, !appStore.get(menuOpenAtom)),
  },
  {
    id: 'outbox.show',
    title: 'keyboardShortcuts.showWaitingChanges',
    section: 'general',
    when: signedIn,
    run: () => appStore.set(outboxDialogOpenAtom, true),
  },
  {
    // The palette (a later issue) renders when this atom is true.
    id: 'palette.open',
    title: 'keyboardShortcuts.quickSearch',
    section: 'general',
    keys: ['$mod+k'],
    when: signedIn,
    run: () => {
      // From this key on, what is typed is the palette's query, even before React has rendered it open.
      catchEarlyKeys();
      appStore.set(paletteOpenAtom, true);
    },
  },
  {
    // The help modal (a later issue) renders the registry when this atom is true.
    id: 'shortcuts.show',
    title: 'keyboardShortcuts.showShortcuts',
    section: 'general',
    keys: ['?'],
    when: signedIn,
    run: () => appStore.set(shortcutsHelpOpenAtom, true),
  },
  goTo('go.overview', 'keyboardShortcuts.goToOverview', 'o', 'home'),
  goTo('go.upcoming', 'keyboardShortcuts.goToUpcoming', 'u', 'tasks.range'),
  goTo('go.namespaces', 'keyboardShortcuts.goToNamespaces', 'n', 'namespaces.index'),
  goTo('go.labels', 'keyboardShortcuts.goToLabels', 'a', 'labels.index'),
  goTo('go.teams', 'keyboardShortcuts.goToTeams', 'm', 'teams.index'),
  {
    id: 'user.settings',
    title: 'keyboardShortcuts.openSettings',
    section: 'general',
    when: (ctx) => ctx.signedIn,
    run: (ctx) => ctx.navigate(pathFor('user.settings')),
  },
  {
    id: 'app.about',
    title: 'keyboardShortcuts.openAbout',
    section: 'general',
    when: signedIn,
    run: (ctx) => ctx.navigate(pathFor('about')),
  },
  {
    id: 'user.logout',
    title: 'keyboardShortcuts.logout',
    section: 'general',
    when: signedIn,
    // Signing out deletes what was not sent yet: with changes waiting, the waiting-changes dialog asks first.
    run: () => {
      if (unsentCount() === 0) return logout();
      appStore.set(signOutAskedAtom, true);
      appStore.set(outboxDialogOpenAtom, true);
    },
  },
]);
