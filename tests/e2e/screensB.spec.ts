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

test('the README’s first steps: a list is created from the empty overview or a namespace’s menu in the sidebar', async ({ page, request }) => {
  const account = await signUp(request, page, 'steps');
  await page.goto('/');
  await page.getByRole('link', { name: 'Create a list' }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/new/${account.namespaceId}$`));
  await page.keyboard.press('Escape');
  await page.goto('/');
  const sidebar = page.getByRole('complementary', { name: 'Main navigation' });
  await sidebar
    .getByRole('button', { name: /^Settings of namespace / })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'New list' }).click();
  await expect(page).toHaveURL(/\/lists\/new\/\d+$/);
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

test('delete buttons of labels and teams look destructive; the share dialog’s user search looks like a field', async ({ page, request }) => {
  const account = await signUp(request, page, 'looks');
  const auth = { authorization: `Bearer ${account.token}` };
  expect((await request.put('/api/v1/labels', { headers: auth, data: { title: 'errand', hex_color: 'e8e8e8' } })).ok()).toBeTruthy();
  const team = (await (await request.put('/api/v1/teams', { headers: auth, data: { name: 'Crew' } })).json()) as { id: number };
  const listId = await createList(request, account, 'Shared');
  const danger = 'rgb(212, 44, 44)';

  await page.goto('/labels');
  await page.getByRole('button', { name: /errand/ }).click();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCSS('color', danger);
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCSS('border-top-color', danger);
  await page.screenshot({ path: '/tmp/screens-b-labels.png' });

  await page.goto(`/teams/${team.id}/edit`);
  await expect(page.getByRole('button', { name: 'Delete team' })).toHaveCSS('color', danger);
  await page.screenshot({ path: '/tmp/screens-b-team.png' });

  await page.goto(`/lists/${listId}/settings/share`);
  const search = page.getByRole('button', { name: 'Search a user by username, name or e-mail' });
  await expect(search).toBeVisible();
  // Left-aligned muted text on the field's background, as an input's placeholder, wider than its text.
  await expect(search).toHaveCSS('justify-content', 'flex-start');
  await expect(search).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  expect((await search.boundingBox())!.width).toBeGreaterThan(250);
  await page.screenshot({ path: '/tmp/screens-b-share.png' });
});

for (const [language, title, font] of [
  ['zh-CN', '买牛奶和面包', /Noto Sans CJK SC|PingFang SC|Microsoft YaHei|Source Han Sans SC|Noto Sans SC/],
  ['vi-VN', 'Mua sữa và bánh mì ở chợ Đồng Xuân', /./],
  ['ru-RU', 'Купить молоко и хлеб', /./],
] as const) {
  test(`${language} text is drawn with a real font of the language, not boxes`, async ({ page, request }) => {
    const account = await signUp(request, page, 'font');
    const auth = { authorization: `Bearer ${account.token}` };
    const me = (await (await request.get('/api/v1/user', { headers: auth })).json()) as { settings: Record<string, unknown> };
    expect((await request.post('/api/v1/user/settings/general', { headers: auth, data: { ...me.settings, language } })).ok()).toBeTruthy();
    const listId = await createList(request, account, title);
    await page.goto(`/lists/${listId}/list`);
    await expect(page.locator('h1.list-view-title')).toHaveText(title);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.slice(0, 2)}`));
    if (language === 'zh-CN') {
      // The stack names a Simplified Chinese font of each system, so none picks a Japanese or Traditional one first.
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Microsoft YaHei');
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1.list-view-title' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const glyphs = fonts.reduce((n, f) => n + f.glyphCount, 0);
    // Every character (spaces included) drawn by an installed font, the language's own where it needs one.
    expect(glyphs).toBe([...title].length);
    expect(fonts.some((f) => font.test(f.familyName))).toBe(true);
    expect(fonts.map((f) => f.familyName).join()).not.toMatch(/LastResort/i);
    await page.screenshot({ path: `/tmp/screens-b-font-${language}.png` });
  });
}

test('a task added offline shows after an immediate reload, before the local copy has kept it', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'outboxstart');
  const listId = await createList(request, account, 'Errands');
  await createTask(request, account, listId, { title: 'Buy brushes' });
  await page.goto(`/lists/${listId}/list`);
  // From the second load on the service worker serves the app, so a reload works offline.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  await expect(page.locator('.task-row')).toHaveCount(1);

  await context.setOffline(true);
  try {
    const add = page.getByRole('combobox', { name: 'Add a task' });
    await add.fill('Added offline');
    await add.press('Enter');
    await expect(page.locator('.task-row', { hasText: 'Added offline' })).toBeVisible();
    await expect(page.getByTestId('outbox-indicator')).toHaveText('Offline · 1 change waiting');
    // At once: the copy's idle-time write has not kept the task yet; the outbox has it.
    await page.reload();
    await expect(page.locator('.task-row', { hasText: 'Added offline' })).toBeVisible();
    await expect(page.locator('.task-row', { hasText: 'Buy brushes' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('outbox-indicator')).toHaveCount(0);
  await expect(page.locator('.task-row', { hasText: 'Added offline' })).toHaveCount(1);
});

test('the overview’s last viewed lists are list cards, with the star', async ({ page, request }) => {
  const account = await signUp(request, page, 'recent');
  const listId = await createList(request, account, 'Weekend');
  await createTask(request, account, listId, { title: 'Fix the bike' });
  await page.goto(`/lists/${listId}/list`);
  await expect(page.locator('.task-row')).toHaveCount(1);
  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Last viewed' });
  const card = recent.locator('.list-card', { hasText: 'Weekend' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Add to favorites: Weekend' }).click();
  await expect(card.getByRole('button', { name: 'Remove from favorites: Weekend' })).toBeVisible();
  const headers = { authorization: `Bearer ${account.token}` };
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/lists/${listId}`, { headers })).json()) as { is_favorite: boolean }).is_favorite)
    .toBe(true);
  await page.screenshot({ path: '/tmp/screens-b-home.png' });
  await recent.getByRole('link', { name: 'Weekend' }).click();
  await expect(page).toHaveURL(new RegExp(`/lists/${listId}/`));
});

test('a toast does not cover the row it talks about: it stays over the sidebar', async ({ page, request }) => {
  const account = await signUp(request, page, 'toast');
  const listId = await createList(request, account, 'Chores');
  for (const title of ['Sweep', 'Dust', 'Mop']) await createTask(request, account, listId, { title });
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto(`/lists/${listId}/list`);
  await expect(page.locator('.task-row')).toHaveCount(3);
  const last = page.locator('.task-row').last();
  const row = (await last.boundingBox())!;
  await last.getByRole('checkbox').check();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const sidebar = (await page.getByRole('complementary', { name: 'Main navigation' }).boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(sidebar.x + sidebar.width);
  expect(box.x + box.width).toBeLessThanOrEqual(row.x);
  await page.screenshot({ path: '/tmp/screens-b-toast.png' });
});

for (const language of ['en', 'de-DE']) {
  test(`the upcoming range menu’s items align (${language})`, async ({ page, request }) => {
    const account = await signUp(request, page, 'range');
    const auth = { authorization: `Bearer ${account.token}` };
    const me = (await (await request.get('/api/v1/user', { headers: auth })).json()) as { settings: Record<string, unknown> };
    expect((await request.post('/api/v1/user/settings/general', { headers: auth, data: { ...me.settings, language } })).ok()).toBeTruthy();
    await page.goto('/tasks/by/upcoming');
    await page.locator('.range-picker > button').click();
    const items = page.locator('.range-presets button');
    await expect(items.first()).toBeVisible();
    // Where each item's text starts, line by line: one column, whatever wraps.
    const starts = await items.evaluateAll((buttons) =>
      buttons.flatMap((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        return [...range.getClientRects()].map((r) => Math.round(r.left));
      }),
    );
    expect(new Set(starts).size).toBe(1);
    await page.screenshot({ path: `/tmp/screens-b-range-${language}.png` });
  });
}

test('at 390 px the upcoming range menu fits the screen', async ({ page, request }) => {
  await signUp(request, page, 'rangephone');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tasks/by/upcoming');
  await page.locator('.range-picker > button').click();
  const popup = page.getByRole('dialog', { name: 'Choose a date range' });
  await expect(popup).toBeVisible();
  const box = (await popup.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/screens-b-range-390.png' });
});

test('screenshots of the changed screens: light, dark, 390 px, German, Chinese', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = await signUp(request, page, 'shots');
  const auth = { authorization: `Bearer ${account.token}` };
  const empty = await createList(request, account, 'Empty');
  const listId = await createList(request, account, 'Garden');
  const task = await createTask(request, account, listId, { title: 'Paint the fence', description: '<p>Blue, two coats.</p>' });
  const me = (await (await request.get('/api/v1/user', { headers: auth })).json()) as { settings: Record<string, unknown> };
  const variants = [
    { name: 'light', language: 'en', scheme: 'light', width: 1280 },
    { name: 'dark', language: 'en', scheme: 'dark', width: 1280 },
    { name: '390', language: 'en', scheme: 'light', width: 390 },
    { name: 'de', language: 'de-DE', scheme: 'light', width: 1280 },
    { name: 'zh', language: 'zh-CN', scheme: 'dark', width: 390 },
  ];
  for (const v of variants) {
    expect((await request.post('/api/v1/user/settings/general', { headers: auth, data: { ...me.settings, language: v.language } })).ok()).toBeTruthy();
    await page.setViewportSize({ width: v.width, height: 844 });
    await page.evaluate((scheme) => localStorage.setItem('color-scheme', scheme), v.scheme).catch(() => undefined);
    await page.goto(`/lists/${empty}/list`);
    await page.evaluate((scheme) => localStorage.setItem('color-scheme', scheme), v.scheme);
    await page.reload();
    await expect(page.locator('.list-empty')).toBeVisible();
    await page.screenshot({ path: `/tmp/screens-b-${v.name}-empty-list.png` });
    await page.goto(`/tasks/${task.id}`);
    await expect(page.locator('.detail-side-main')).toBeVisible();
    await page.screenshot({ path: `/tmp/screens-b-${v.name}-task.png`, fullPage: true });
    await page.goto(`/lists/${listId}/settings/share`);
    await expect(page.locator('.user-picker-field')).toBeVisible();
    await page.screenshot({ path: `/tmp/screens-b-${v.name}-share.png` });
    await page.goto('/tasks/by/upcoming');
    await page.locator('.range-picker > button').click();
    await expect(page.locator('.range-presets button').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/screens-b-${v.name}-range.png` });
    await page.goto('/');
    await expect(page.locator('.list-card').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/screens-b-${v.name}-home.png` });
  }
});
