// The date picker end to end (issue #23): the calendar starts the week on the user's day, works from the keyboard alone, and never loads on the first page.
import { expect, test, type Page } from '@playwright/test';
import { api, createList, createTask, signUp, type Account } from './helpers';
import type { APIRequestContext } from '@playwright/test';

async function setWeekStart(request: APIRequestContext, account: Account, weekStart: number) {
  const headers = { authorization: `Bearer ${account.token}` };
  const user = (await (await request.get('/api/v1/user', { headers })).json()) as { settings: Record<string, unknown> };
  const res = await request.post('/api/v1/user/settings/general', { headers, data: { ...user.settings, week_start: weekStart } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Scripts the page fetched whose file name says they are the calendar. */
function calendarScripts(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/Calendar-[^/]*\.js$/.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

test('the calendar is not loaded by the sign-in page or the task list', async ({ page, request }) => {
  const seen = calendarScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const account = await signUp(request, page, 'dplazy');
  const listId = await createList(request, account, 'Errands');
  await createTask(request, account, listId, { title: 'Buy milk', due_date: new Date(2030, 0, 14, 9, 30).toISOString() });
  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByText('Buy milk').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
});

test('keyboard only: open, arrows, PageDown, Enter picks and saves; Escape closes and keeps the task open; Monday first', async ({ page, request }) => {
  const account = await signUp(request, page, 'dpkeys');
  await setWeekStart(request, account, 1);
  const listId = await createList(request, account, 'Errands');
  const task = await createTask(request, account, listId, { title: 'Buy milk', due_date: new Date(2030, 0, 14, 9, 30).toISOString() });
  const seen = calendarScripts(page);
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('textbox', { name: 'Task title' })).toHaveValue('Buy milk');

  const day = page.getByRole('textbox', { name: 'Due date: date' });
  await expect(day).toHaveValue('2030-01-14');
  const opener = page.getByRole('button', { name: 'Due date: choose in a calendar' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Due date: calendar' });
  await expect(calendar.getByRole('grid', { name: 'January 2030' })).toBeVisible();
  expect(seen.length).toBe(1);
  await expect(calendar.locator('th').first()).toHaveAttribute('aria-label', 'Monday');
  await expect(calendar.getByRole('button', { name: 'Monday, 14 January 2030, selected' })).toBeFocused();

  await page.keyboard.press('ArrowRight');
  await expect(calendar.getByRole('button', { name: 'Tuesday, 15 January 2030' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(calendar.getByRole('button', { name: 'Tuesday, 22 January 2030' })).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(calendar.getByRole('grid', { name: 'February 2030' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Friday, 22 February 2030' })).toBeFocused();

  if (process.env.SCREENSHOTS) {
    // Looked at by hand while building (light, dark, 390 px); not part of the assertions.
    await page.screenshot({ path: '.tmp/shots/datepicker-light.png' });
  }

  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(day).toHaveValue('2030-02-22');
  await expect
    .poll(async () => new Date((await api<{ due_date: string }>(request, account, `/tasks/${task.id}`)).due_date).getTime())
    .toBe(new Date(2030, 1, 22, 9, 30).getTime());

  // Escape closes only the calendar: the task stays open and focus is back on the button.
  await page.keyboard.press('Enter');
  await expect(calendar.getByRole('button', { name: 'Friday, 22 February 2030, selected' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Task title' })).toBeVisible();

  // A typed day in words is read as quick-add reads it.
  await day.fill('mar 3 2030');
  await day.press('Enter');
  await expect(day).toHaveValue('2030-03-03');
  await expect
    .poll(async () => new Date((await api<{ due_date: string }>(request, account, `/tasks/${task.id}`)).due_date).getTime())
    .toBe(new Date(2030, 2, 3, 9, 30).getTime());
  await day.fill('someday');
  await day.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: '“someday” is not a date' })).toBeVisible();
  await expect(day).toHaveAttribute('aria-invalid', 'true');

  if (process.env.SCREENSHOTS) {
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => window.localStorage.setItem('color-scheme', 'dark'));
    await page.reload();
    await page.getByRole('button', { name: 'Due date: choose in a calendar' }).click();
    await expect(calendar.getByRole('grid')).toBeVisible();
    await calendar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/shots/datepicker-390-dark.png' });
  }
});

test('the calendar speaks the user language and Sunday-first weeks by default', async ({ page, request }) => {
  const account = await signUp(request, page, 'dpfr');
  await page.addInitScript(() => window.localStorage.setItem('language', 'fr-FR'));
  const listId = await createList(request, account, 'Courses');
  const task = await createTask(request, account, listId, { title: 'Acheter du pain', due_date: new Date(2030, 0, 14, 9, 30).toISOString() });
  await page.goto(`/tasks/${task.id}`);
  await page.getByRole('button', { name: 'Échéance : choisir dans un calendrier' }).click();
  const calendar = page.getByRole('dialog', { name: 'Échéance : calendrier' });
  await expect(calendar.getByRole('grid', { name: 'janvier 2030' })).toBeVisible();
  await expect(calendar.locator('th').first()).toHaveAttribute('aria-label', 'dimanche');
  await expect(calendar.getByRole('button', { name: 'Mois suivant' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'lundi 14 janvier 2030, sélectionné' })).toBeFocused();
});
