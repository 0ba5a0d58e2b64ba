// The gantt chart by keyboard alone (no mouse events): reach a bar, move it, stretch its end, pull its start, each
// saved and checked through the API, and open its task with Enter.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, createList, createTask, signUp, type Account } from './helpers';

interface ServerTask {
  id: number;
  start_date: string;
  end_date: string;
}

const DAY = 24 * 60 * 60 * 1000;
const dayOf = (d: Date | string) => new Date(d).toDateString();
const plus = (d: Date, days: number) => new Date(d.getTime() + days * DAY);

test('gantt bars by keys: Tab reaches the chart and the bar, arrows move it, Shift/Alt+arrows resize it', async ({ page, request }) => {
  test.slow();
  const account = await signUp(request, page, 'kbg');
  const listId = await createList(request, account, 'Garden');
  const start = new Date();
  start.setHours(9, 0, 0, 0);
  const end = plus(start, 2);
  end.setHours(17, 0, 0, 0);
  const task = await createTask<ServerTask>(request, account, listId, { title: 'Dig beds', start_date: start.toISOString(), end_date: end.toISOString() });
  const stored = (r: APIRequestContext, a: Account) => api<ServerTask>(r, a, `/tasks/${task.id}`);
  const saved = () => page.waitForResponse((r) => r.url().endsWith(`/api/v1/tasks/${task.id}`) && r.request().method() === 'POST');

  await page.goto(`/lists/${listId}/list`);
  await expect(page.getByRole('listitem').filter({ hasText: 'Dig beds' })).toBeVisible({ timeout: 60_000 });
  // g g: the gantt view of this list.
  await page.keyboard.press('g');
  await page.keyboard.press('g');
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/gantt$`));
  const region = page.getByRole('region', { name: 'Gantt chart' });
  const bar = page.getByRole('button', { name: /^Dig beds: / });
  await expect(bar).toBeVisible();

  // g g put the focus on the chart: its scroll region is a stop (the arrows scroll the days there); Tab goes on to
  // the bar.
  let tabs = 0;
  let passedRegion = await region.evaluate((el) => el === document.activeElement);
  while (!(await bar.evaluate((el) => el === document.activeElement)) && tabs < 30) {
    await page.keyboard.press('Tab');
    tabs += 1;
    if (await region.evaluate((el) => el === document.activeElement)) passedRegion = true;
  }
  await expect(bar).toBeFocused();
  expect(passedRegion).toBe(true);

  // Two days later: saved once the keys pause, the times of day kept.
  let save = saved();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect((await save).ok()).toBeTruthy();
  let s = await stored(request, account);
  expect(dayOf(s.start_date)).toBe(dayOf(plus(start, 2)));
  expect(dayOf(s.end_date)).toBe(dayOf(plus(end, 2)));
  expect(new Date(s.start_date).getHours()).toBe(9);
  expect(new Date(s.end_date).getHours()).toBe(17);

  // Shift+arrow stretches the end by a day; the start stays.
  await expect(bar).toBeFocused();
  save = saved();
  await page.keyboard.press('Shift+ArrowRight');
  expect((await save).ok()).toBeTruthy();
  s = await stored(request, account);
  expect(dayOf(s.start_date)).toBe(dayOf(plus(start, 2)));
  expect(dayOf(s.end_date)).toBe(dayOf(plus(end, 3)));

  // Alt+arrow pulls the start a day earlier; the end stays.
  save = saved();
  await page.keyboard.press('Alt+ArrowLeft');
  expect((await save).ok()).toBeTruthy();
  s = await stored(request, account);
  expect(dayOf(s.start_date)).toBe(dayOf(plus(start, 1)));
  expect(dayOf(s.end_date)).toBe(dayOf(plus(end, 3)));

  // The bar's name says its new dates, and Enter opens its task.
  await expect(bar).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.id}`));
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Task title' })).toHaveValue('Dig beds');
});
