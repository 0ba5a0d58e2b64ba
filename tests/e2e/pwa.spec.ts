// The installable app in Chromium: manifest and worker served, the worker activates, the shell loads offline.
import { expect, test } from '@playwright/test';

test('the manifest and the service worker are served', async ({ request }) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  const body = (await manifest.json()) as { name: string; theme_color: string; icons: { src: string; sizes: string }[] };
  expect(body.name).toBe('Keyflow');
  expect(body.theme_color).toBe('#1973ff');
  expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of body.icons) expect((await request.get(icon.src)).ok()).toBe(true);

  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  // API responses are never cached: the worker has no runtime route for them and precaches no API URL.
  const source = await sw.text();
  expect(source).not.toContain('/api/v1');
  expect(source).toContain('denylist');
});

test('the worker activates, and offline a reload still shows the shell with the offline message', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  // Registration waits for the load event; `ready` resolves once a worker is active for this scope.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)).toBe('activated');
  // With registerType 'prompt' the worker doesn't claim the page that installed it; the next load is controlled.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are offline.' })).toBeVisible();
    await expect(page.getByText('Please check your network connection and try again.')).toBeVisible();
    await expect(page).toHaveTitle(/Keyflow/);
  } finally {
    await context.setOffline(false);
  }
});

test('a cached shell whose server does not answer shows the offline message, and recovers when it is back', async ({ page, context }) => {
  await page.goto('/login');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');

  // The browser is online, but the server is gone: every API call fails at the connection.
  const down = (route: import('@playwright/test').Route) => route.abort('connectionrefused');
  await context.route('**/api/**', down);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are offline.' })).toBeVisible();
  await expect(page.getByLabel(/API/)).toHaveCount(0);

  // Back up: the periodic retry finds the server and the login page returns.
  await context.unroute('**/api/**', down);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
});
