// The palette, hotkeys, list keyboard navigation and the help modal end to end, keyboard only (no mouse events).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const password = 'correct horse battery';

interface Account {
  token: string;
  username: string;
}

async function signUp(request: APIRequestContext, page: Page): Promise<Account> {
  const username = `pal${Date.now()}${Math.floor(Math.random() * 1000)}`;
  expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
  const { token } = (await (await request.post('/api/v1/login', { data: { username, password } })).json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return { token, username };
}

async function api<T>(request: APIRequestContext, account: Account, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as T;
}

interface ServerTask {
  id: number;
  title: string;
  done: boolean;
  priority: number;
  due_date: string;
  labels: { title: string }[] | null;
}
interface ServerNamespace {
  id: number;
  title: string;
  lists: { id: number; title: string }[] | null;
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Quick actions' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(paletteInput(page)).toBeFocused();
}

/** Runs a quick action: its name picks the command (Enter), then the text is its input (Enter). */
async function quickAction(page: Page, command: string, input: string) {
  await openPalette(page);
  await page.keyboard.type(command);
  await expect(palette(page).getByRole('option').first()).toContainText(command, { ignoreCase: true });
  await page.keyboard.press('Enter');
  await expect(palette(page).locator('.palette-active')).toBeVisible();
  await page.keyboard.type(input);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

test('palette, hotkeys, list selection and help, keyboard only', async ({ page, request }) => {
  const account = await signUp(request, page);
  await page.goto('/');
  await expect(page.locator('.app-shell')).toBeVisible();

  // Escape closes; Backspace on an empty input leaves the active command; a command needs input.
  await openPalette(page);
  await expect(palette(page).getByRole('group', { name: 'Commands' })).toBeVisible();
  await expect(palette(page).getByRole('option', { name: /Go to upcoming tasks/ })).toContainText('G then U');
  await page.keyboard.type('new team');
  await page.keyboard.press('Enter');
  await expect(palette(page).locator('.palette-active')).toHaveText('New team');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByRole('alert')).toHaveText('Please type something first.');
  await page.keyboard.press('Backspace');
  await expect(palette(page).locator('.palette-active')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  // A namespace from the palette.
  await quickAction(page, 'new namespace', 'Palette Space');
  await expect
    .poll(async () => (await api<ServerNamespace[]>(request, account, '/namespaces')).map((n) => n.title))
    .toContain('Palette Space');

  // The first list: without an open list, "new list" opens the create form (spec: the quick action needs a list open).
  await openPalette(page);
  await page.keyboard.type('new list');
  await expect(palette(page).getByRole('option').first()).toContainText('New list');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lists\/new\//);
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.type('Groceries');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/lists\/\d+/);
  const listId = Number(/\/lists\/(\d+)/.exec(page.url())![1]);

  // With the list open, new list is a quick action with the namespace as target, and new task uses quick-add.
  await openPalette(page);
  await page.keyboard.type('new task');
  await expect(palette(page).getByRole('option').first()).toContainText('New task');
  // The results settle (tasks are searched too) before Enter runs the highlighted one.
  await expect(palette(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette(page).locator('.palette-active')).toHaveText('New task');
  await expect(palette(page).getByText(/Target: the list “Groceries”/)).toBeVisible();
  await expect(palette(page).getByText('Quick-add: *label +list !priority @assignee')).toBeVisible();
  await page.keyboard.type('Buy milk *errand !3 tomorrow');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tasks\/\d+/);
  const tasks = await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  expect(tasks.map((t) => t.title)).toEqual(['Buy milk']);
  expect(tasks[0].priority).toBe(3);
  expect(tasks[0].labels?.map((l) => l.title)).toEqual(['errand']);
  expect(new Date(tasks[0].due_date).getFullYear()).toBeGreaterThan(2000);

  // Jump to the list by name: "+name" searches lists only.
  await page.goto('/');
  await expect(page.locator('.app-shell')).toBeVisible();
  await openPalette(page);
  await page.keyboard.type('+Groceries');
  await expect(palette(page).getByRole('group', { name: 'Lists' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/list`));

  // g u goes to upcoming at once: a list opens with the focus on its rows, not in the add-task field (issue #19).
  await expect(page.getByRole('combobox', { name: 'Add a task' })).not.toBeFocused();
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page).toHaveURL(/\/tasks\/by\/upcoming/);

  // Open the task from the palette (text searches tasks, local first then the server) and mark it done with t.
  await openPalette(page);
  await page.keyboard.type('milk');
  await expect(palette(page).getByRole('group', { name: 'Best matches' })).toContainText('Buy milk');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${tasks[0].id}`));
  await expect(page.getByRole('button', { name: 'Mark as done' })).toBeEnabled();
  await page.keyboard.press('t');
  await expect.poll(async () => (await api<ServerTask>(request, account, `/tasks/${tasks[0].id}`)).done).toBe(true);

  // Three more tasks (setup through the API), then j/x selects three in the list view and the palette marks them done.
  for (const title of ['Apples', 'Bread', 'Cheese']) {
    const res = await request.put(`/api/v1/lists/${listId}`, { headers: { authorization: `Bearer ${account.token}` }, data: { title } });
    expect(res.ok()).toBeTruthy();
  }
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Cheese' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Add a task' })).not.toBeFocused();
  for (let i = 0; i < 3; i += 1) {
    await page.keyboard.press('j');
    await page.keyboard.press('x');
  }
  await expect(page.locator('[role="listitem"][aria-selected="true"]')).toHaveCount(3);
  await expect(page.locator('[data-kbd-focused="true"]')).toHaveCount(1);
  await openPalette(page);
  await page.keyboard.type('mark the selected tasks done');
  await expect(palette(page).getByRole('option').first()).toContainText('Mark the selected tasks done');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`)).filter((t) => t.done).length)
    .toBe(4);

  // ? opens the help modal generated from the registry.
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Navigation' })).toBeVisible();
  await expect(help).toContainText('Go to upcoming tasks');

  // Rebinding from the help modal: a key another navigation command uses is refused; a free one is stored and works.
  const change = help.getByRole('button', { name: 'Change the shortcut of “Go to upcoming tasks”' });
  await change.focus();
  await page.keyboard.press('Enter');
  await expect(help.getByText('Press the new keys…')).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(help.getByRole('status')).toContainText('already used by “Go to the overview”');
  await change.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await page.keyboard.press('Enter');
  await expect(help.getByRole('status')).toContainText('Saved');
  expect(await page.evaluate(() => window.localStorage.getItem('keyflow.keyOverrides'))).toBe('{"go.upcoming":["g p"]}');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/tasks\/by\/upcoming/);
});
