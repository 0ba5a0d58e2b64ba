// The local copy in Chromium: a list loaded online shows again after a reload without network (from IndexedDB and
// the service worker's shell, no offline screen), the server's changes replace it when the network is back, and
// signing out deletes the database.
import { expect, test, type Page } from '@playwright/test';
import { createList, createTask, signUp } from './helpers';

/** The names of this origin's local copies (IndexedDB databases named keyflow:<API address>:<user id>). */
function copies(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('keyflow:')));
}

/** The titles of the tasks the one local copy of this origin holds. */
function copiedTitles(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.startsWith('keyflow:'));
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!db.objectStoreNames.contains('taskShards')) return [];
      // The tasks are kept in shards of many tasks each (src/local/localDb.ts).
      const shards = await new Promise<{ tasks: { title: string }[] }[]>((resolve, reject) => {
        const req = db.transaction('taskShards').objectStore('taskShards').getAll();
        req.onsuccess = () => resolve(req.result as { tasks: { title: string }[] }[]);
        req.onerror = () => reject(req.error);
      });
      return shards.flatMap((s) => s.tasks.map((t) => t.title)).sort();
    } finally {
      db.close();
    }
  });
}

/** Waits until the service worker controls the page (it does from the second load on), so a reload works offline. */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)).toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
}

/** Offline: quick-adds `added`, marks `done` as done, and sees both waiting in the outbox. */
async function addAndCompleteOffline(page: Page, added: string, done: string): Promise<void> {
  const add = page.getByRole('combobox', { name: 'Add a task' });
  await add.fill(added);
  await add.press('Enter');
  await expect(page.locator('.task-row', { hasText: added })).toBeVisible();
  await page.getByRole('checkbox', { name: `Mark “${done}” as done` }).check();
  await expect(page.getByTestId('outbox-indicator')).toHaveText('Offline · 2 changes waiting');
}

test('a list loaded online shows after an offline reload, refreshes when the network is back, and signing out deletes the copy', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'local');
  const listId = await createList(request, account, 'Garden');
  const titles = ['Paint the fence', 'Buy brushes', 'Water the roses'];
  for (const title of titles) await createTask(request, account, listId, { title });

  await page.goto(`/lists/${listId}/list`);
  await expect(page.locator('.task-row')).toHaveCount(3);
  await controlledByWorker(page);
  await expect(page.locator('.task-row')).toHaveCount(3);
  await expect.poll(() => copiedTitles(page)).toEqual([...titles].sort());

  await context.setOffline(true);
  try {
    await page.reload();
    // The list, its tasks and the navigation come from the copy; the app is not covered by the offline screen.
    await expect(page.locator('#main').getByRole('heading', { level: 1, name: 'Garden' })).toBeVisible();
    for (const title of titles) await expect(page.locator('.task-row', { hasText: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Garden' }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'You are offline.' })).toHaveCount(0);
    // The list shows as the copy knows it: its failed reload is not an error to show.
    await page.waitForTimeout(1_000);
    await expect(page.locator('[data-sonner-toast]', { hasText: `/lists/${listId}` })).toHaveCount(0);

    // Meanwhile someone adds a task on the server.
    await createTask(request, account, listId, { title: 'Mow the lawn' });
    await page.waitForTimeout(300);
    await expect(page.locator('.task-row', { hasText: 'Mow the lawn' })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
  // Back online: the loads run again and the server's list replaces the copy's.
  await expect(page.locator('.task-row', { hasText: 'Mow the lawn' })).toBeVisible();
  await expect(page.locator('.task-row')).toHaveCount(4);

  expect(await copies(page)).toHaveLength(1);
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => copies(page)).toEqual([]);
});

test('changes made offline survive an offline reload: shown from the copy, still waiting in the outbox, then on the server', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'localoutbox');
  const listId = await createList(request, account, 'Errands');
  const paint = await createTask<{ id: number }>(request, account, listId, { title: 'Paint the fence' });
  await createTask(request, account, listId, { title: 'Buy brushes' });

  await page.goto(`/lists/${listId}/list`);
  await controlledByWorker(page);
  await expect(page.locator('.task-row')).toHaveCount(2);

  await context.setOffline(true);
  try {
    await addAndCompleteOffline(page, 'Bought offline', 'Paint the fence');
    await expect.poll(() => copiedTitles(page)).toContain('Bought offline');

    await page.reload();
    await expect(page.locator('.task-row', { hasText: 'Bought offline' })).toBeVisible();
    await expect(page.locator('.task-row', { hasText: 'Buy brushes' })).toBeVisible();
    await expect(page.locator('.task-row', { hasText: 'Paint the fence' })).toHaveCount(0);
    await expect(page.getByTestId('outbox-indicator')).toHaveText('Offline · 2 changes waiting');
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('outbox-indicator')).toHaveCount(0);
  const headers = { authorization: `Bearer ${account.token}` };
  const onServer = (await (await request.get(`/api/v1/lists/${listId}/tasks`, { headers })).json()) as { title: string }[];
  expect(onServer.map((t) => t.title).sort()).toEqual(['Bought offline', 'Buy brushes', 'Paint the fence']);
  expect(((await (await request.get(`/api/v1/tasks/${paint.id}`, { headers })).json()) as { done: boolean }).done).toBe(true);
  await expect(page.locator('.task-row', { hasText: 'Bought offline' })).toHaveCount(1);
  await expect(page.locator('.task-row')).toHaveCount(2);
});

test('changes made offline in a tab closed before the network came back are sent when the app is opened again', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'closedtab');
  const listId = await createList(request, account, 'Garden');
  const water = await createTask<{ id: number }>(request, account, listId, { title: 'Water the roses' });

  await page.goto(`/lists/${listId}/list`);
  await controlledByWorker(page);
  await expect(page.locator('.task-row')).toHaveCount(1);

  await context.setOffline(true);
  try {
    await addAndCompleteOffline(page, 'Cut the hedge', 'Water the roses');
    await page.close();
  } finally {
    await context.setOffline(false);
  }

  const headers = { authorization: `Bearer ${account.token}` };
  const titles = async () => ((await (await request.get(`/api/v1/lists/${listId}/tasks`, { headers })).json()) as { title: string }[]).map((t) => t.title).sort();
  // Nothing was sent while the tab was closed.
  expect(await titles()).toEqual(['Water the roses']);

  const reopened = await context.newPage();
  await reopened.goto('/');
  await expect.poll(titles).toEqual(['Cut the hedge', 'Water the roses']);
  await expect.poll(async () => ((await (await request.get(`/api/v1/tasks/${water.id}`, { headers })).json()) as { done: boolean }).done).toBe(true);
  await expect(reopened.getByTestId('outbox-indicator')).toHaveCount(0);
});

/** The paths whose last screen this origin keeps (src/local/screens.ts: local storage, per server and user). */
function keptScreens(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('keyflow-screens:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { path: string }[]).map((s) => s.path) : [];
  });
}

test('a reload shows the last screen of the list at once, before the app has run, and the app then takes its place', async ({ page, context, request }) => {
  const account = await signUp(request, page, 'screen');
  const listId = await createList(request, account, 'Kitchen');
  for (const title of ['Descale the kettle', 'Sharpen the knives']) await createTask(request, account, listId, { title });

  await page.goto(`/lists/${listId}/list`);
  await controlledByWorker(page);
  await expect(page.locator('.task-row')).toHaveCount(2);
  await expect.poll(() => keptScreens(page)).toContain(`/lists/${listId}/list`);

  // When the picture shows its rows (in its closed shadow root, which only a hook on attachShadow can look into), and
  // when the app's own rows (in #root) are there.
  await page.addInitScript(() => {
    const w = window as unknown as { __appRows?: number; __screenRows?: number; __screenTitles?: string[] };
    const shadows: ShadowRoot[] = [];
    const check = () => {
      const row = shadows.map((r) => r.querySelector('.task-row')).find(Boolean);
      if (row && w.__screenRows === undefined) {
        w.__screenRows = performance.now();
        w.__screenTitles = shadows.flatMap((r) => [...r.querySelectorAll('.task-row')].map((e) => e.textContent ?? ''));
      }
      if (w.__appRows === undefined && document.querySelector('#root .task-row')) w.__appRows = performance.now();
    };
    const observer = new MutationObserver(check);
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init: ShadowRootInit) {
      const root = attach.call(this, init);
      shadows.push(root);
      observer.observe(root, { childList: true, subtree: true });
      return root;
    };
    observer.observe(document, { childList: true, subtree: true });
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('#root .task-row')).toHaveCount(2);
    // The picture is gone once the app shows the list; it was up before the app's rows, and showed the same tasks.
    await expect(page.locator('#kf-screen')).toHaveCount(0);
    const times = await page.evaluate(() => {
      const w = window as unknown as { __appRows?: number; __screenRows?: number; __screenTitles?: string[] };
      return { screen: w.__screenRows ?? null, app: w.__appRows ?? null, titles: w.__screenTitles ?? [], mark: performance.getEntriesByName('keyflow:screen-shown').length };
    });
    expect(times.mark).toBe(1);
    expect(times.screen).not.toBeNull();
    expect(times.screen!).toBeLessThan(times.app!);
    expect(times.titles.join(' | ')).toMatch(/Descale the kettle.*Sharpen the knives/);
    // Nothing in the page finds the picture's copies of the rows: locators and the app see the app's own only.
    await expect(page.locator('.task-row')).toHaveCount(2);
    // Keyboard-first from the start: the list has the focus for j/k.
    await page.keyboard.press('j');
    await expect(page.locator('#root [data-kbd-focused="true"] .task-row')).toContainText('Descale the kettle');
  } finally {
    await context.setOffline(false);
  }
});
