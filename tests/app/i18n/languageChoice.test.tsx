// The right language from the start: the browser's preference list picks the best supported locale for the sign-in
// screens, the account's stored language wins after sign-in, and switching re-renders without a reload.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appStore } from '../../../src/state/store';
import { configAtom } from '../../../src/state/config';
import { browserLanguage, currentLanguage, initLanguage, matchLocale, resolveLanguage, setLanguage } from '../../../src/i18n';
import { findLocale } from '../../../src/i18n/languages';
import { renderRoute } from '../render';
import { resetSessionState, userToken } from '../helpers';

vi.mock('../../../src/api/user', () => ({
  login: vi.fn(),
  currentUser: vi.fn(),
  renewToken: vi.fn(),
  confirmEmail: vi.fn(),
  saveGeneralSettings: vi.fn(),
}));

const userApi = vi.mocked(await import('../../../src/api/user'));
const { default: Login } = await import('../../../src/views/auth/Login');

/** Pretends to be a browser whose language settings list these tags, most wanted first. */
function browserPrefers(languages: string[]): void {
  Object.defineProperty(window.navigator, 'languages', { configurable: true, get: () => languages });
  Object.defineProperty(window.navigator, 'language', { configurable: true, get: () => languages[0] ?? '' });
}

beforeEach(async () => {
  localStorage.clear();
  resetSessionState();
  await setLanguage('en', false);
});

afterEach(async () => {
  // Back to jsdom's own navigator values.
  delete (window.navigator as unknown as Record<string, unknown>).languages;
  delete (window.navigator as unknown as Record<string, unknown>).language;
  await setLanguage('en', false);
});

describe('matching a language tag to a supported locale', () => {
  it.each([
    ['de-CH', 'de-swiss'],
    ['de_CH', 'de-swiss'],
    ['de-LI', 'de-swiss'],
    ['gsw', 'de-swiss'],
    ['gsw-CH', 'de-swiss'],
    ['de-swiss', 'de-swiss'],
    ['de-AT', 'de-DE'],
    ['de', 'de-DE'],
    ['pt-BR', 'pt-PT'],
    ['pt', 'pt-PT'],
    ['nb', 'no-NO'],
    ['nb-NO', 'no-NO'],
    ['nn', 'no-NO'],
    ['no', 'no-NO'],
    ['zh', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['zh-Hant-TW', 'zh-CN'],
    ['ru', 'ru-RU'],
    ['uk-UA', null],
    ['pl', 'pl-PL'],
    ['cs', 'cs-CZ'],
    ['vi', 'vi-VN'],
    ['FR-fr', 'fr-FR'],
    ['fr-CA', 'fr-FR'],
    ['en-US', 'en'],
    ['nl-BE', 'nl-NL'],
    ['it-CH', 'it-IT'],
    ['ja', null],
    ['', null],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale);
    expect(resolveLanguage(tag)).toBe(locale ?? 'en');
  });

  it('finds the same locales from the palette\'s language command', () => {
    expect(findLocale('nb')).toBe('no-NO');
    expect(findLocale('de-CH')).toBe('de-swiss');
    expect(findLocale('Polski')).toBe('pl-PL');
  });
});

describe("the browser's preference list", () => {
  it('is walked in order: the first tag a locale fits wins, not only the first tag', () => {
    expect(browserLanguage(['rm', 'de-CH', 'en'])).toBe('de-swiss');
    expect(browserLanguage(['ja', 'zh-TW', 'en'])).toBe('zh-CN');
    expect(browserLanguage(['nb-NO', 'en-GB'])).toBe('no-NO');
    expect(browserLanguage(['en-GB', 'ru'])).toBe('en');
    expect(browserLanguage(['ja', 'ko'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('picks the language of the sign-in screen before anyone signed in, without storing it', async () => {
    browserPrefers(['ja-JP', 'ru-RU', 'en']);
    await initLanguage();
    expect(currentLanguage()).toBe('ru-RU');
    expect(document.documentElement.lang).toBe('ru-RU');
    // Stored only when the person or their account chooses, so a browser set to another language later is followed.
    expect(localStorage.getItem('language')).toBeNull();
    appStore.set(configAtom, { version: 'v', registrationEnabled: true, auth: { local: { enabled: true } } });
    renderRoute(Login);
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.getByLabelText('Имя пользователя или адрес e-mail')).toBeInTheDocument();
  });

  it('gives way to a language chosen on this device before', async () => {
    browserPrefers(['ru-RU']);
    localStorage.setItem('language', 'pl-PL');
    await initLanguage();
    expect(currentLanguage()).toBe('pl-PL');
  });
});

describe('after sign-in', () => {
  beforeEach(() => {
    appStore.set(configAtom, { version: 'v', registrationEnabled: true, auth: { local: { enabled: true } } });
    userApi.login.mockReset().mockResolvedValue({ token: userToken(70) });
    userApi.saveGeneralSettings.mockReset().mockResolvedValue(undefined as never);
  });

  it("switches to the account's language, which wins over the browser's, and remembers it", async () => {
    browserPrefers(['cs-CZ']);
    await initLanguage();
    userApi.currentUser.mockReset().mockResolvedValue({ id: 1, username: 'ada', settings: { language: 'zh-CN' } } as never);
    const user = userEvent.setup();
    const { router } = renderRoute(Login);
    await user.type(screen.getByLabelText('Uživatelské jméno nebo e-mailová adresa'), 'ada');
    await user.type(screen.getByLabelText('Heslo'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Přihlásit se' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(currentLanguage()).toBe('zh-CN'), { timeout: 5000 });
    expect(localStorage.getItem('language')).toBe('zh-CN');
    // The language is already the account's: nothing is saved back.
    expect(userApi.saveGeneralSettings).not.toHaveBeenCalled();
  });

  it("keeps the browser's language when the account has none, and saves it to the account", async () => {
    browserPrefers(['vi']);
    await initLanguage();
    userApi.currentUser.mockReset().mockResolvedValue({ id: 1, username: 'ada', settings: { language: '' } } as never);
    const user = userEvent.setup();
    renderRoute(Login);
    await user.type(screen.getByLabelText('Tên người dùng hoặc địa chỉ e-mail'), 'ada');
    await user.type(screen.getByLabelText('Mật khẩu'), 'pw');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(userApi.saveGeneralSettings).toHaveBeenCalledWith(expect.objectContaining({ language: 'vi-VN' })));
    expect(currentLanguage()).toBe('vi-VN');
  });
});

describe('switching the language', () => {
  it('re-renders the open screen in the new language without reloading or remounting it', async () => {
    appStore.set(configAtom, { version: 'v', registrationEnabled: true, auth: { local: { enabled: true } } });
    await setLanguage('ru-RU', false);
    const user = userEvent.setup();
    renderRoute(Login);
    const button = screen.getByRole('button', { name: 'Войти' });
    const field = screen.getByLabelText('Имя пользователя или адрес e-mail') as HTMLInputElement;
    await user.type(field, 'typed before the switch');
    await setLanguage('pl-PL', false);
    await waitFor(() => expect(button).toHaveAccessibleName('Zaloguj się'));
    // The same elements, still holding what was typed: the screen was updated, not rebuilt.
    expect(screen.getByLabelText('Nazwa użytkownika lub adres e-mail')).toBe(field);
    expect(field.value).toBe('typed before the switch');
  });
});
