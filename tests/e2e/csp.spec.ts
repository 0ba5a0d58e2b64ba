// The app under its Content-Security-Policy in real Chromium: the screens work and nothing is blocked.
import { expect, test } from '@playwright/test';
import { createList, createTask, signUp } from './helpers';

test('no Content-Security-Policy violation while signing up, opening a list, a task, kanban and settings', async ({ page, request }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load (CSP ${e.violatedDirective}) ${e.blockedURI}`));
  });
  const account = await signUp(request, page, 'csp');
  const listId = await createList(request, account, 'Guarded');
  const task = await createTask<{ id: number }>(request, account, listId, { title: 'Under policy', description: '**bold**' });
  const response = await page.goto(`/lists/${listId}/list`);
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('link', { name: 'Under policy' })).toBeVisible();
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByText('bold', { exact: true })).toBeVisible();
  await page.goto(`/lists/${listId}/kanban`);
  await expect(page.getByText('Under policy')).toBeVisible();
  await page.goto('/user/settings/general');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
