// Task screens end to end in Chromium against the real server: quick-add, subtasks by indentation.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, createList, createTask as createTaskIn, signUp } from './helpers';

const createTask = (...args: Parameters<typeof createTaskIn>) => createTaskIn<ServerTask>(...args);

interface ServerTask {
  id: number;
  title: string;
  due_date: string;
  priority: number;
  done: boolean;
  labels: { title: string }[] | null;
  related_tasks: Record<string, { id: number; title: string }[] | null>;
}

test('quick-add "Buy milk tomorrow at 17:00 *errand !3" stores the due date, label and priority', async ({ page, request }) => {
  const account = await signUp(request, page, 'qa');
  const listId = await createList(request, account, 'Shopping');
  await page.goto(`/lists/${listId}`);
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/list$`));
  const input = page.getByRole('combobox', { name: 'Add a task' });
  await input.fill('Buy milk tomorrow at 17:00 *errand !3');
  await expect(page.locator('.add-task-backdrop mark')).toHaveCount(3);
  await input.press('Enter');
  await expect(page.getByRole('link', { name: 'Buy milk' })).toBeVisible();
  await expect(input).toHaveValue('');

  // The row can show before quick-add has finished (a live event brings the new task before its label is added):
  // the label is looked for until it is there.
  const stored = () => api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  await expect.poll(async () => (await stored())[0]?.labels?.map((l) => l.title)).toEqual(['errand']);
  const tasks = await stored();
  expect(tasks).toHaveLength(1);
  const [task] = tasks;
  expect(task.title).toBe('Buy milk');
  expect(task.priority).toBe(3);
  expect(task.labels?.map((l) => l.title)).toEqual(['errand']);
  // The browser and the test share the machine's time zone: tomorrow 17:00 local.
  const due = new Date(task.due_date);
  const expected = new Date();
  expected.setDate(expected.getDate() + 1);
  expected.setHours(17, 0, 0, 0);
  expect(due.getTime()).toBe(expected.getTime());
});

test('multi-line add with an indented line creates a subtask with a parent relation', async ({ page, request }) => {
  const account = await signUp(request, page, 'ml');
  const listId = await createList(request, account, 'Trip');
  await page.goto(`/lists/${listId}/list`);
  const input = page.getByRole('combobox', { name: 'Add a task' });
  await input.fill('Pack bags');
  await input.press('Shift+Enter');
  await input.pressSequentially('  Socks');
  await expect(input).toHaveValue('Pack bags\n  Socks');
  await input.press('Enter');
  await expect(page.getByRole('link', { name: 'Socks' })).toBeVisible();
  // The subtask row shows its parent before an arrow.
  await expect(page.locator('.task-row', { hasText: 'Socks' }).locator('.task-parent')).toHaveText(/Pack bags/);

  const tasks = await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  const socks = tasks.find((t) => t.title === 'Socks')!;
  const pack = tasks.find((t) => t.title === 'Pack bags')!;
  expect(socks.related_tasks.parenttask?.map((t) => t.id)).toEqual([pack.id]);
  expect(pack.related_tasks.subtask?.map((t) => t.id)).toEqual([socks.id]);
});

test('a task with no list named shows the list-required error and keeps the text', async ({ page, request }) => {
  const account = await signUp(request, page, 'nl');
  await createList(request, account, 'Only');
  await page.goto('/');
  const input = page.getByRole('combobox', { name: 'Add a task' });
  await input.fill('Somewhere +Nowhere');
  await input.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Please specify a list');
  await expect(input).toHaveValue('Somewhere +Nowhere');
});

test('a repeat set in the task detail moves the due date on when the task is marked done', async ({ page, request }) => {
  const account = await signUp(request, page, 'rp');
  const listId = await createList(request, account, 'Chores');
  const due = new Date(Date.now() + 2 * 86_400_000);
  due.setSeconds(0, 0);
  const task = await createTask(request, account, listId, { title: 'Water plants', due_date: due.toISOString() });
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('textbox', { name: 'Task title' })).toHaveValue('Water plants');
  const amount = page.getByRole('spinbutton', { name: 'Repeat every (amount)' });
  await amount.fill('1');
  await page.getByRole('combobox', { name: 'Repeat unit' }).selectOption('weeks');
  await expect.poll(async () => (await api<{ repeat_after: number }>(request, account, `/tasks/${task.id}`)).repeat_after).toBe(7 * 86_400);
  await page.getByRole('button', { name: 'Mark as done' }).click();
  await expect.poll(async () => new Date((await api<ServerTask>(request, account, `/tasks/${task.id}`)).due_date).getTime()).toBe(due.getTime() + 7 * 86_400_000);
  const after = await api<ServerTask>(request, account, `/tasks/${task.id}`);
  expect(after.done).toBe(false);
});

test('upload an attachment in the task detail and download it', async ({ page, request }) => {
  const account = await signUp(request, page, 'at');
  const listId = await createList(request, account, 'Papers');
  const task = await createTask(request, account, listId, { title: 'Tax return' });
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('textbox', { name: 'Task title' })).toHaveValue('Tax return');
  await page.getByLabel('Upload files').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello attachments') }]);
  await expect(page.locator('.attachment-name', { hasText: 'notes.txt' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('notes.txt');
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path, 'utf8')).toBe('hello attachments');
});

interface ServerBucket {
  id: number;
  title: string;
}

async function dragCard(page: Page, taskTitle: string, bucketTitle: string) {
  const card = page.locator('.kanban-card', { hasText: taskTitle });
  const target = page.locator('.kanban-bucket', { has: page.locator(`input[value="${bucketTitle}"]`) }).locator('.kanban-cards');
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 30, { steps: 15 });
  // A few more moves over the target, so dnd-kit settles "over" even on a slow machine.
  await page.waitForTimeout(150);
  await page.mouse.move(to.x + to.width / 2 + 2, to.y + 34, { steps: 3 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

async function kanbanFixture(request: APIRequestContext, page: Page, prefix: string) {
  const account = await signUp(request, page, prefix);
  const listId = await createList(request, account, 'Board');
  const headers = { authorization: `Bearer ${account.token}` };
  const buckets = (await (await request.get(`/api/v1/lists/${listId}/buckets`, { headers })).json()) as ServerBucket[];
  const doneRes = await request.put(`/api/v1/lists/${listId}/buckets`, { headers, data: { title: 'Finished' } });
  const done = (await doneRes.json()) as ServerBucket;
  expect((await request.post(`/api/v1/lists/${listId}/buckets/${done.id}`, { headers, data: { title: 'Finished', is_done_bucket: true } })).ok()).toBeTruthy();
  return { account, listId, first: buckets[0], done, headers };
}

test('dragging a card to the done bucket marks the task done, still after reload', async ({ page, request }) => {
  const { account, listId, first } = await kanbanFixture(request, page, 'kb');
  const task = await createTask(request, account, listId, { title: 'Ship it', bucket_id: first.id });
  await page.goto(`/lists/${listId}/kanban`);
  await expect(page.locator('.kanban-card', { hasText: 'Ship it' })).toBeVisible();
  await dragCard(page, 'Ship it', 'Finished');
  await expect.poll(async () => (await api<ServerTask>(request, account, `/tasks/${task.id}`)).done).toBe(true);
  await page.reload();
  const doneColumn = page.locator('.kanban-bucket', { has: page.locator('input[value="Finished"]') });
  await expect(doneColumn.locator('.kanban-card', { hasText: 'Ship it' })).toHaveClass(/is-done/);
});

test('a card moved with the keyboard lands where the arrows put it, and keeps the focus', async ({ page, request }) => {
  const { account, listId, first, done } = await kanbanFixture(request, page, 'kk');
  await createTask(request, account, listId, { title: 'Alpha', bucket_id: first.id });
  const beta = await createTask(request, account, listId, { title: 'Beta', bucket_id: first.id });
  await createTask(request, account, listId, { title: 'Gamma', bucket_id: done.id });
  await page.goto(`/lists/${listId}/kanban`);
  // The card's title link holds the focus (the board is one Tab stop; Space picks the focused card up).
  const card = page.locator('li.kanban-card', { hasText: 'Beta' }).locator('.kanban-card-title');
  await expect(card).toBeVisible();
  // Up one place within the bucket: Beta goes before Alpha.
  await card.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.kanban-drop-mark')).toHaveCount(1);
  await page.keyboard.press('Space');
  const firstColumn = page.locator('.kanban-bucket', { has: page.locator(`input[value="${first.title}"]`) });
  await expect(firstColumn.locator('.kanban-card-title')).toHaveText([/Beta/, /Alpha/]);
  await expect(card).toBeFocused();
  // Right into the done bucket: done on the server, after the card already there.
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  const doneColumn = page.locator('.kanban-bucket', { has: page.locator('input[value="Finished"]') });
  await expect(doneColumn.locator('.kanban-card-title')).toHaveText([/Gamma/, /Beta/]);
  await expect.poll(async () => (await api<ServerTask>(request, account, `/tasks/${beta.id}`)).done).toBe(true);
  await expect(doneColumn.locator('li.kanban-card', { hasText: 'Beta' }).locator('.kanban-card-title')).toBeFocused();
  await expect(page.locator('.kanban-card.is-overlay')).toHaveCount(0);
});

test('a drag the server refuses (bucket limit) is rolled back', async ({ page, request }) => {
  const { account, listId, first, headers } = await kanbanFixture(request, page, 'kr');
  const fullRes = await request.put(`/api/v1/lists/${listId}/buckets`, { headers, data: { title: 'Full' } });
  const full = (await fullRes.json()) as ServerBucket;
  await createTask(request, account, listId, { title: 'Occupant', bucket_id: full.id });
  expect((await request.post(`/api/v1/lists/${listId}/buckets/${full.id}`, { headers, data: { title: 'Full', limit: 1 } })).ok()).toBeTruthy();
  const task = await createTask(request, account, listId, { title: 'Mover', bucket_id: first.id });
  await page.goto(`/lists/${listId}/kanban`);
  await expect(page.locator('.kanban-card', { hasText: 'Mover' })).toBeVisible();
  await dragCard(page, 'Mover', 'Full');
  await expect(page.getByText('The bucket is full.')).toBeVisible();
  const firstColumn = page.locator('.kanban-bucket', { has: page.locator(`input[value="${first.title}"]`) });
  await expect(firstColumn.locator('.kanban-card', { hasText: 'Mover' })).toBeVisible();
  expect((await api<{ bucket_id: number }>(request, account, `/tasks/${task.id}`)).bucket_id).toBe(first.id);
});

test('task rows reorder by dragging their handle, with the pointer and with the keyboard, and the order is saved', async ({ page, request }) => {
  const account = await signUp(request, page, 'ro');
  const listId = await createList(request, account, 'Errands');
  for (const title of ['Alpha', 'Beta', 'Gamma']) await createTask(request, account, listId, { title });
  await page.goto(`/lists/${listId}/list`);
  const titles = page.locator('.task-list-scroll [role="listitem"] .task-title');
  await expect(titles).toHaveText(['Alpha', 'Beta', 'Gamma']);
  const saved = async () => (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks?sort_by=position&order_by=asc`)).map((x) => x.title);

  // Gamma's handle dragged above Alpha.
  const handle = page.getByRole('button', { name: /Gamma/ }).and(page.locator('.drag-handle'));
  const from = (await handle.boundingBox())!;
  const top = (await page.locator('.task-list-scroll [role="listitem"]').first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, top.y + 4, { steps: 10 });
  await expect(page.locator('.task-drop-mark')).toHaveCount(1);
  await page.mouse.up();
  await expect(titles).toHaveText(['Gamma', 'Alpha', 'Beta']);
  await expect.poll(saved).toEqual(['Gamma', 'Alpha', 'Beta']);

  // Alpha one place down with the keyboard; its handle keeps the focus.
  const alpha = page.getByRole('button', { name: /Alpha/ }).and(page.locator('.drag-handle'));
  await alpha.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  // Screen readers hear where it would land.
  await expect(page.locator('[id^="DndLiveRegion"]', { hasText: 'Place 3 of 3.' })).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(titles).toHaveText(['Gamma', 'Beta', 'Alpha']);
  await expect.poll(saved).toEqual(['Gamma', 'Beta', 'Alpha']);
  await expect(alpha).toBeFocused();
});

test('a task edited in the detail opened over the board changes its card at once, without a reload', async ({ page, request }) => {
  const { account, listId, first } = await kanbanFixture(request, page, 'kd');
  await createTask(request, account, listId, { title: 'Oil the hinges', bucket_id: first.id });
  await page.goto(`/lists/${listId}/kanban`);
  const cardLink = page.locator('.kanban-card-title', { hasText: 'Oil the hinges' });
  await expect(cardLink).toBeVisible();
  // Survives only as long as the page is not loaded again.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  let bucketLoads = 0;
  page.on('request', (r) => r.method() === 'GET' && /\/lists\/\d+\/buckets/.test(r.url()) && (bucketLoads += 1));

  await cardLink.click();
  const dialog = page.getByRole('dialog');
  const title = dialog.getByRole('textbox', { name: 'Task title' });
  await expect(title).toHaveValue('Oil the hinges');
  await expect(title).not.toHaveAttribute('readonly');
  // The board behind the dialog loaded its buckets when it was put there (its card is back on screen); from now on
  // nothing may load them again.
  await expect(page.locator('.kanban-board .kanban-card-title', { hasText: 'Oil the hinges' })).toHaveCount(1);
  bucketLoads = 0;
  await title.fill('Oil the gate hinges');
  await title.press('Enter');
  // The card behind the dialog follows while the dialog is still open.
  await expect(page.locator('.kanban-board .kanban-card-title', { hasText: 'Oil the gate hinges' })).toHaveCount(1);

  await page.keyboard.press('t');
  const doneColumn = page.locator('.kanban-bucket', { has: page.locator('input[value="Finished"]') });
  await expect(doneColumn.locator('.kanban-card', { hasText: 'Oil the gate hinges' })).toHaveClass(/is-done/);
  expect(bucketLoads).toBe(0);

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(doneColumn.locator('.kanban-card', { hasText: 'Oil the gate hinges' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
