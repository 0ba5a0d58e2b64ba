// Gantt view end to end (keys, end drag, quick-add kept after reload), and list settings dialogs drawn over the list they belong to.
import { expect, test } from '@playwright/test';
import { api, createList, createTask, signUp } from './helpers';

interface ServerTask {
  id: number;
  title: string;
  start_date: string;
  end_date: string;
}

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (iso: string) => new Date(iso).toDateString();

test('gantt: arrow keys move a bar, dragging its end resizes it, quick-add creates a dated task', async ({ page, request }) => {
  const account = await signUp(request, page, 'gt');
  const listId = await createList(request, account, 'Garden');
  const start = new Date();
  start.setHours(9, 0, 0, 0);
  const end = new Date(start.getTime() + 2 * DAY);
  end.setHours(17, 0, 0, 0);
  const task = await createTask<ServerTask>(request, account, listId, { title: 'Dig beds', start_date: start.toISOString(), end_date: end.toISOString() });

  await page.goto(`/lists/${listId}/list`);
  await page.getByRole('navigation', { name: 'Views of this list' }).getByRole('link', { name: 'Gantt' }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/gantt$`));
  const bar = page.getByRole('button', { name: /^Dig beds: / });
  await expect(bar).toBeVisible();

  // Two days later by keyboard: saved once the keys pause.
  await bar.focus();
  await page.keyboard.press('ArrowRight');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/v1/tasks/${task.id}`) && r.request().method() === 'POST');
  await page.keyboard.press('ArrowRight');
  expect((await saved).ok()).toBeTruthy();
  let stored = await api<ServerTask>(request, account, `/tasks/${task.id}`);
  expect(dayOf(stored.start_date)).toBe(new Date(start.getTime() + 2 * DAY).toDateString());
  expect(new Date(stored.start_date).getHours()).toBe(9);
  expect(dayOf(stored.end_date)).toBe(new Date(end.getTime() + 2 * DAY).toDateString());

  // Drag the end three days to the right.
  await page.reload();
  const handle = page.locator('.gantt-handle.is-end').first();
  const box = (await handle.boundingBox())!;
  const resized = page.waitForResponse((r) => r.url().endsWith(`/api/v1/tasks/${task.id}`) && r.request().method() === 'POST');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 6; i += 1) await page.mouse.move(box.x + box.width / 2 + i * 16, box.y + box.height / 2);
  await page.mouse.up();
  expect((await resized).ok()).toBeTruthy();
  stored = await api<ServerTask>(request, account, `/tasks/${task.id}`);
  expect(dayOf(stored.start_date)).toBe(new Date(start.getTime() + 2 * DAY).toDateString());
  expect(dayOf(stored.end_date)).toBe(new Date(end.getTime() + 5 * DAY).toDateString());

  // Reloaded, the bar shows the stored dates.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Dig beds: / })).toBeVisible();

  // Created from the chart without dates: today for a week.
  const input = page.getByRole('combobox', { name: 'Add a task' });
  await input.fill('Plant tulips');
  await input.press('Enter');
  await expect(page.getByRole('button', { name: /^Plant tulips: / })).toBeVisible();
  const tasks = await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  const created = tasks.find((x) => x.title === 'Plant tulips')!;
  expect(dayOf(created.start_date)).toBe(new Date().toDateString());
  expect(dayOf(created.end_date)).toBe(new Date(Date.now() + 6 * DAY).toDateString());
});

test('list settings open over the list: its tasks stay in view behind the edit dialog, and closing returns there', async ({ page, request }) => {
  const account = await signUp(request, page, 'bd');
  const listId = await createList(request, account, 'Backdrop');
  await createTask(request, account, listId, { title: 'Visible behind' });
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('link', { name: 'Visible behind' })).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: 'Settings of Backdrop' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/settings/edit$`));
  await expect(page.getByRole('dialog', { name: 'Edit list' })).toBeVisible();
  // The list is still drawn behind the dialog (inert, so only visible, not reachable).
  await expect(page.locator('.route-backdrop-view').getByText('Visible behind')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/list$`));
  await expect(page.getByRole('link', { name: 'Visible behind' })).toBeVisible();

  // Opened directly, the edit dialog sits on the list's saved view.
  await page.goto(`/lists/${listId}/settings/edit`);
  await expect(page.getByRole('dialog', { name: 'Edit list' })).toBeVisible();
  await expect(page.locator('.route-backdrop-view').getByText('Visible behind')).toBeVisible();
});
