// Rough edges of the screens in Chromium: dates in the app's language, colour swatches, label contrast, naming a
// duplicated list, read-only link shares, pickers by mouse, the table's width and list backgrounds.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { api, createList, createTask, signUp, type Account } from './helpers';

// The browser speaks American English (a 12-hour clock): what the app shows must follow the app's language.
test.use({ locale: 'en-US' });

const headers = (account: Account) => ({ authorization: `Bearer ${account.token}` });

async function setLanguage(request: APIRequestContext, account: Account, language: string): Promise<void> {
  const me = await api<{ settings: Record<string, unknown> }>(request, account, '/user');
  expect((await request.post('/api/v1/user/settings/general', { headers: headers(account), data: { ...me.settings, language } })).ok()).toBeTruthy();
}

/** The WCAG contrast of an element's text against its own background, opacity of it and its parents included. */
async function textContrast(page: Page, selector: string): Promise<{ text: string; ratio: number }[]> {
  return page.locator(selector).evaluateAll((els) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        })
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    return els.map((el) => {
      let opacity = 1;
      for (let n: Element | null = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
      const style = getComputedStyle(el);
      const fg = rgb(style.color);
      const bg = rgb(style.backgroundColor);
      // Seen through its opacity on the white page, the text mixes with what is behind it.
      const seen = (c: number[]) => c.slice(0, 3).map((v) => v * opacity + 255 * (1 - opacity));
      const [a, b] = [lum(seen(fg)), lum(seen(bg))];
      return { text: el.textContent ?? '', ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
  });
}

test('German dates read "1. Dez. 2026", and the settings time field is on the app’s clock, not the browser’s', async ({ page, request }) => {
  const account = await signUp(request, page, 'date');
  await setLanguage(request, account, 'de-DE');
  const listId = await createList(request, account, 'Einkauf');
  await createTask(request, account, listId, { title: 'Milch', due_date: new Date(2026, 11, 1, 18, 30).toISOString() });
  await page.goto(`/lists/${listId}/table`);
  await expect(page.getByRole('cell', { name: '1. Dez. 2026, 18:30' })).toBeVisible();

  // The browser's time input would show the browser's 12-hour clock; the field follows the app's German.
  await page.goto('/user/settings/general');
  const time = page.getByRole('textbox', { name: 'Uhrzeit der Übersicht überfälliger Aufgaben' });
  await expect(time).toHaveValue('09:00');
  await time.fill('18:30');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect
    .poll(async () => (await api<{ settings: { overdue_tasks_reminders_time: string } }>(request, account, '/user')).settings.overdue_tasks_reminders_time)
    .toMatch(/^18:30/);
});
test('a task without a colour shows no blue swatch; a colour can be taken off again', async ({ page, request }) => {
  const account = await signUp(request, page, 'swatch');
  const listId = await createList(request, account, 'Chores');
  const task = await createTask(request, account, listId, { title: 'Sweep' });
  await page.goto(`/tasks/${task.id}`);
  const field = page.locator('.detail-color');
  await expect(field).toContainText('No colour');
  const blue = (await pixels(await field.screenshot())).filter(([r, g, b]) => Math.abs(r - 0x19) < 40 && Math.abs(g - 0x73) < 40 && Math.abs(b - 0xff) < 40);
  expect(blue).toHaveLength(0);

  await request.post(`/api/v1/tasks/${task.id}`, { headers: headers(account), data: { ...task, hex_color: 'ff4136' } });
  await page.reload();
  await page.getByRole('button', { name: 'No colour' }).click();
  await expect.poll(async () => (await api<{ hex_color: string }>(request, account, `/tasks/${task.id}`)).hex_color).toBe('');
});

test('label text keeps 4.5:1 on every label colour, a label of someone else’s included', async ({ browser, page, request }) => {
  const owner = await signUp(request, await browser.newPage(), 'lbown');
  const reader = await signUp(request, page, 'lbread');
  const readerName = (await api<{ username: string }>(request, reader, '/user')).username;
  const listId = await createList(request, owner, 'Shared');
  expect((await request.put(`/api/v1/lists/${listId}/users`, { headers: headers(owner), data: { user_id: readerName, right: 0 } })).ok()).toBeTruthy();
  const task = await createTask(request, owner, listId, { title: 'Paint' });
  for (const hex of ['1973ff', '7f23ff', 'ff4136', 'ff851b', 'ffeb10', '00db60', '00c4b4', 'e8e8e8', '4a4a4a', '808080', 'e91e63']) {
    const label = (await (await request.put('/api/v1/labels', { headers: headers(owner), data: { title: `c${hex}`, hex_color: hex } })).json()) as {
      id: number;
    };
    await request.put(`/api/v1/tasks/${task.id}/labels`, { headers: headers(owner), data: { label_id: label.id } });
  }
  await page.goto('/labels');
  await expect(page.locator('.label-chips .label-chip')).toHaveCount(11);
  const low = (await textContrast(page, '.label-chips .label-chip')).filter((c) => c.ratio < 4.5);
  expect(low).toEqual([]);
  await page.goto(`/lists/${listId}/list`);
  await expect(page.locator('.task-row .label-chip')).toHaveCount(11);
  expect((await textContrast(page, '.task-row .label-chip')).filter((c) => c.ratio < 4.5)).toEqual([]);
});

test('duplicating a list from the app names the copy "Shopping (copy)", editable, and the original keeps its name', async ({ page, request }) => {
  const account = await signUp(request, page, 'dup');
  const listId = await createList(request, account, 'Shopping');
  await createTask(request, account, listId, { title: 'Bread' });
  await page.goto(`/lists/${listId}/settings/duplicate`);
  const name = page.getByRole('textbox', { name: 'Name of the copy' });
  await expect(name).toHaveValue('Shopping (copy)');
  await name.fill('Shopping for the party');
  await name.press('Enter');
  await expect(page).not.toHaveURL(new RegExp(`/lists/${listId}/`));
  const lists = await api<{ title: string }[]>(request, account, '/lists');
  expect(lists.map((l) => l.title).sort()).toEqual(['Shopping', 'Shopping for the party']);

  // In German the suggestion is German.
  await setLanguage(request, account, 'de-DE');
  await page.goto(`/lists/${listId}/settings/duplicate`);
  await expect(page.getByRole('textbox', { name: 'Name der Kopie' })).toHaveValue('Shopping (Kopie)');
});

test('a read-only link share offers no star or subscription that would fail', async ({ browser, page, request }) => {
  const owner = await signUp(request, await browser.newPage(), 'lsro');
  const listId = await createList(request, owner, 'Public plan');
  const task = await createTask(request, owner, listId, { title: 'Read me' });
  const share = (await (await request.put(`/api/v1/lists/${listId}/shares`, { headers: headers(owner), data: { right: 0 } })).json()) as { hash: string };
  await page.goto(`/share/${share.hash}/auth`);
  await expect(page.getByRole('link', { name: 'Read me' })).toBeVisible();
  await expect(page.getByRole('button', { name: /favorites/i })).toHaveCount(0);
  await page.getByRole('link', { name: 'Read me' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Mark as done' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /favorites/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /subscribe/i })).toHaveCount(0);
  expect(task.id).toBeGreaterThan(0);
});

test('by mouse: a single-choice picker closes after a click, so the next button takes the next click', async ({ browser, page, request }) => {
  const friend = await signUp(request, await browser.newPage(), 'pick');
  const friendName = (await api<{ username: string }>(request, friend, '/user')).username;
  // Found by part of their name, which they allowed.
  const me = await api<{ settings: Record<string, unknown> }>(request, friend, '/user');
  await request.post('/api/v1/user/settings/general', {
    headers: headers(friend),
    data: { ...me.settings, name: 'Henrietta Pickwick', discoverable_by_name: true },
  });
  const account = await signUp(request, page, 'picker');
  const listId = await createList(request, account, 'Garden');
  await page.goto(`/lists/${listId}/settings/share`);
  const form = page.getByRole('form', { name: 'Share with a user' });
  await form.getByRole('button', { name: 'Search a user by username, name or e-mail' }).click();
  await page.getByRole('combobox', { name: 'Search a user by username, name or e-mail' }).fill('Pickw');
  await page.getByRole('option', { name: new RegExp(`Henrietta Pickwick @${friendName}`) }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await form.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('cell', { name: 'Henrietta Pickwick', exact: true })).toBeVisible();

  // Part of a username finds nobody (the server matches whole usernames), and the picker says what does find people.
  await form.getByRole('button', { name: 'Search a user by username, name or e-mail' }).click();
  await page.getByRole('combobox', { name: 'Search a user by username, name or e-mail' }).fill(friendName.slice(0, -3));
  await expect(page.getByText('Nobody found. Type the whole username')).toBeVisible();
});

test('at 1280 px the table fits with the default columns; with more it scrolls and shows a shadow on the right', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signUp(request, page, 'tblw');
  const listId = await createList(request, account, 'Errands');
  await createTask(request, account, listId, {
    title: 'Post the parcel',
    priority: 2,
    due_date: new Date(2026, 11, 1, 18, 30).toISOString(),
    percent_done: 0.2,
  });
  await page.goto(`/lists/${listId}/table`);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const cue = () => page.locator('.table-scroll-wrap').evaluate((el) => getComputedStyle(el, '::after').content);
  expect(await cue()).toBe('none');

  await page.getByRole('button', { name: 'Columns' }).click();
  for (const name of ['Start date', 'End date', 'Created']) await page.getByRole('checkbox', { name, exact: true }).check();
  await page.keyboard.press('Escape');
  await expect.poll(() => table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect.poll(cue).not.toBe('none');
  // Scrolled to the end, there is nothing more to the right and the shadow goes.
  await table.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(cue).toBe('none');
});

/** A plain image of one colour, as PNG bytes. */
function plainPng(value: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: value, g: value, b: value } } })
    .png()
    .toBuffer();
}

/** A screenshot's pixels as RGB triples. */
async function pixels(shot: Buffer): Promise<[number, number, number][]> {
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  const out: [number, number, number][] = [];
  for (let i = 0; i < data.length; i += info.channels) out.push([data[i], data[i + 1], data[i + 2]]);
  return out;
}

/** Contrast between an element's text colour and the colour most of its box shows on screen (its background). */
async function shownContrast(locator: ReturnType<Page['locator']>): Promise<number> {
  const color = await locator.evaluate((el) => getComputedStyle(el).color);
  const shot = await pixels(await locator.screenshot());
  const lum = (r: number, g: number, b: number) =>
    [r, g, b]
      .map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
      .reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i], 0);
  const all = shot.map(([r, g, b]) => lum(r, g, b)).sort((a, b) => a - b);
  const background = all[Math.floor(all.length / 2)];
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const text = lum(r, g, b);
  return (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05);
}

for (const [shade, value] of [
  ['light', 255],
  ['dark', 0],
] as const) {
  test(`a ${shade} list background shows behind list, table, kanban and gantt, and on the namespaces card, with readable text`, async ({ page, request }) => {
    const account = await signUp(request, page, `bg${shade}`);
    const listId = await createList(request, account, 'Holiday');
    await createTask(request, account, listId, { title: 'Book the ferry', due_date: new Date(Date.now() + 86_400_000).toISOString() });
    const upload = await request.put(`/api/v1/lists/${listId}/backgrounds/upload`, {
      headers: headers(account),
      multipart: { background: { name: 'bg.png', mimeType: 'image/png', buffer: await plainPng(value) } },
    });
    expect(upload.ok()).toBeTruthy();
    for (const view of ['list', 'table', 'kanban', 'gantt']) {
      await page.goto(`/lists/${listId}/${view}`);
      const backdrop = page.locator('.list-backdrop');
      await expect.poll(() => backdrop.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('blob:');
      await expect(backdrop).toBeVisible();
      expect(await shownContrast(page.locator('.list-view-title'))).toBeGreaterThanOrEqual(4.5);
    }
    await page.goto('/namespaces');
    const card = page.locator('.list-card', { hasText: 'Holiday' });
    await expect.poll(() => card.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('blob:');
    expect(await shownContrast(card.locator('.list-card-title'))).toBeGreaterThanOrEqual(4.5);
  });
}
