// Settings commands for the palette: open each settings page, switch the colour scheme, change the language, import.
import { defineCommands, type Command, type CommandContext } from './registry';
import { appStore } from '../src/state/store';
import { configAtom } from '../src/state/config';
import { userAtom } from '../src/state/session';
import { colorSchemeAtom, type ColorScheme } from '../src/state/theme';
import { setLanguage } from '../src/i18n';
import { saveLanguage } from '../src/actions/settings';
import { pathFor } from '../src/routes';
import { SETTINGS_PAGES, routeOf, type SettingsPageDef } from '../src/app/settingsPages';
import { findLocale } from '../src/i18n/languages';
import { languageFieldRequestAtom } from '../src/state/focusRequests';
import { success, error } from '../src/app/toast';

const signedIn = (ctx: CommandContext) => ctx.signedIn;

/** The command title key of each settings page. */
const PAGE_TITLES: Record<SettingsPageDef['id'], string> = {
  general: 'user.settings.commands.general',
  'password-update': 'user.settings.commands.password',
  'email-update': 'user.settings.commands.email',
  avatar: 'user.settings.commands.avatar',
  totp: 'user.settings.commands.totp',
  caldav: 'user.settings.commands.caldav',
  'data-export': 'user.settings.commands.export',
  deletion: 'user.settings.commands.deletion',
};

function openPage(page: SettingsPageDef): Command<`settings.open.${SettingsPageDef['id']}`> {
  return {
    id: `settings.open.${page.id}` as const,
    title: PAGE_TITLES[page.id],
    section: 'settings',
    // Pages the server switched off (two-factor, CalDAV, deletion) or this account cannot use stay out of the palette.
    when: (ctx) => ctx.signedIn && page.available(appStore.get(configAtom), appStore.get(userAtom)),
    run: (ctx) => ctx.navigate(pathFor(routeOf(page.id))),
  };
}

function scheme(value: ColorScheme, title: string): Command<`settings.colorScheme.${ColorScheme}`> {
  return {
    id: `settings.colorScheme.${value}` as const,
    title,
    section: 'settings',
    when: (ctx) => ctx.signedIn && appStore.get(colorSchemeAtom) !== value,
    run: () => appStore.set(colorSchemeAtom, value),
  };
}

/**
 * With input naming a language ("Deutsch", "fr", "fr-FR") it switches at once and stores the choice in
 * the account; without, it opens the general settings where the language picker is.
 */
async function changeLanguage(ctx: CommandContext, input?: string): Promise<void> {
  const locale = input ? findLocale(input) : null;
  if (!locale) {
    // The request reaches the page when it is already open at #language, where the address alone changes nothing.
    appStore.set(languageFieldRequestAtom, (n) => n + 1);
    ctx.navigate(`${pathFor('user.settings.general')}#language`);
    return;
  }
  await setLanguage(locale);
  const user = appStore.get(userAtom);
  if (user?.settings) {
    try {
      await saveLanguage(locale);
    } catch (err) {
      void error(err);
      return;
    }
  }
  void success('user.settings.general.savedSuccess');
}

export const settingsCommands = defineCommands([
  ...SETTINGS_PAGES.map(openPage),
  scheme('light', 'user.settings.commands.schemeLight'),
  scheme('dark', 'user.settings.commands.schemeDark'),
  scheme('auto', 'user.settings.commands.schemeAuto'),
  { id: 'settings.language', title: 'user.settings.commands.language', section: 'settings', when: signedIn, run: changeLanguage },
  {
    id: 'migrate.start',
    title: 'migrate.command',
    section: 'settings',
    when: (ctx) => ctx.signedIn && (appStore.get(configAtom)?.availableMigrators?.length ?? 0) > 0,
    run: (ctx) => ctx.navigate(pathFor('migrate.start')),
  },
]);
