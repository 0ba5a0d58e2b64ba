// A whole day by keyboard alone (no mouse events): open a list, add with quick-add, switch to kanban and open the
// first card by keys, close it and go on from the same card, label and move it by keys, switch to gantt.
import { expect, test } from '@playwright/test';
import { api, createList, createTask, signUp } from './helpers';

interface ServerTask {
  id: number;
  title: string;
  bucket_id: number;
  due_date: string;
  labels: { title: string }[] | null;
}

test('the daily loop by keys: list, quick-add, kanban card open and back, label, move, gantt', async ({ page, request }) => {
  test.slow();
  const account = await signUp(request, page, 'day');
  const headers = { authorization: `Bearer ${account.token}` };
  const listId = await createList(request, account, 'Household');
  await createList(request, account, 'Work');
  expect((await request.put('/api/v1/labels', { headers, data: { title: 'errand' } })).ok()).toBeTruthy();
  const doing = (await (await request.put(`/api/v1/lists/${listId}/buckets`, { headers, data: { title: 'Doing' } })).json()) as { id: number };
  await createTask(request, account, listId, { title: 'Fix the gate' });
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Task title' }) });
  const palette = page.getByRole('dialog', { name: 'Quick actions' });
  const press = (key: string) => page.keyboard.press(key);

  // Open the list from anywhere: ctrl+k, part of its name, Enter.
  await page.goto('/');
  await expect(page.locator('.app-shell')).toBeVisible({ timeout: 60_000 });
  await press('Control+k');
  await page.keyboard.type('Househ');
  await expect(palette.getByRole('option').first()).toContainText('Household');
  await press('Enter');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/`));
  await expect(page.getByRole('listitem').filter({ hasText: 'Fix the gate' })).toBeVisible();

  // Quick-add: n, the line, Enter; the line's date is read (due tomorrow) and leaves the title.
  await press('n');
  await expect(page.getByRole('combobox', { name: 'Add a task' })).toBeFocused();
  await page.keyboard.type('Paint the fence tomorrow');
  await press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: 'Paint the fence' })).toBeVisible();
  await expect.poll(async () => (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).some((t) => t.title === 'Paint the fence')).toBe(true);
  const added = (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).find((t) => t.title === 'Paint the fence')!;
  // Escape leaves the add box, so the next keys are commands again.
  await press('Escape');

  // g k: the board; one Tab reaches the first card, Enter opens it.
  await press('g');
  await press('k');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/kanban$`));
  const card = page.locator('.kanban-card', { hasText: 'Paint the fence' }).locator('.kanban-card-title');
  await expect(card).toBeVisible();
  await press('Tab');
  const first = page.locator('.kanban-card-title').first();
  await expect(first).toBeFocused();
  // The bucket orders its cards by position: if the new card is not the first, the arrow walks to it.
  if (!(await card.evaluate((el) => el === document.activeElement))) await press('ArrowDown');
  await expect(card).toBeFocused();
  await press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${added.id}$`));
  await expect(dialog.getByRole('textbox', { name: 'Task title' })).toHaveValue('Paint the fence');

  // Label it: l, part of the label, Enter.
  await press('l');
  await expect(dialog.getByRole('combobox', { name: 'Add a label' })).toBeFocused();
  await page.keyboard.type('err');
  await expect(dialog.getByRole('option', { name: 'errand' })).toHaveAttribute('aria-selected', 'true');
  await press('Enter');
  await expect(dialog.getByRole('button', { name: 'Remove the label errand' })).toBeVisible();

  // Escape closes the task, and the focus is back on its card.
  await press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card).toBeFocused();
  await expect(page.locator('.kanban-card', { hasText: 'Paint the fence' })).toContainText('errand');

  // Move it on from the same card: b, Enter takes the next bucket; the card keeps the focus there.
  await press('b');
  await expect(palette.getByRole('option').first()).toContainText('Doing');
  await press('Enter');
  await expect(palette).toBeHidden();
  const moved = page.locator('.kanban-bucket[aria-label="Doing"] .kanban-card-title');
  await expect(moved).toBeFocused();
  await expect.poll(async () => (await api<ServerTask>(request, account, `/tasks/${added.id}`)).bucket_id).toBe(doing.id);

  // g g: the chart has the focus; the task due tomorrow is a bar there, one Tab away.
  await press('g');
  await press('g');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/gantt`));
  const region = page.getByRole('region', { name: 'Gantt chart' });
  await expect(region).toBeFocused();
  const bar = region.getByRole('button', { name: /^Paint the fence: / });
  await expect(bar).toBeVisible();
  await press('Tab');
  await expect(bar).toBeFocused();

  const saved = await api<ServerTask>(request, account, `/tasks/${added.id}`);
  expect(saved.labels?.map((l) => l.title)).toEqual(['errand']);
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  expect(new Date(saved.due_date).toDateString()).toBe(tomorrow.toDateString());
});
