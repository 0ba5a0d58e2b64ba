// Organising end to end in Chromium with two users: sharing read-only, notifications, teams, link shares, saved filters.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

const password = 'correct horse battery';

interface Account {
  username: string;
  id: number;
  token: string;
  namespaceId: number;
}

/** A fresh user through the API. */
async function register(request: APIRequestContext, prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;
  expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
  const { token } = (await (await request.post('/api/v1/login', { data: { username, password } })).json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const user = (await (await request.get('/api/v1/user', { headers })).json()) as { id: number };
  const namespaces = (await (await request.get('/api/v1/namespaces', { headers })).json()) as { id: number }[];
  return { username, id: user.id, token, namespaceId: namespaces.find((n) => n.id > 0)!.id };
}

/** A browser context signed in as the account (token put in before any script runs). */
async function pageFor(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((t) => window.localStorage.setItem('token', t), account.token);
  return page;
}

async function call<T>(request: APIRequestContext, account: Account, method: 'GET' | 'PUT' | 'POST', path: string, data?: unknown): Promise<{ status: number; body: T }> {
  const res = await request.fetch(`/api/v1${path}`, { method, headers: { authorization: `Bearer ${account.token}` }, data });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

test('A shares a list read-only with B: B sees it under shared lists, cannot edit it, and is notified of an assignment', async ({ browser, request }) => {
  const a = await register(request, 'ann');
  const b = await register(request, 'ben');
  const pageA = await pageFor(browser, a);

  // A creates a namespace and a list through the UI.
  await pageA.goto('/namespaces/new');
  await pageA.getByRole('textbox', { name: 'Title' }).fill('Household');
  await pageA.getByRole('button', { name: 'Do it!' }).click();
  await expect(pageA).toHaveURL(/\/namespaces$/);
  const household = pageA.locator('#sidebar').getByRole('region', { name: 'Household' });
  await expect(household).toBeVisible();
  await household.getByRole('button', { name: 'Settings of namespace Household' }).click();
  await pageA.getByRole('menuitem', { name: 'New list' }).click();
  await pageA.getByRole('textbox', { name: 'Title' }).fill('Chores');
  await pageA.getByRole('button', { name: 'Do it!' }).click();
  await expect(pageA).toHaveURL(/\/lists\/\d+\/list$/);
  const listId = Number(/\/lists\/(\d+)\//.exec(pageA.url())![1]);
  await expect(household.getByRole('link', { name: 'Chores' })).toBeVisible();

  // A shares it with B, read only, from the top bar's list settings.
  await pageA.getByRole('banner').getByRole('button', { name: 'Settings of Chores' }).click();
  await pageA.getByRole('menuitem', { name: 'Share' }).click();
  await expect(pageA).toHaveURL(new RegExp(`/lists/${listId}/settings/share$`));
  const userForm = pageA.getByRole('form', { name: 'Share with a user' });
  await userForm.getByRole('button', { name: /Search a user/ }).click();
  await pageA.getByRole('combobox', { name: /Search a user/ }).fill(b.username);
  await pageA.getByRole('option', { name: new RegExp(b.username) }).click();
  await userForm.getByRole('combobox', { name: 'Right' }).selectOption({ label: 'Read only' });
  await userForm.getByRole('button', { name: 'Share' }).click();
  await expect(pageA.getByRole('dialog').getByRole('cell', { name: b.username, exact: true })).toBeVisible();

  // B sees it under shared lists, without the settings menu.
  const pageB = await pageFor(browser, b);
  await pageB.goto('/');
  const shared = pageB.locator('#sidebar').getByRole('region', { name: 'Shared lists' });
  await expect(shared.getByRole('link', { name: 'Chores' })).toBeVisible();
  await expect(shared.getByRole('button', { name: /Move list/ })).toHaveCount(0);
  await shared.getByRole('link', { name: 'Chores' }).click();
  await expect(pageB).toHaveURL(new RegExp(`/lists/${listId}/list$`));
  await expect(pageB.getByRole('banner').getByRole('heading', { name: 'Chores' })).toBeVisible();
  await expect(pageB.getByRole('banner').getByRole('button', { name: 'Settings of Chores' })).toHaveCount(0);

  // The server refuses B's edit.
  const list = await call<Record<string, unknown>>(request, b, 'GET', `/lists/${listId}`);
  const edit = await call(request, b, 'POST', `/lists/${listId}`, { ...list.body, title: 'Hijacked' });
  expect(edit.status).toBe(403);

  // A assigns B a task; B's bell gets the notification, which opens the task.
  const task = await call<{ id: number }>(request, a, 'PUT', `/lists/${listId}`, { title: 'Take out the bins' });
  expect((await call(request, a, 'PUT', `/tasks/${task.body.id}/assignees`, { user_id: b.id })).status).toBe(201);
  await pageB.reload();
  const bell = pageB.getByRole('button', { name: /Notifications \(1 unread\)/ });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  const item = pageB.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: /assigned you to Take out the bins/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(pageB).toHaveURL(new RegExp(`/tasks/${task.body.id}$`));
  await expect(pageB.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('A shares a namespace with a team read-write; B, a member, edits a task there', async ({ browser, request }) => {
  const a = await register(request, 'amy');
  const b = await register(request, 'bob');
  const pageA = await pageFor(browser, a);

  // A creates a team and adds B.
  await pageA.goto('/teams/new');
  await pageA.getByRole('textbox', { name: 'Name' }).fill('Builders');
  await pageA.getByRole('button', { name: 'Do it!' }).click();
  await expect(pageA).toHaveURL(/\/teams\/\d+\/edit$/);
  const memberForm = pageA.getByRole('form', { name: 'Add member' });
  await memberForm.getByRole('button').first().click();
  await pageA.getByRole('combobox').fill(b.username);
  await pageA.getByRole('option', { name: new RegExp(b.username) }).click();
  await memberForm.getByRole('button', { name: 'Add member' }).click();
  await expect(pageA.getByRole('cell', { name: b.username, exact: true })).toBeVisible();

  // A shares the namespace with the team, read & write.
  const listRes = await call<{ id: number }>(request, a, 'PUT', `/namespaces/${a.namespaceId}/lists`, { title: 'Site plan' });
  const task = await call<{ id: number }>(request, a, 'PUT', `/lists/${listRes.body.id}`, { title: 'Pour the foundation' });
  await pageA.goto(`/namespaces/${a.namespaceId}/settings/share`);
  const teamForm = pageA.getByRole('form', { name: 'Share with a team' });
  await teamForm.getByRole('button', { name: 'Choose a team' }).click();
  await pageA.getByRole('option', { name: 'Builders' }).click();
  await teamForm.getByRole('combobox', { name: 'Right' }).selectOption({ label: 'Read & write' });
  await teamForm.getByRole('button', { name: 'Share' }).click();
  await expect(pageA.getByRole('dialog').getByRole('cell', { name: 'Builders', exact: true })).toBeVisible();

  // B edits the task's title in the task detail.
  const pageB = await pageFor(browser, b);
  await pageB.goto(`/tasks/${task.body.id}`);
  const title = pageB.getByRole('textbox', { name: 'Task title' });
  await expect(title).toHaveValue('Pour the foundation');
  await title.fill('Pour the concrete foundation');
  await title.press('Enter');
  await expect
    .poll(async () => (await call<{ title: string }>(request, b, 'GET', `/tasks/${task.body.id}`)).body.title)
    .toBe('Pour the concrete foundation');
});

test('a password-protected link share opens in a fresh browser after the password, in the link-share layout', async ({ browser, request }) => {
  const a = await register(request, 'lin');
  const listRes = await call<{ id: number }>(request, a, 'PUT', `/namespaces/${a.namespaceId}/lists`, { title: 'Party guests' });
  await call(request, a, 'PUT', `/lists/${listRes.body.id}`, { title: 'Invite Carla' });
  const pageA = await pageFor(browser, a);
  await pageA.goto(`/lists/${listRes.body.id}/settings/share`);
  const linkForm = pageA.getByRole('form', { name: 'Create a link share' });
  await linkForm.getByLabel('Name (optional)').fill('Guests');
  await linkForm.getByLabel('Password (optional)').fill('s3cret-pass');
  await linkForm.getByRole('button', { name: 'Create a link share' }).click();
  const linkField = pageA.getByRole('textbox', { name: 'Link of Guests' });
  await expect(linkField).toBeVisible();
  const url = new URL(await linkField.inputValue());

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url.pathname);
  const pw = visitor.getByLabel('Password', { exact: true });
  await expect(pw).toBeVisible();
  await pw.fill('wrong');
  await visitor.getByRole('button', { name: 'Login' }).click();
  await expect(visitor.getByRole('alert')).toContainText('The password is invalid.');
  await pw.fill('s3cret-pass');
  await visitor.getByRole('button', { name: 'Login' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/lists/${listRes.body.id}/list$`));
  await expect(visitor.locator('.link-share-header')).toContainText('Party guests');
  await expect(visitor.getByRole('link', { name: 'Invite Carla' })).toBeVisible();
  await expect(visitor.locator('.sidebar')).toHaveCount(0);
  // Out of a link share's reach: the namespaces page sends it back to its list.
  await visitor.goto('/namespaces');
  await expect(visitor).toHaveURL(new RegExp(`/lists/${listRes.body.id}/list$`));
});

test('a saved filter shows exactly the tasks it should', async ({ browser, request }) => {
  const a = await register(request, 'fil');
  const listRes = await call<{ id: number }>(request, a, 'PUT', `/namespaces/${a.namespaceId}/lists`, { title: 'Mixed' });
  const make = (title: string, priority: number, done = false) => call(request, a, 'PUT', `/lists/${listRes.body.id}`, { title, priority, done });
  await make('Alpha urgent', 4);
  await make('Beta low', 1);
  await make('Gamma done urgent', 5, true);
  await make('Delta high', 3);
  const page = await pageFor(browser, a);
  await page.goto('/filters/new');
  await page.getByRole('textbox', { name: 'Title' }).fill('Important open');
  await page.getByRole('combobox', { name: 'Priority comparison' }).selectOption({ label: 'at least' });
  await page.getByRole('combobox', { name: 'Priority', exact: true }).selectOption({ label: 'High' });
  await page.getByRole('button', { name: 'Do it!' }).click();
  await expect(page).toHaveURL(/\/lists\/-\d+\/list$/);
  await expect(page.getByRole('region', { name: 'Saved filters' }).getByRole('link', { name: 'Important open' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Alpha urgent' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Delta high' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Beta low' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Gamma done urgent' })).toHaveCount(0);
});
