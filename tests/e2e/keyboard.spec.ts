// Daily flows by keyboard alone (no mouse events), each counting its key presses against a budget.
import { expect, test, type Page } from '@playwright/test';
import { api, createList, createTask, signUp } from './helpers';

/** Presses and typed text, counted apart: budgets are "N keys + the typed part". */
function keys(page: Page) {
  let presses = 0;
  return {
    async press(key: string) {
      presses += 1;
      await page.keyboard.press(key);
    },
    /** Typed text is the part the person has to type anyway; it is not counted as presses. */
    async type(text: string) {
      await page.keyboard.type(text);
    },
    get count() {
      return presses;
    },
    reset() {
      presses = 0;
    },
  };
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Quick actions' });

interface ServerTask {
  id: number;
  title: string;
  bucket_id: number;
  priority: number;
  due_date: string;
  labels: { title: string }[] | null;
}

test('open a list from anywhere by typing part of its name: at most 2 keys + the text + Enter', async ({ page, request }) => {
  const account = await signUp(request, page, 'kbl');
  const listId = await createList(request, account, 'Weekend Errands');
  await createList(request, account, 'Work');
  await createTask(request, account, listId, { title: 'Weekend errands: buy paint' });
  await page.goto('/tasks/by/upcoming');
  await expect(page.locator('.app-shell')).toBeVisible();
  const k = keys(page);
  await k.press('Control+k');
  await k.type('Weekend Err');
  await expect(palette(page).getByRole('option').first()).toContainText('Weekend Errands');
  await expect(palette(page).getByRole('option').first()).toContainText('List');
  await k.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/`));
  expect(k.count).toBeLessThanOrEqual(2 + 1);
});

test('keys typed while the page is still loading are kept: Ctrl+K and a list’s name typed at once open it', async ({ page, request }) => {
  const account = await signUp(request, page, 'kbe');
  const listId = await createList(request, account, 'Garden Plans');
  // The keyboard's code arrives late (a slow connection, a busy machine): what was typed meanwhile must not be lost.
  await page.route(/\/assets\/sessionKeys-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/tasks/by/upcoming', { waitUntil: 'commit' });
  await expect(page.locator('.app-shell')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('Garden Pl');
  await expect(palette(page).getByRole('combobox')).toHaveValue('Garden Pl');
  await expect(palette(page).getByRole('option').first()).toContainText('Garden Plans');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/`));
});

test('kanban: the first card in at most 2 Tab presses, opened with Enter, moved to the next bucket by keys', async ({ page, request }) => {
  const account = await signUp(request, page, 'kbk');
  const listId = await createList(request, account, 'Board');
  const headers = { authorization: `Bearer ${account.token}` };
  const [first] = (await (await request.get(`/api/v1/lists/${listId}/buckets`, { headers })).json()) as { id: number; title: string }[];
  const next = (await (await request.put(`/api/v1/lists/${listId}/buckets`, { headers, data: { title: 'Doing' } })).json()) as { id: number };
  const card = await createTask<{ id: number }>(request, account, listId, { title: 'Paint the fence', bucket_id: first.id });
  await createTask(request, account, listId, { title: 'Fix the gate', bucket_id: first.id });

  await page.goto(`/lists/${listId}/kanban`);
  await expect(page.locator('.kanban-card').first()).toBeVisible();
  // From page load: Tab reaches the skip link, which lands on the board's one Tab stop, the first card.
  const k = keys(page);
  let tabs = 0;
  const firstCard = page.locator('.kanban-card', { hasText: 'Paint the fence' }).locator('.kanban-card-title');
  await k.press('Tab');
  tabs += 1;
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await k.press('Enter');
  await expect(firstCard).toBeFocused();
  expect(tabs).toBeLessThanOrEqual(2);

  // Arrows move between cards without picking one up.
  await k.press('ArrowDown');
  await expect(page.locator('.kanban-card', { hasText: 'Fix the gate' }).locator('.kanban-card-title')).toBeFocused();
  await k.press('ArrowUp');
  await expect(firstCard).toBeFocused();
  await expect(page.locator('.kanban-card.is-dragging')).toHaveCount(0);

  // b asks which bucket (a pick page in the palette); Enter takes the first, the next bucket.
  k.reset();
  await k.press('b');
  await expect(palette(page).getByRole('option').first()).toContainText('Doing');
  await k.press('Enter');
  await expect.poll(async () => (await api<ServerTask>(request, account, `/tasks/${card.id}`)).bucket_id).toBe(next.id);
  expect(k.count).toBeLessThanOrEqual(2);
  await expect(palette(page)).toBeHidden();
  const moved = page.locator('.kanban-bucket[aria-label="Doing"] .kanban-card-title');
  await expect(moved).toBeFocused();
  // The focus stays there once the dialog has handed it back (a frame after closing).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(moved).toBeFocused();

  // Space, an arrow and Space move it back (the drag keys), and Enter opens the card.
  // Each key waits for what a person would see before the next: the card lifted, then the first bucket marked as
  // the drop target (the sensor measures the board a frame after each key).
  k.reset();
  await k.press('Space');
  await expect(page.locator('.kanban-card.is-dragging')).toHaveCount(1);
  await k.press('ArrowLeft');
  await expect(page.locator(`.kanban-bucket[data-bucket-id="${first.id}"]`)).toHaveClass(/is-over/);
  await k.press('Space');
  await expect.poll(async () => (await api<ServerTask>(request, account, `/tasks/${card.id}`)).bucket_id).toBe(first.id);
  expect(k.count).toBe(3);
  await expect(firstCard).toBeFocused();
  await k.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${card.id}`));
});

test('add a task with a date, a label and a priority: n, the line, Enter (2 keys + the line)', async ({ page, request }) => {
  const account = await signUp(request, page, 'kba');
  const listId = await createList(request, account, 'Home');
  await createTask(request, account, listId, { title: 'Fix the tap' });
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Fix the tap' })).toBeVisible({ timeout: 60_000 });
  const box = page.getByRole('combobox', { name: 'Add a task' });
  await expect(box).not.toBeFocused();

  const k = keys(page);
  await k.press('n');
  await expect(box).toBeFocused();
  await k.type('Buy paint tomorrow *errand !3');
  await k.press('Enter');
  const row = page.getByRole('listitem').filter({ hasText: 'Buy paint' });
  await expect(row).toBeVisible();
  await expect(box).toHaveValue('');
  // n and Enter: every other key is the line itself.
  expect(k.count).toBeLessThanOrEqual(2);

  await expect
    .poll(async () => (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).find((t) => t.title === 'Buy paint')?.labels?.map((l) => l.title))
    .toEqual(['errand']);
  const created = (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).find((t) => t.title === 'Buy paint')!;
  expect(created.priority).toBe(3);
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  expect(new Date(created.due_date).toDateString()).toBe(tomorrow.toDateString());
});

test('select three tasks with j/x and label them in bulk from the palette', async ({ page, request }) => {
  const account = await signUp(request, page, 'kbb');
  const listId = await createList(request, account, 'Chores');
  const headers = { authorization: `Bearer ${account.token}` };
  expect((await request.put('/api/v1/labels', { headers, data: { title: 'errand' } })).ok()).toBeTruthy();
  const ids: number[] = [];
  for (const title of ['Post letters', 'Buy bread', 'Return books', 'Water plants']) ids.push((await createTask(request, account, listId, { title })).id);
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Water plants' })).toBeVisible();
  // Leaves the add-task field if the list view focused it (the focus rules may already leave it unfocused).
  if (await page.getByRole('combobox', { name: 'Add a task' }).evaluate((el) => el === document.activeElement)) await page.keyboard.press('Escape');
  const k = keys(page);
  for (let i = 0; i < 3; i += 1) {
    await k.press('j');
    await k.press('x');
  }
  await expect(page.locator('[role="listitem"][aria-selected="true"]')).toHaveCount(3);
  await k.press('Control+k');
  await k.type('add label');
  await expect(palette(page).getByRole('option').first()).toContainText('Add a label to the selected tasks');
  await k.press('Enter');
  await k.type('err');
  await expect(palette(page).getByRole('option').first()).toHaveText(/^errand/);
  await k.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect
    .poll(async () => (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).filter((t) => t.labels?.some((l) => l.title === 'errand')).length)
    .toBe(3);
  // 6 for the selection, 1 to open the palette, 2 Enters.
  expect(k.count).toBe(9);
});

test('a command that is not possible now is listed disabled with the reason', async ({ page, request }) => {
  await signUp(request, page, 'kbd');
  await page.goto('/');
  await expect(page.locator('.app-shell')).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('move');
  const first = palette(page).getByRole('option').first();
  await expect(first).toContainText('Move the selected tasks to a list');
  await expect(first).toContainText('Select tasks with x in a list (or open a task) first.');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByRole('alert')).toHaveText('Select tasks with x in a list (or open a task) first.');
  await expect(palette(page)).toBeVisible();
});
