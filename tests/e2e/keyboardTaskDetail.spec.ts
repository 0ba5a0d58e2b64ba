// The daily flow on an open task by keyboard alone (no mouse events at all), counting the keys each step takes
// against the budgets of issue #19: assign, label, due date in words, move, done; and Escape back to the row.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, createList, createTask, password, signUp, type Account } from './helpers';

interface ServerTask {
  id: number;
  list_id: number;
  done: boolean;
  due_date: string;
  labels: { title: string }[] | null;
  assignees: { username: string }[] | null;
}

/** Keyboard input that counts every key it presses; `type` counts one key per character. */
function keys(page: Page) {
  let count = 0;
  return {
    async press(key: string) {
      count += 1;
      await page.keyboard.press(key);
    },
    async type(text: string) {
      count += text.length;
      await page.keyboard.type(text);
    },
    /** The keys pressed since the last call. */
    take() {
      const n = count;
      count = 0;
      return n;
    },
  };
}

async function otherUserWithAccess(request: APIRequestContext, account: Account, listId: number, prefix: string): Promise<string> {
  const username = `${prefix}${Date.now()}`;
  expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
  const shared = await request.put(`/api/v1/lists/${listId}/users`, { headers: { authorization: `Bearer ${account.token}` }, data: { username, right: 1 } });
  expect(shared.ok()).toBeTruthy();
  return username;
}

test('on an open task: assign, label, due date, move and done within the key budgets, keyboard only', async ({ page, request }) => {
  test.slow();
  const account = await signUp(request, page, 'kb');
  const garden = await createList(request, account, 'Garden');
  const errands = await createList(request, account, 'Weekend Errands');
  const alice = await otherUserWithAccess(request, account, garden, 'alice');
  const labelRes = await request.put('/api/v1/labels', { headers: { authorization: `Bearer ${account.token}` }, data: { title: 'family' } });
  expect(labelRes.ok()).toBeTruthy();
  const task = await createTask(request, account, garden, { title: 'Prune the apple tree' });
  const k = keys(page);

  await page.goto(`/lists/${garden}/list`);
  const row = page.locator(`[role="listitem"][data-task-id="${task.id}"]`);
  // The first page load waits for the app's code; a busy test machine can take a while.
  await expect(row).toBeVisible({ timeout: 60_000 });
  // The list opens with its rows navigable: nothing typed goes into the add-task box.
  await expect(page.getByRole('combobox', { name: 'Add a task' })).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

  // Open the task from the list, and Escape back to its row.
  await k.press('j');
  await expect(row).toHaveAttribute('data-kbd-focused', 'true');
  await k.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Task title' })).toHaveValue('Prune the apple tree');
  await k.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/lists/${garden}/list$`));
  await expect(row).toHaveAttribute('data-kbd-focused', 'true');
  expect(k.take()).toBe(3);

  await k.press('Enter');
  await expect(dialog.getByRole('textbox', { name: 'Task title' })).toHaveValue('Prune the apple tree');
  k.take();

  // Assign by a partial name: a + ≤ 3 letters + Enter.
  await k.press('a');
  const assign = dialog.getByRole('combobox', { name: 'Assign a user' });
  await expect(assign).toBeFocused();
  await k.type('ali');
  await expect(dialog.getByRole('option', { name: new RegExp(alice) })).toHaveAttribute('aria-selected', 'true');
  await k.press('Enter');
  await expect(dialog.getByRole('button', { name: `Unassign ${alice}` })).toBeVisible();
  expect(k.take()).toBeLessThanOrEqual(1 + 3 + 1);

  // Add an existing label: l + ≤ 3 letters + Enter (Enter takes "family", not "Create label 'fam'").
  await k.press('l');
  await expect(dialog.getByRole('combobox', { name: 'Add a label' })).toBeFocused();
  await k.type('fam');
  await expect(dialog.getByRole('option', { name: 'family' })).toHaveAttribute('aria-selected', 'true');
  await k.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Remove the label family' })).toBeVisible();
  expect(k.take()).toBeLessThanOrEqual(1 + 3 + 1);

  // Due date from text: d + text + Enter.
  await k.press('d');
  await expect(dialog.getByRole('textbox', { name: 'Due date in words' })).toBeFocused();
  await k.type('fri 5pm');
  await expect(dialog.getByText(/Reads as/)).toBeVisible();
  await k.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Type a due date' })).toBeFocused();
  expect(k.take()).toBe(1 + 'fri 5pm'.length + 1);

  // Move to another list: m + ≤ 4 letters + Enter.
  await k.press('m');
  await expect(dialog.getByRole('combobox', { name: 'Move to list' })).toBeFocused();
  await k.type('week');
  await expect(dialog.getByRole('option', { name: /Weekend Errands/ })).toHaveAttribute('aria-selected', 'true');
  await k.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Move to list: Weekend Errands' })).toBeVisible();
  expect(k.take()).toBeLessThanOrEqual(1 + 4 + 1);

  // Mark done: t.
  await k.press('t');
  await expect(dialog.getByText('Done', { exact: true })).toBeVisible();
  expect(k.take()).toBe(1);

  // After every step the focus was somewhere visible inside the task, never on the page body.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

  await expect
    .poll(async () => {
      const saved = await api<ServerTask>(request, account, `/tasks/${task.id}`);
      return {
        list: saved.list_id,
        done: saved.done,
        labels: saved.labels?.map((l) => l.title),
        assignees: saved.assignees?.map((a) => a.username),
      };
    })
    .toEqual({ list: errands, done: true, labels: ['family'], assignees: [alice] });
  const saved = await api<ServerTask>(request, account, `/tasks/${task.id}`);
  const due = new Date(saved.due_date);
  expect([due.getDay(), due.getHours(), due.getMinutes()]).toEqual([5, 17, 0]);
});

test('n focuses the add-task box and Escape leaves it, keyboard only', async ({ page, request }) => {
  const account = await signUp(request, page, 'kbn');
  const list = await createList(request, account, 'Inbox');
  await createTask(request, account, list, { title: 'First' });
  await page.goto(`/lists/${list}/list`);
  await expect(page.locator('[role="listitem"][data-task-id]')).toHaveCount(1, { timeout: 60_000 });
  const box = page.getByRole('combobox', { name: 'Add a task' });
  await expect(box).not.toBeFocused();
  await page.keyboard.press('n');
  await expect(box).toBeFocused();
  await page.keyboard.type('Second');
  await page.keyboard.press('Enter');
  await expect(page.locator('[role="listitem"][data-task-id]')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(box).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  // j works at once after leaving the box.
  await page.keyboard.press('j');
  await expect(page.locator('[data-kbd-focused="true"]')).toHaveCount(1);
});
