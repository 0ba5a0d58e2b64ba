// Rough edges a new user meets on screen (issue 31, items 22–29): empty states, phone layout, offline start, fonts.
import { expect, test } from '@playwright/test';
import { createList, createTask, signUp } from './helpers';

test('a new empty list invites the first task; a list whose filter hides its tasks says so', async ({ page, request }) => {
  const account = await signUp(request, page, 'empty');
  const fresh = await createList(request, account, 'Fresh');
  await page.goto(`/lists/${fresh}/list`);
  await expect(page.getByText('No tasks yet – add one above.')).toBeVisible();
  await expect(page.getByText('This list has no tasks matching the filters.')).toHaveCount(0);

  const allDone = await createList(request, account, 'All done');
  await createTask(request, account, allDone, { title: 'Finished', done: true });
  await page.goto(`/lists/${allDone}/list`);
  await expect(page.getByText('This list has no tasks matching the filters.')).toBeVisible();
  await expect(page.getByText('No tasks yet – add one above.')).toHaveCount(0);
});

test('the two-factor and CalDAV settings ask for no enrolment that is not there (no 412, no console error)', async ({ page, request }) => {
  await signUp(request, page, 'tfa');
  const refused: string[] = [];
  const errors: string[] = [];
  page.on('response', (r) => r.status() === 412 && refused.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/user/settings/totp');
  await expect(page.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
  await page.goto('/user/settings/caldav');
  await expect(page.getByText('You have no CalDAV tokens yet.')).toBeVisible();
  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});
