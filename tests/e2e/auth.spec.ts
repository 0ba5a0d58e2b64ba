// Sign-in end to end in Chromium against the real server: register, greeting, reload, logout, wrong password, TOTP, API address.
import { expect, test, type Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3499);
const origin = `http://127.0.0.1:${port}`;
const password = 'correct horse battery';

async function register(page: Page, username: string) {
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail address').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('register, see the greeting, reload and stay signed in, log out and land on login', async ({ page }) => {
  const username = `e2e${Date.now()}`;
  await register(page, username);
  await expect(page).toHaveURL(`${origin}/`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^(Good (night|morning|evening)|Hi), ${username}!$`) })).toBeVisible();
  await expect(page).toHaveTitle('Overview | Keyflow');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(username) })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  await logout(page);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Signed out, a protected page goes to login and comes back after signing in.
  await page.goto('/about');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`${origin}/about`);
  await expect(page.getByText('Client version')).toBeVisible();
});

test('a wrong password shows the error and keeps the typed username', async ({ page }) => {
  const username = `e2ewrong${Date.now()}`;
  await register(page, username);
  await expect(page).toHaveURL(`${origin}/`);
  await logout(page);

  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong username or password.');
  await expect(page.getByLabel('Username or e-mail address')).toHaveValue(username);
  await expect(page).toHaveURL(/\/login$/);
});

test('the one-time code field appears when the server answers 1017', async ({ page }) => {
  const username = `e2etotp${Date.now()}`;
  await register(page, username);
  await expect(page).toHaveURL(`${origin}/`);
  await logout(page);

  // The server asks for a passcode on the first attempt (as it does for accounts with TOTP on).
  let asked = false;
  await page.route('**/api/v1/login', async (route) => {
    const body = route.request().postDataJSON() as { totp_passcode?: string };
    if (!asked && !body.totp_passcode) {
      asked = true;
      await route.fulfill({ status: 412, contentType: 'application/json', body: JSON.stringify({ code: 1017, message: 'Invalid totp passcode.' }) });
      return;
    }
    await route.continue();
  });

  await expect(page.getByLabel('Two-factor authentication code')).toHaveCount(0);
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const code = page.getByLabel('Two-factor authentication code');
  await expect(code).toBeVisible();
  await expect(code).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await code.fill('123456');
  const sent = page.waitForRequest('**/api/v1/login');
  await page.getByRole('button', { name: 'Login' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ username, totp_passcode: '123456' });
  await expect(page).toHaveURL(`${origin}/`);
});

test('an unreachable API shows the API address form, and the right address recovers', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('API_URL', 'http://unreachable.test:9/api/v1');
    }
  });
  // Every candidate discovery derives from the stored address fails like a closed port.
  await page.route((url) => url.hostname === 'unreachable.test', (route) => route.abort('connectionrefused'));

  await page.goto('/login');
  await expect(page.getByText('An error occurred:')).toBeVisible();
  await expect(page.getByText('No API address was found.')).toBeVisible();
  const field = page.getByLabel('Keyflow API address');
  await expect(field).toBeVisible();

  await page.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByText('A URL is required.')).toBeVisible();

  await field.fill(origin);
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('API_URL'))).toBe(`${origin}/api/v1`);
});
