// Quick-add is one action in Chromium: a line whose label fails keeps its task and, sent again, is finished instead of
// made twice; the palette's "new task" goes through the outbox like the add-task box, so it works offline too.
import { expect, test, type Page } from '@playwright/test';
import { api, createList, signUp } from './helpers';

interface ServerTask {
  id: number;
  title: string;
  labels: { title: string }[] | null;
}

test('a label that fails keeps the task; sending the same line again adds the label, not a second task', async ({ page, request }) => {
  const account = await signUp(request, page, 'qao');
  const listId = await createList(request, account, 'Kitchen');
  let failed = false;
  await page.route('**/api/v1/tasks/*/labels', async (route) => {
    if (failed || route.request().method() !== 'PUT') return route.fallback();
    failed = true;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 0, message: 'Label store unavailable' }) });
  });
  await page.goto(`/lists/${listId}`);
  const input = page.getByRole('combobox', { name: 'Add a task' });
  await input.fill('Buy bread *errand');
  await input.press('Enter');
  await expect(page.getByText('“Buy bread” was saved without the label errand: Label store unavailable')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Send the text again to finish it' })).toBeVisible();
  await expect(input).toHaveValue('Buy bread *errand');
  await expect(page.locator('.task-row', { hasText: 'Buy bread' })).toHaveCount(1);

  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(page.locator('.task-row', { hasText: 'Buy bread' })).toHaveCount(1);
  const stored = () => api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  await expect.poll(async () => (await stored()).map((t) => [t.title, t.labels?.map((l) => l.title) ?? []])).toEqual([['Buy bread', ['errand']]]);
});

const palette = (page: Page) => page.getByRole('dialog', { name: 'Quick actions' });

/** Reloads once the service worker is active, so the palette's code (loaded on first use) is there offline. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

test('the palette\'s "new task" works offline: the task opens at once and reaches the server when the network is back', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'qpo');
  const listId = await createList(request, account, 'Errands');
  await page.goto(`/lists/${listId}`);
  await controlledByWorker(page);
  await expect(page.getByRole('combobox', { name: 'Add a task' })).toBeVisible();
  await context.setOffline(true);
  try {
    await page.keyboard.press('Control+k');
    await expect(palette(page).getByRole('combobox')).toBeFocused();
    await page.keyboard.type('new task');
    await expect(palette(page).getByRole('option').first()).toContainText('New task');
    await expect(palette(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(palette(page).locator('.palette-active')).toHaveText('New task');
    await page.keyboard.type('Post the letters *errand');
    await page.keyboard.press('Enter');
    // A task made offline is opened under its temporary id until the server has it.
    await expect(page).toHaveURL(/\/tasks\/-\d+/);
    await expect(page.getByRole('textbox', { name: 'Task title' })).toHaveValue('Post the letters');
    await expect(page.getByRole('button', { name: 'Offline · 3 changes waiting' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  const stored = () => api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  await expect.poll(async () => (await stored()).map((t) => [t.title, t.labels?.map((l) => l.title) ?? []])).toEqual([['Post the letters', ['errand']]]);
  await expect(page).toHaveURL(/\/tasks\/\d+/);
});
