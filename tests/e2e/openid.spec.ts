// OpenID Connect end to end: a real provider (oidc-provider) in this process, the browser through its login and consent pages.
import { expect, test } from '@playwright/test';
import { startOidcProvider } from './oidcProvider';

const port = Number(process.env.E2E_PORT ?? 3499);
const origin = `http://127.0.0.1:${port}`;

let provider: { close: () => Promise<void> } | undefined;

test.beforeAll(async () => {
  provider = await startOidcProvider(origin);
});

test.afterAll(async () => {
  await provider?.close();
});

test('sign in through the provider: its login and consent pages, back to the callback, home greets the provider user', async ({ page }) => {
  const account = `oidc${Date.now()}`;
  await page.goto('/login');
  // Record the authorization request the app sends the browser to.
  const authRequest = page.waitForRequest((r) => r.url().startsWith('http://127.0.0.1:3498/auth?'));
  await page.getByRole('button', { name: 'Log in with Local OIDC' }).click();
  const authUrl = new URL((await authRequest).url());
  expect(Object.fromEntries(authUrl.searchParams)).toEqual({
    client_id: 'keyflow-e2e',
    redirect_uri: `${origin}/auth/openid/local`,
    response_type: 'code',
    scope: 'openid email profile',
    state: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
  });

  // The provider's own sign-in page, reached with the parameters the spec lists.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:3498\//);
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await page.locator('input[name="login"]').fill(account);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back on the callback route with a code and the same state, then on to home, signed in.
  await expect(page).toHaveURL(`${origin}/`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^(Good (night|morning|evening)|Hi), (Oidc )?${account}!$`) })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  expect(await page.evaluate(() => localStorage.getItem('authenticating'))).toBeNull();

  // The account was created from the provider's claims.
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/v1/user', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return (await res.json()) as { username: string; email: string };
  });
  expect(me.username).toBe(account);
  expect(me.email).toBe(`${account}@oidc.example.com`);
});

test('a callback whose state does not match the stored one is refused', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('state', 'AAAAAAAAAAAAAAAAAAAAAAAA'));
  await page.goto('/auth/openid/local?code=whatever&state=BBBBBBBBBBBBBBBBBBBBBBBB');
  await expect(page.getByText(/state does not match, refusing to continue/i)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an error from the provider in the query is shown', async ({ page }) => {
  await page.goto('/auth/openid/local?error=access_denied&error_description=The%20user%20said%20no');
  await expect(page.getByText('The user said no')).toBeVisible();
});
