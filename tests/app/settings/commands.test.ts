// Settings commands in the registry: each settings page, the colour schemes, the language (with or without input), import.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appStore } from '../../../src/state/store';
import { configAtom } from '../../../src/state/config';
import { colorSchemeAtom } from '../../../src/state/theme';
import { userAtom } from '../../../src/state/session';
import { currentLanguage, setLanguage } from '../../../src/i18n';
import type { CommandContext } from '../../../commands/registry';
import { signIn } from './helpers';

vi.mock('../../../src/api/user', async (orig) => ({ ...(await orig<typeof import('../../../src/api/user')>()), saveGeneralSettings: vi.fn() }));
vi.mock('../../../src/app/toast', () => ({ success: vi.fn(), error: vi.fn() }));

const userApi = vi.mocked(await import('../../../src/api/user'));
const { settingsCommands } = await import('../../../commands/settings');
const { createRegistry } = await import('../../../commands/registry');

function context() {
  const navigate = vi.fn<(to: string) => void>();
  const ctx: CommandContext = { navigate, routeName: 'home', signedIn: true, listId: null };
  return Object.assign(ctx, { navigate });
}

const registry = createRegistry();
registry.registerAll(settingsCommands);

beforeEach(async () => {
  localStorage.clear();
  await setLanguage('en', false);
  signIn();
  appStore.set(colorSchemeAtom, 'light');
  userApi.saveGeneralSettings.mockReset().mockResolvedValue({});
});

describe('settings commands', () => {
  it('open every settings page by route', async () => {
    const ctx = context();
    const pages = ['general', 'password-update', 'email-update', 'avatar', 'totp', 'caldav', 'data-export', 'deletion'];
    for (const p of pages) expect(await registry.run(`settings.open.${p}`, ctx)).toBe(true);
    expect(ctx.navigate.mock.calls.map((c) => c[0])).toEqual(pages.map((p) => `/user/settings/${p}`));
  });

  it('leave out pages the server switched off, and everything when signed out', () => {
    appStore.set(configAtom, { version: 'v', totpEnabled: false, caldavEnabled: false, userDeletionEnabled: false, availableMigrators: [] });
    const ids = registry.applicable(context()).map((c) => c.id);
    expect(ids).not.toContain('settings.open.totp');
    expect(ids).not.toContain('settings.open.caldav');
    expect(ids).not.toContain('settings.open.deletion');
    expect(ids).not.toContain('migrate.start');
    expect(ids).toContain('settings.open.general');
    expect(registry.applicable({ ...context(), signedIn: false })).toEqual([]);
  });

  it('switch the colour scheme, offering only the other ones', async () => {
    expect(registry.applicable(context()).map((c) => c.id)).not.toContain('settings.colorScheme.light');
    await registry.run('settings.colorScheme.dark', context());
    expect(appStore.get(colorSchemeAtom)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('color-scheme')).toBe('dark');
  });

  it('change the language from the palette input and store it in the account', async () => {
    await registry.run('settings.language', context(), 'Deutsch');
    expect(currentLanguage()).toBe('de-DE');
    expect(userApi.saveGeneralSettings).toHaveBeenCalledWith(expect.objectContaining({ language: 'de-DE', weekStart: 1 }));
    expect(appStore.get(userAtom)?.settings?.language).toBe('de-DE');
  });

  it('open the language picker when the input names no language', async () => {
    const ctx = context();
    await registry.run('settings.language', ctx, '');
    expect(ctx.navigate).toHaveBeenCalledWith('/user/settings/general#language');
    expect(userApi.saveGeneralSettings).not.toHaveBeenCalled();
  });

  it('open the import page when the server offers a migrator', async () => {
    const ctx = context();
    expect(await registry.run('migrate.start', ctx)).toBe(true);
    expect(ctx.navigate).toHaveBeenCalledWith('/migrate');
  });
});
