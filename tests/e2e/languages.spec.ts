// Languages end to end in Chromium: the browser's preference list picks the sign-in language, the account's language
// takes over after signing in, and every locale of this branch shows a translated screen.
import { expect, test, type Page } from '@playwright/test';
import { password } from './helpers';

/** The browser's language settings, most wanted first (Playwright's `locale` can only set one). */
async function browserPrefers(page: Page, languages: string[]): Promise<void> {
  await page.addInitScript((langs) => {
    Object.defineProperty(Navigator.prototype, 'languages', { configurable: true, get: () => langs });
    Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => langs[0] });
  }, languages);
}

test('the sign-in screen speaks the first browser language Keyflow has, and the account language wins after signing in', async ({ page, request }) => {
  const username = `lang${Date.now()}`;
  expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
  const { token } = (await (await request.post('/api/v1/login', { data: { username, password } })).json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/v1/user', { headers: auth })).json()) as { settings: Record<string, unknown> };
  expect((await request.post('/api/v1/user/settings/general', { headers: auth, data: { ...me.settings, language: 'zh-CN' } })).ok()).toBeTruthy();

  // Japanese is not offered, Polish is: the walk goes past the first tag.
  await browserPrefers(page, ['ja-JP', 'pl-PL', 'en']);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Zaloguj się', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');

  await page.getByLabel('Nazwa użytkownika lub adres e-mail').fill(username);
  await page.getByLabel('Hasło', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  // No reload: the signed-in shell switches to the account's Chinese as soon as GET /user answers.
  await expect(page.getByRole('link', { name: '概览', exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
});

for (const [locale, overview, upcoming, nextWeek] of [
  ['ru-RU', 'Обзор', 'Предстоящие', 'Ближайшие 7 дней'],
  ['pl-PL', 'Przegląd', 'Nadchodzące', 'Najbliższe 7 dni'],
  ['cs-CZ', 'Přehled', 'Nadcházející', 'Příštích 7 dní'],
  ['vi-VN', 'Tổng quan', 'Sắp tới', '7 ngày tới'],
  ['zh-CN', '概览', '即将到来', '未来 7 天'],
] as const) {
  test(`${locale}: the signed-in screens are translated`, async ({ page, request }) => {
    const username = `l${locale.slice(0, 2)}${Date.now()}`;
    await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } });
    const { token } = (await (await request.post('/api/v1/login', { data: { username, password } })).json()) as { token: string };
    await page.addInitScript(([t, l]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('language', l);
    }, [token, locale]);
    await page.goto('/');
    await expect(page.getByRole('link', { name: overview, exact: true })).toBeVisible();
    await page.getByRole('link', { name: upcoming }).click();
    await expect(page.getByRole('heading', { name: nextWeek, exact: true })).toBeVisible();
  });
}
