// The table view in Chromium at phone width: nothing is cut ("Percent d"); the table scrolls sideways and keeps
// its first column in view.
import { expect, test } from '@playwright/test';
import { createList, createTask, signUp } from './helpers';

test('at 390 px the table scrolls sideways with a sticky first column, and no header, label or priority is cut', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await signUp(request, page, 'tbl');
  const auth = { authorization: `Bearer ${account.token}` };
  const listId = await createList(request, account, 'Chores');
  const task = await createTask(request, account, listId, { title: 'Clean the gutters before the autumn storms arrive', priority: 4, percent_done: 0.5 });
  for (const title of ['outdoors', 'needs a ladder', 'weekend']) {
    const label = (await (await request.put('/api/v1/labels', { headers: auth, data: { title } })).json()) as { id: number };
    await request.put(`/api/v1/tasks/${task.id}/labels`, { headers: auth, data: { label_id: label.id } });
  }
  await page.goto(`/lists/${listId}/table`);
  const scroller = page.getByRole('table');
  await expect(scroller.getByRole('row')).toHaveCount(2);
  await expect(scroller.getByRole('columnheader', { name: 'Percent done' })).toBeVisible();

  // Every header, label chip and priority shows its whole text (no clipping inside its box).
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('[role="columnheader"], [role="cell"], .label-chip, .priority-label')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent),
  );
  expect(clipped).toEqual([]);

  // Wider than the screen: it scrolls sideways, and the first column stays at the left edge.
  const box = await scroller.evaluate((el) => ({ scrollable: el.scrollWidth > el.clientWidth, left: el.getBoundingClientRect().left }));
  expect(box.scrollable).toBe(true);
  await scroller.evaluate((el) => el.scrollBy(400, 0));
  const firstCell = scroller.getByRole('row').nth(1).getByRole('cell').first();
  const firstHeader = scroller.getByRole('columnheader').first();
  expect(Math.round((await firstCell.boundingBox())!.x)).toBe(Math.round(box.left + 1));
  expect(Math.round((await firstHeader.boundingBox())!.x)).toBe(Math.round(box.left + 1));
  // The columns of the rows still line up with their headers after scrolling.
  const headerX = (await scroller.getByRole('columnheader', { name: 'Percent done' }).boundingBox())!.x;
  const cellX = (await scroller.getByRole('row').nth(1).getByRole('cell').nth(7).boundingBox())!.x;
  expect(Math.abs(headerX - cellX)).toBeLessThan(1);
});
