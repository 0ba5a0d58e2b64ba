// Quick-add's @names in Chromium: a found person is assigned and leaves the title, a name matching nobody stays, and
// a person without access to the list does not refuse the task (it is saved without them, and the message says why).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, createList, password, signUp, type Account } from './helpers';

interface ServerTask {
  title: string;
  assignees: { username: string }[] | null;
}

/** Another person, through the API only (the page keeps the first person's token). */
async function otherPerson(request: APIRequestContext): Promise<string> {
  const username = `anna${Date.now()}${Math.floor(Math.random() * 1000)}`;
  expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
  return username;
}

async function share(request: APIRequestContext, account: Account, listId: number, username: string) {
  const res = await request.put(`/api/v1/lists/${listId}/users`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { user_id: username, right: 1 },
  });
  expect(res.ok()).toBeTruthy();
}

test('a found @name is assigned and leaves the title; a name matching nobody stays', async ({ page, request }) => {
  const account = await signUp(request, page, 'qap');
  const listId = await createList(request, account, 'Shopping');
  const anna = await otherPerson(request);
  await share(request, account, listId, anna);
  await page.goto(`/lists/${listId}`);
  const input = page.getByRole('combobox', { name: 'Add a task' });
  await input.fill(`Call @${anna} about the roof @nobody`);
  await input.press('Enter');
  await expect(page.getByRole('link', { name: 'Call about the roof @nobody' })).toBeVisible();
  await expect(input).toHaveValue('');
  const stored = () => api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  await expect.poll(async () => (await stored())[0]?.assignees?.map((a) => a.username)).toEqual([anna]);
  expect((await stored())[0].title).toBe('Call about the roof @nobody');
});

test('a person without access to the list: the task is saved without them and the message names them and the list', async ({ page, request }) => {
  const account = await signUp(request, page, 'qan');
  const listId = await createList(request, account, 'Shopping');
  const anna = await otherPerson(request);
  await page.goto(`/lists/${listId}`);
  const input = page.getByRole('combobox', { name: 'Add a task' });
  await input.fill(`Ring @${anna} tomorrow`);
  await input.press('Enter');
  await expect(page.getByText(`${anna} has no access to Shopping: “Ring” was saved without them.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ring' })).toBeVisible();
  await expect(page.getByText('You do not have access to this list.')).toHaveCount(0);
  await expect(input).toHaveValue('');
  const tasks = await api<ServerTask[]>(request, account, `/lists/${listId}/tasks`);
  expect(tasks.map((t) => [t.title, t.assignees])).toEqual([['Ring', null]]);
});
