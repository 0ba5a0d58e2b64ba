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

test('at 390 px the task detail shows done, assignees and dates before the description and comments', async ({ page, request }) => {
  const account = await signUp(request, page, 'phone');
  const listId = await createList(request, account, 'Phone');
  const task = await createTask(request, account, listId, { title: 'Call the plumber', description: '<p>Ask about Tuesday.</p>' });
  const top = async (name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tasks/${task.id}`);
  const done = page.getByRole('button', { name: 'Mark as done' });
  await expect(done).toBeVisible();
  const description = await top('Description');
  expect((await done.boundingBox())!.y).toBeLessThan(description);
  expect(await top('Assignees')).toBeLessThan(description);
  expect(await top('Dates')).toBeLessThan(description);
  expect(await top('Comments')).toBeGreaterThan(description);
  await page.screenshot({ path: '/tmp/screens-b-detail-390.png', fullPage: true });

  // A wide screen keeps them in the column at the right of the description.
  await page.setViewportSize({ width: 1280, height: 900 });
  const descriptionBox = (await page.getByRole('heading', { name: 'Description', exact: true }).boundingBox())!;
  expect((await done.boundingBox())!.x).toBeGreaterThan(descriptionBox.x + descriptionBox.width);
  await page.screenshot({ path: '/tmp/screens-b-detail-wide.png', fullPage: true });
});
