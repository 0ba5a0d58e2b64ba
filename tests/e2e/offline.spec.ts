// Offline in real Chromium: the app stays usable without a network, every change waits in the outbox (the top bar
// counts them), and back online each one reaches the server once and in the order made; a write the server refuses is
// shown with Retry and Discard while the others still land. Two tabs of one browser share one outbox.
import { test, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { api, createList, createTask, signUp, type Account } from './helpers';

interface ServerTask {
  id: number;
  title: string;
  done: boolean;
  bucket_id: number;
}

async function board(request: APIRequestContext, account: Account, listId: number) {
  const headers = { authorization: `Bearer ${account.token}` };
  const [first] = (await (await request.get(`/api/v1/lists/${listId}/buckets`, { headers })).json()) as { id: number }[];
  const doing = (await (await request.put(`/api/v1/lists/${listId}/buckets`, { headers, data: { title: 'Doing' } })).json()) as { id: number };
  return { first, doing, headers };
}

/** The task writes the server answered (a create, an update), as "METHOD path", in the order the answers came. */
function recordWrites(target: Page | BrowserContext): string[] {
  const writes: string[] = [];
  target.on('response', (r) => {
    const path = new URL(r.url()).pathname.slice('/api/v1'.length);
    const method = r.request().method();
    if ((method === 'POST' && /^\/tasks\/\d+$/.test(path)) || (method === 'PUT' && /^\/lists\/\d+$/.test(path))) writes.push(`${method} ${path}`);
  });
  return writes;
}

/** Closes the open task: Escape leaves a field first, then closes the task. */
async function closeTask(page: Page) {
  const title = page.getByRole('textbox', { name: 'Task title' });
  for (let i = 0; i < 3 && (await title.count()) > 0; i += 1) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(100);
  }
  await expect(title).toHaveCount(0);
}

/** Presses keys one at a time on the page (command keys are read from keydown, outside any text field). */
async function keys(page: Page, ...presses: string[]) {
  for (const key of presses) await page.keyboard.press(key);
}

/**
 * Opens a path once the service worker controls the page: the app's code chunks (a view, the toasts) then load from
 * its cache offline, as for anyone who has opened the app before.
 */
async function openControlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

const indicator = (page: Page) => page.getByTestId('outbox-indicator');
const row = (page: Page, title: string) => page.locator('.task-list-scroll [role="listitem"]', { hasText: title });

test('offline: create, edit, complete and move wait in the outbox, then reach the server in order; a refused one is shown', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'off');
  const listId = await createList(request, account, 'Home');
  const { first, doing, headers } = await board(request, account, listId);
  const rename = await createTask<ServerTask>(request, account, listId, { title: 'Rename me', bucket_id: first.id });
  const complete = await createTask<ServerTask>(request, account, listId, { title: 'Complete me', bucket_id: first.id });
  const mover = await createTask<ServerTask>(request, account, listId, { title: 'Move me', bucket_id: first.id });
  const gone = await createTask<ServerTask>(request, account, listId, { title: 'Gone soon', bucket_id: first.id });

  // The list and the board are loaded while online (starting offline is another helper's part).
  await openControlled(page, `/lists/${listId}/list`);
  await expect(row(page, 'Rename me')).toBeVisible();
  await page.locator('#main').focus();
  await keys(page, 'g', 'k');
  await expect(page.locator('.kanban-card', { hasText: 'Move me' })).toBeVisible();

  await context.setOffline(true);
  const writes = recordWrites(page);
  // No blocking screen: the app stays, and the top bar says it is offline.
  await expect(indicator(page)).toHaveText('Offline');
  await expect(page.getByText('You are offline.')).toHaveCount(0);

  // 1. Move a card to the next bucket by keys (b, Enter).
  await page.locator('.kanban-card', { hasText: 'Move me' }).locator('.kanban-card-title').focus();
  await keys(page, 'b');
  await expect(page.getByRole('dialog').getByRole('option').first()).toContainText('Doing');
  await keys(page, 'Enter');
  await expect(page.locator('.kanban-bucket[aria-label="Doing"] .kanban-card', { hasText: 'Move me' })).toBeVisible();
  await expect(indicator(page)).toHaveText('Offline · 1 change waiting');

  // 2. Quick-add on the list view.
  await page.locator('#main').focus();
  await keys(page, 'g', 'l');
  await expect(row(page, 'Rename me')).toBeVisible();
  const add = page.getByRole('combobox', { name: 'Add a task' });
  await add.fill('Bought offline !3');
  await add.press('Enter');
  await expect(row(page, 'Bought offline')).toBeVisible();

  // 3. Complete one from its row.
  await page.getByRole('checkbox', { name: 'Mark “Complete me” as done' }).check();
  await expect(indicator(page)).toHaveText('Offline · 3 changes waiting');

  // 4. Rename one in its detail, and 5. rename one that someone deletes meanwhile (refused once online).
  for (const [from, to] of [
    ['Rename me', 'Renamed offline'],
    ['Gone soon', 'Edited after it was deleted'],
  ]) {
    await page.getByRole('link', { name: from, exact: true }).click();
    const title = page.getByRole('textbox', { name: 'Task title' });
    await expect(title).toHaveValue(from);
    await title.fill(to);
    await title.press('Enter');
    await expect(row(page, to)).toHaveCount(1);
    await closeTask(page);
  }
  expect((await request.delete(`/api/v1/tasks/${gone.id}`, { headers })).ok()).toBeTruthy();
  await expect(indicator(page)).toHaveText('Offline · 5 changes waiting');
  expect(writes).toEqual([]);

  // Nothing has reached the server yet.
  expect((await api<ServerTask>(request, account, `/tasks/${rename.id}`)).title).toBe('Rename me');

  await context.setOffline(false);
  await expect(indicator(page)).toHaveText('1 change refused');
  const created = (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).find((t) => t.title === 'Bought offline');
  expect(created).toBeTruthy();
  // In the order they were made, each once.
  expect(writes).toEqual([`POST /tasks/${mover.id}`, `PUT /lists/${listId}`, `POST /tasks/${complete.id}`, `POST /tasks/${rename.id}`, `POST /tasks/${gone.id}`]);
  expect((await api<ServerTask>(request, account, `/tasks/${mover.id}`)).bucket_id).toBe(doing.id);
  expect((await api<ServerTask>(request, account, `/tasks/${complete.id}`)).done).toBe(true);
  expect((await api<ServerTask>(request, account, `/tasks/${rename.id}`)).title).toBe('Renamed offline');
  // The created task's row now has the real id (its link opens /tasks/<id>).
  await expect(page.getByRole('link', { name: 'Bought offline', exact: true })).toHaveAttribute('href', new RegExp(`/tasks/${created!.id}$`));

  // The refused write, by keyboard: the command opens the dialog with what was refused and why.
  await page.locator('#main').focus();
  await keys(page, 'Control+k');
  await page.keyboard.type('Show waiting changes');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Waiting changes' });
  await expect(dialog.getByText('Change “Gone soon”')).toBeVisible();
  await expect(dialog.locator('.outbox-reason')).toHaveText(/task does not exist/);
  // Retry is refused again; Discard drops it and the task goes (the server has it no more).
  await dialog.getByRole('button', { name: 'Retry: Change “Gone soon”' }).click();
  await expect(dialog.getByText('Change “Gone soon”')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Retry: Change “Gone soon”' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Discard: Change “Gone soon”' }).click();
  await expect(dialog.getByText('Every change has reached the server.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row(page, 'Edited after it was deleted')).toHaveCount(0);
  await expect(indicator(page)).toHaveCount(0);
  expect(writes.filter((w) => w === `POST /tasks/${gone.id}`)).toHaveLength(2);
});

test('two tabs offline share one outbox: back online each change is sent exactly once', async ({ context, request }) => {
  const first = await context.newPage();
  const account = await signUp(request, first, 'offtabs');
  const second = await context.newPage();
  await second.addInitScript((t) => window.localStorage.setItem('token', t), account.token);
  const listId = await createList(request, account, 'Shared');
  const a = await createTask<ServerTask>(request, account, listId, { title: 'Done in tab one' });
  const b = await createTask<ServerTask>(request, account, listId, { title: 'Done in tab two' });
  for (const page of [first, second]) {
    await openControlled(page, `/lists/${listId}/list`);
    await expect(row(page, 'Done in tab one')).toBeVisible();
  }
  const writes = recordWrites(context);

  await context.setOffline(true);
  for (const [page, title, done] of [
    [first, 'From tab one', 'Done in tab one'],
    [second, 'From tab two', 'Done in tab two'],
  ] as const) {
    const add = page.getByRole('combobox', { name: 'Add a task' });
    await add.fill(title);
    await add.press('Enter');
    await expect(row(page, title)).toBeVisible();
    await page.getByRole('checkbox', { name: `Mark “${done}” as done` }).check();
  }
  // Both tabs count every waiting change, theirs and the other's.
  for (const page of [first, second]) await expect(indicator(page)).toHaveText('Offline · 4 changes waiting');
  expect(writes).toEqual([]);

  await context.setOffline(false);
  for (const page of [first, second]) await expect(indicator(page)).toHaveCount(0);
  const onServer = await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  expect(onServer.filter((t) => t.title === 'From tab one')).toHaveLength(1);
  expect(onServer.filter((t) => t.title === 'From tab two')).toHaveLength(1);
  expect(onServer.find((t) => t.id === a.id)?.done ?? (await api<ServerTask>(request, account, `/tasks/${a.id}`)).done).toBe(true);
  expect((await api<ServerTask>(request, account, `/tasks/${b.id}`)).done).toBe(true);
  expect([...writes].sort()).toEqual([`POST /tasks/${a.id}`, `POST /tasks/${b.id}`, `PUT /lists/${listId}`, `PUT /lists/${listId}`].sort());
});

test('offline on a page no service worker controls yet, a quick-add still works (the toasts, not loaded, stay away)', async ({ browser, request }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const account = await signUp(request, page, 'offnosw');
  const listId = await createList(request, account, 'Errands');
  await page.goto(`/lists/${listId}/list`);
  const add = page.getByRole('combobox', { name: 'Add a task' });
  await expect(add).toBeVisible();
  await context.setOffline(true);
  await add.fill('Post the letter');
  await add.press('Enter');
  await expect(row(page, 'Post the letter')).toBeVisible();
  await expect(indicator(page)).toHaveText('Offline · 1 change waiting');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await context.setOffline(false);
  await expect(indicator(page)).toHaveCount(0);
  expect((await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).map((t) => t.title)).toEqual(['Post the letter']);
  await context.close();
});

test('offline, a quick-add with a new label and a comment wait too, and land on the server with the real ids', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'offbeside');
  const listId = await createList(request, account, 'Garden');
  const water = await createTask<ServerTask>(request, account, listId, { title: 'Water the plants' });
  await openControlled(page, `/lists/${listId}/list`);
  await expect(row(page, 'Water the plants')).toBeVisible();

  await context.setOffline(true);
  const add = page.getByRole('combobox', { name: 'Add a task' });
  await add.fill('Buy seeds *shopping-offline');
  await add.press('Enter');
  await expect(row(page, 'Buy seeds')).toBeVisible();
  await expect(row(page, 'Buy seeds').getByText('shopping-offline')).toBeVisible();

  // A comment on the task that was there before, in its detail.
  await page.getByRole('link', { name: 'Water the plants', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Task title' })).toHaveValue('Water the plants');
  const comment = page.getByRole('textbox', { name: 'Add a comment' });
  await comment.fill('Only in the evening');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.locator('.comment-text', { hasText: 'Only in the evening' })).toBeVisible();
  await expect(indicator(page)).toHaveText('Offline · 4 changes waiting');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(indicator(page)).toHaveCount(0);
  const tasks = await api<(ServerTask & { labels: { id: number; title: string }[] | null })[]>(request, account, `/lists/${listId}/tasks`);
  const seeds = tasks.find((t) => t.title === 'Buy seeds');
  expect(seeds?.labels?.map((l) => l.title)).toEqual(['shopping-offline']);
  const labels = await api<{ id: number; title: string }[]>(request, account, '/labels');
  expect(labels.filter((l) => l.title === 'shopping-offline')).toHaveLength(1);
  expect((await api<{ comment: string }[]>(request, account, `/tasks/${water.id}/comments`)).map((c) => c.comment)).toEqual(['Only in the evening']);
});

test('a part of the top bar whose code cannot load (offline, no service worker yet) is left out, not the screen', async ({ page, request }) => {
  const account = await signUp(request, page, 'offbar');
  const listId = await createList(request, account, 'Errands');
  await page.route(/\/assets\/(TopBarListSettings|NotificationBell|UserMenu)-[\w-]+\.js$/, (route) => route.abort());
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('combobox', { name: 'Add a task' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Search or run a command/ })).toBeVisible();
  // Give the parts after the first rows their time to try.
  await page.waitForTimeout(1500);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Add a task' })).toBeVisible();
});
