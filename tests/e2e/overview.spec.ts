// The overview in Chromium: its tasks come from every list the person can read, and "Nothing here yet" only shows
// when there is nothing at all (lists only in a second namespace, only shared lists, only a saved filter).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createTask, password, signUp, type Account } from './helpers';

const tomorrow = () => new Date(Date.now() + 24 * 3600_000).toISOString();
const auth = (account: Account) => ({ authorization: `Bearer ${account.token}` });

/** Another person, through the API only (the page keeps the first person's token). */
async function otherPerson(request: APIRequestContext): Promise<Account & { username: string }> {
  const username = `sharer${Date.now()}${Math.floor(Math.random() * 1000)}`;
  expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
  const { token } = (await (await request.post('/api/v1/login', { data: { username, password } })).json()) as { token: string };
  const namespaces = (await (await request.get('/api/v1/namespaces', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number }[];
  return { token, username, namespaceId: namespaces.find((n) => n.id > 0)!.id };
}

async function put<T>(request: APIRequestContext, account: Account, path: string, data: Record<string, unknown>): Promise<T> {
  const res = await request.put(`/api/v1${path}`, { headers: auth(account), data });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as T;
}

async function usernameOf(request: APIRequestContext, account: Account): Promise<string> {
  return ((await (await request.get('/api/v1/user', { headers: auth(account) })).json()) as { username: string }).username;
}

async function expectOverview(page: Page, taskTitle: string | null) {
  await page.goto('/');
  const upcoming = page.getByRole('heading', { name: 'Upcoming' });
  await expect(upcoming).toBeVisible();
  if (taskTitle) await expect(page.getByRole('link', { name: taskTitle })).toBeVisible();
  // The empty state waits a moment before it shows: give it that moment, then check it stayed away.
  await page.waitForTimeout(600);
  await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toHaveCount(0);
}

test('lists only in a second namespace: the overview shows their tasks, not the empty state', async ({ page, request }) => {
  const account = await signUp(request, page, 'ovns');
  const work = await put<{ id: number }>(request, account, '/namespaces', { title: 'Work' });
  const list = await put<{ id: number }>(request, account, `/namespaces/${work.id}/lists`, { title: 'Projects' });
  await createTask(request, account, list.id, { title: 'Write the report', due_date: tomorrow() });
  await expectOverview(page, 'Write the report');
});

test('only shared lists: the overview shows the shared tasks, not the empty state', async ({ page, request }) => {
  const account = await signUp(request, page, 'ovsh');
  const sharer = await otherPerson(request);
  const list = await put<{ id: number }>(request, sharer, `/namespaces/${sharer.namespaceId}/lists`, { title: 'Family' });
  await createTask(request, sharer, list.id, { title: 'Water the plants', due_date: tomorrow() });
  await put(request, sharer, `/lists/${list.id}/users`, { user_id: await usernameOf(request, account), right: 0 });
  await expectOverview(page, 'Water the plants');
});

test('only a saved filter: the overview is not "Nothing here yet"', async ({ page, request }) => {
  const account = await signUp(request, page, 'ovfi');
  await put(request, account, '/filters', {
    title: 'Urgent',
    filters: { sort_by: ['id'], filter_by: ['done'], filter_value: ['false'], filter_comparator: ['equals'] },
  });
  await expectOverview(page, null);
});

test('truly nothing: the empty state offers to create a list', async ({ page, request }) => {
  await signUp(request, page, 'ovem');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a list' })).toBeVisible();
});
