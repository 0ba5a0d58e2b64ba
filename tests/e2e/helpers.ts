// Shared steps of the end-to-end specs: a fresh account through the API with its token in the page, lists, API reads.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const password = 'correct horse battery';

export interface Account {
  token: string;
  namespaceId: number;
}

/** A fresh user through the API, with the token put into the page before any script runs. */
export async function signUp(request: APIRequestContext, page: Page, prefix: string): Promise<Account> {
  const username = `${prefix}${Date.now()}${Math.floor(Math.random() * 1000)}`;
  expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
  const { token } = (await (await request.post('/api/v1/login', { data: { username, password } })).json()) as { token: string };
  const namespaces = (await (await request.get('/api/v1/namespaces', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number }[];
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  return { token, namespaceId: namespaces.find((n) => n.id > 0)!.id };
}

export async function createList(request: APIRequestContext, account: Account, title: string): Promise<number> {
  const res = await request.put(`/api/v1/namespaces/${account.namespaceId}/lists`, { headers: { authorization: `Bearer ${account.token}` }, data: { title } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { id: number }).id;
}

export async function api<T>(request: APIRequestContext, account: Account, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as T;
}


/** A task created in a list through the API. */
export async function createTask<T = { id: number }>(request: APIRequestContext, account: Account, listId: number, body: Record<string, unknown>): Promise<T> {
  const res = await request.put(`/api/v1/lists/${listId}`, { headers: { authorization: `Bearer ${account.token}` }, data: body });
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as T;
}
