// Where the focus goes by keyboard alone (no mouse events): after a view switch, after closing a task over a view,
// in a picker inside a dialog, on the settings forms, on the gantt chart and with a selection of tasks.
import { expect, test, type Page } from '@playwright/test';
import { api, createList, createTask, signUp } from './helpers';

/** What has the focus, described for a failure message. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing');

/** Waits two frames, so focus moves made after a close (Radix hands the focus back a frame later) are in. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));

const taskDialog = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Task title' }) });

test('a view switch by keys puts the focus on the view: on the board one Tab reaches the first card and Enter opens it', async ({ page, request }) => {
  const account = await signUp(request, page, 'fvs');
  const listId = await createList(request, account, 'Errands');
  const card = await createTask(request, account, listId, { title: 'Post the letters' });
  await createTask(request, account, listId, { title: 'Buy stamps' });
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Buy stamps' })).toBeVisible({ timeout: 60_000 });

  await page.keyboard.press('g');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/kanban$`));
  const first = page.locator('.kanban-card-title').first();
  await expect(first).toBeVisible();
  await settle(page);
  await page.keyboard.press('Tab');
  await expect(first, await focused(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/(${card.id}|\\d+)$`));
  await expect(taskDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(taskDialog(page)).toBeHidden();

  // g t: the table's rows have the focus, so j and Enter open a task without a Tab.
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/table$`));
  await expect(page.getByRole('table')).toBeFocused();

  // g g: the chart has the focus (its arrows scroll the days), not the view links above it.
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/gantt`));
  await expect(page.getByRole('region', { name: 'Gantt chart' }), await focused(page)).toBeFocused();

  // g l: the list's rows have the focus.
  await page.keyboard.press('g');
  await page.keyboard.press('l');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/list$`));
  await expect(page.locator('.task-list-scroll')).toBeFocused();
});

test('closing a task opened from kanban, gantt, table, upcoming or the overview puts the focus back on its card, bar or row', async ({ page, request }) => {
  test.slow();
  const account = await signUp(request, page, 'fcl');
  const listId = await createList(request, account, 'Week');
  const soon = new Date();
  soon.setDate(soon.getDate() + 1);
  soon.setHours(12, 0, 0, 0);
  const later = new Date(soon.getTime() + 2 * 24 * 60 * 60 * 1000);
  const dated = { due_date: soon.toISOString(), start_date: soon.toISOString(), end_date: later.toISOString() };
  await createTask(request, account, listId, { title: 'Water the plants', ...dated });
  const second = await createTask(request, account, listId, { title: 'Call the plumber', ...dated });

  /** Escape closes the task; the element named must have the focus, also once the dialog has handed it back. */
  const closeAndExpect = async (where: string, target: ReturnType<Page['locator']>) => {
    await expect(taskDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(taskDialog(page)).toBeHidden();
    await settle(page);
    await expect(target, `${where}: ${await focused(page)}`).toBeFocused();
  };

  // Kanban: the second card, opened with Enter.
  await page.goto(`/lists/${listId}/kanban`);
  const secondCard = page.locator('.kanban-card', { hasText: 'Call the plumber' }).locator('.kanban-card-title');
  await expect(secondCard).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('.kanban-card-title').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(secondCard).toBeFocused();
  await page.keyboard.press('Enter');
  await closeAndExpect('kanban', secondCard);

  // Gantt: the bar, opened with Enter.
  await page.goto(`/lists/${listId}/gantt`);
  const bar = page.getByRole('button', { name: /^Call the plumber: / });
  await expect(bar).toBeVisible();
  await bar.focus();
  await page.keyboard.press('Enter');
  await closeAndExpect('gantt', bar);

  // Table: the row, reached with j and opened with Enter.
  await page.goto(`/lists/${listId}/table`);
  const row = page.getByRole('row').filter({ hasText: 'Call the plumber' });
  await expect(row).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(row).toHaveAttribute('data-kbd-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${second.id}`));
  await closeAndExpect('table', page.getByRole('table'));
  await expect(row).toHaveAttribute('data-kbd-focused', 'true');

  // Upcoming: the row, the same way.
  await page.goto('/tasks/by/upcoming');
  const upcomingRow = page.getByRole('listitem').filter({ hasText: 'Call the plumber' });
  await expect(upcomingRow).toBeVisible();
  // j walks down to the row (upcoming orders by date, so the two tasks of the same day come in either order).
  for (let i = 0; i < 3 && (await upcomingRow.getAttribute('data-kbd-focused')) !== 'true'; i += 1) await page.keyboard.press('j');
  await expect(upcomingRow).toHaveAttribute('data-kbd-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${second.id}`));
  await closeAndExpect('upcoming', page.locator('.task-list-scroll'));
  await expect(upcomingRow).toHaveAttribute('data-kbd-focused', 'true');

  // The overview: the row's title link, reached with Tab and opened with Enter.
  await page.goto('/');
  const homeLink = page.locator('.home-tasks').getByRole('link', { name: 'Call the plumber' });
  await expect(homeLink).toBeVisible();
  await homeLink.focus();
  await page.keyboard.press('Enter');
  await closeAndExpect('overview', homeLink);
  expect((await api<{ id: number }>(request, account, `/tasks/${second.id}`)).id).toBe(second.id);
});

test('x shows how many tasks are selected, in the list and in the table, and Escape clears them', async ({ page, request }) => {
  const account = await signUp(request, page, 'fsc');
  const listId = await createList(request, account, 'Chores');
  for (const title of ['Post letters', 'Buy bread', 'Return books']) await createTask(request, account, listId, { title });
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Return books' })).toBeVisible({ timeout: 60_000 });
  const count = page.getByRole('status').filter({ hasText: /selected/ });
  await expect(count).toHaveCount(0);
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('j');
    await page.keyboard.press('x');
  }
  await expect(count).toHaveText(/^3 selected/);
  await expect(count.getByRole('button', { name: /Clear the selection/ })).toContainText('Esc');
  // x again on the focused row takes it out: the count follows.
  await page.keyboard.press('x');
  await expect(count).toHaveText(/^2 selected/);
  await page.keyboard.press('Escape');
  await expect(count).toHaveCount(0);
  await expect(page.locator('[role="listitem"][aria-selected="true"]')).toHaveCount(0);

  // The table selects with x too, and one selected task reads in the singular.
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page.getByRole('row').filter({ hasText: 'Buy bread' })).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await expect(count).toHaveText(/^1 selected/);
  await page.keyboard.press('Escape');
  await expect(count).toHaveCount(0);
});

test('Escape in a picker inside a dialog closes only the picker: the new saved filter and its typed title stay', async ({ page, request }) => {
  const account = await signUp(request, page, 'fpe');
  expect((await request.put('/api/v1/labels', { headers: { authorization: `Bearer ${account.token}` }, data: { title: 'urgent' } })).ok()).toBeTruthy();
  await page.goto('/filters/new');
  const dialog = page.getByRole('dialog');
  const title = dialog.getByRole('textbox', { name: 'Title' });
  await expect(title).toBeFocused({ timeout: 60_000 });
  await page.keyboard.type('Urgent at work');

  for (const name of ['Labels', 'Assignees']) {
    const opener = dialog.locator('.picker-trigger', { hasText: name });
    await opener.focus();
    await page.keyboard.press('Enter');
    const search = dialog.locator('.picker-popover').getByRole('combobox');
    await expect(search).toBeFocused();
    await page.keyboard.type('ab');
    await page.keyboard.press('Escape');
    await expect(dialog.locator('.picker-popover'), name).toHaveCount(0);
    await expect(dialog, name).toBeVisible();
    await expect(opener, name).toBeFocused();
    await expect(title).toHaveValue('Urgent at work');
  }

  // A date's calendar is a popup too: Escape closes it and leaves the dialog.
  const calendarButton = dialog.getByRole('button', { name: 'Due date: from: choose in a calendar' });
  await calendarButton.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.date-picker-popover')).toBeVisible();
  await expect(dialog.locator('.date-picker-popover button').first()).toBeVisible();
  await dialog.locator('.date-picker-popover').locator('button:focus, [tabindex="0"]').first().focus();
  await page.keyboard.press('Escape');
  await expect(dialog.locator('.date-picker-popover')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(title).toHaveValue('Urgent at work');

  // Escape on the dialog itself still closes it.
  await calendarButton.focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('gantt: tasks with only a due date show as bars without asking for undated tasks; one Tab stop per bar; usable at 390 px', async ({ page, request }) => {
  const account = await signUp(request, page, 'fgd');
  const listId = await createList(request, account, 'Garden');
  const day = (offset: number, hours = 12) => {
    const d = new Date();
    d.setDate(d.getDate() + offset);
    d.setHours(hours, 0, 0, 0);
    return d;
  };
  await createTask(request, account, listId, { title: 'Dig beds', start_date: day(0, 9).toISOString(), end_date: day(2, 17).toISOString() });
  await createTask(request, account, listId, { title: 'Order seeds', due_date: day(3).toISOString() });
  await createTask(request, account, listId, { title: 'Build a shed', start_date: day(1).toISOString(), due_date: day(5).toISOString() });
  await createTask(request, account, listId, { title: 'Someday maybe' });

  await page.goto(`/lists/${listId}/gantt`);
  const region = page.getByRole('region', { name: 'Gantt chart' });
  const bars = region.getByRole('button');
  await expect(page.getByRole('checkbox', { name: 'Show tasks without dates' })).not.toBeChecked();
  // The due-only task is a one-day bar on its due day; start and due make a bar from one to the other.
  const seeds = region.getByRole('button', { name: /^Order seeds: / });
  await expect(seeds).toBeVisible();
  const dayText = (d: Date) => d.getDate().toString();
  await expect(seeds).toHaveAccessibleName(new RegExp(`${dayText(day(3))}.*–.*${dayText(day(3))}`));
  const shed = region.getByRole('button', { name: /^Build a shed: / });
  await expect(shed).toBeVisible();
  expect(Math.round((await shed.boundingBox())!.width / (await seeds.boundingBox())!.width)).toBe(5);
  // The task without any date still waits for "Show tasks without dates".
  await expect(region.getByRole('button', { name: /^Someday maybe/ })).toHaveCount(0);
  await expect(bars).toHaveCount(3);

  // From the chart, each Tab reaches the next bar: the names beside them are not stops of their own.
  await region.focus();
  const reached: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')?.split(':')[0] ?? document.activeElement?.textContent ?? ''));
  }
  expect(reached).toEqual(['Dig beds', 'Build a shed', 'Order seeds']);

  // At 390 px the name column yields: most of the chart's width shows days, and the bars are still there.
  await page.setViewportSize({ width: 390, height: 800 });
  const corner = page.locator('.gantt-corner');
  await expect.poll(async () => (await corner.boundingBox())!.width).toBeLessThanOrEqual(120);
  const regionBox = (await region.boundingBox())!;
  expect(regionBox.width - (await corner.boundingBox())!.width).toBeGreaterThanOrEqual(200);
  await expect(region.getByRole('button', { name: /^Dig beds: / })).toBeVisible();
});

test('settings by keys: Ctrl+Enter saves from a field and the focus stays; "Change the language" focuses its field also when open', async ({
  page,
  request,
}) => {
  const account = await signUp(request, page, 'fst');
  await page.goto('/user/settings/general');
  const form = page.getByRole('form', { name: 'General settings' });
  const name = form.getByRole('textbox', { name: 'Display name' });
  await expect(name).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Ctrl+Enter saves the form from any field.')).toBeVisible();

  // Ctrl+Enter in the name field saves the whole form; the field keeps the focus.
  await name.focus();
  await page.keyboard.type('Robin');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/settings/general') && r.request().method() === 'POST');
  await page.keyboard.press('Control+Enter');
  expect((await saved).ok()).toBeTruthy();
  await expect(name).toBeFocused();
  const me = await api<{ name: string }>(request, account, '/user');
  expect(me.name).toBe('Robin');

  // Save pressed from the keyboard: the focus stays on the button, not on the page body, during and after the save.
  const save = form.getByRole('button', { name: 'Save' });
  await save.focus();
  const again = page.waitForResponse((r) => r.url().endsWith('/api/v1/user/settings/general') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await again).ok()).toBeTruthy();
  await settle(page);
  await expect(save, await focused(page)).toBeFocused();

  // The palette's "Change the language" focuses the language field, on this page too, twice in a row.
  const language = form.getByRole('combobox', { name: 'Language' });
  for (let i = 0; i < 2; i += 1) {
    await name.focus();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('change the language');
    const palette = page.getByRole('dialog', { name: 'Quick actions' });
    await expect(palette.getByRole('option').first()).toContainText('Change the language');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await settle(page);
    await expect(language, `${i}: ${await focused(page)}`).toBeFocused();
  }
});
