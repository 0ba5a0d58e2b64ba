// axe-core over every screen a signed-in person reaches, light and dark: any serious or critical violation fails.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, createList, createTask, signUp, type Account } from './helpers';

const IMPACTS_THAT_FAIL = new Set(['serious', 'critical']);

/** The screens, by path, with what must be on screen before the audit runs (so it never audits a spinner). */
function screens(listId: number, taskId: number, teamId: number): { name: string; path: string; ready: (page: Page) => Promise<void> }[] {
  const heading = (page: Page) => expect(page.locator('main h1, main h2').first()).toBeVisible();
  return [
    { name: 'home', path: '/', ready: heading },
    { name: 'upcoming', path: '/tasks/by/upcoming', ready: heading },
    { name: 'namespaces', path: '/namespaces', ready: heading },
    { name: 'labels', path: '/labels', ready: (page) => expect(page.getByText('Errands').first()).toBeVisible() },
    { name: 'teams', path: '/teams', ready: heading },
    { name: 'team edit', path: `/teams/${teamId}/edit`, ready: heading },
    { name: 'list', path: `/lists/${listId}/list`, ready: (page) => expect(page.getByText('Buy milk').first()).toBeVisible() },
    { name: 'table', path: `/lists/${listId}/table`, ready: (page) => expect(page.getByText('Buy milk').first()).toBeVisible() },
    { name: 'kanban', path: `/lists/${listId}/kanban`, ready: (page) => expect(page.locator('.kanban-card').first()).toBeVisible() },
    { name: 'gantt', path: `/lists/${listId}/gantt`, ready: (page) => expect(page.locator('.gantt-bar').first()).toBeVisible() },
    { name: 'task detail', path: `/tasks/${taskId}`, ready: (page) => expect(page.getByRole('textbox', { name: 'Task title' })).toHaveValue('Buy milk') },
    { name: 'settings', path: '/user/settings/general', ready: heading },
    { name: 'new saved filter', path: '/filters/new', ready: heading },
    { name: 'list settings', path: `/lists/${listId}/settings/edit`, ready: heading },
  ];
}

async function seed(request: Parameters<typeof signUp>[0], account: Account) {
  const headers = { authorization: `Bearer ${account.token}` };
  const listId = await createList(request, account, 'Weekend Errands');
  const label = (await (await request.put('/api/v1/labels', { headers, data: { title: 'Errands', hex_color: 'e8e8e8' } })).json()) as { id: number };
  const today = new Date();
  const inDays = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString();
  const task = await createTask(request, account, listId, { title: 'Buy milk', priority: 4, due_date: inDays(1), start_date: inDays(0), end_date: inDays(3) });
  await request.put(`/api/v1/tasks/${task.id}/labels`, { headers, data: { label_id: label.id } });
  await createTask(request, account, listId, { title: 'Post letters', done: true, start_date: inDays(1), end_date: inDays(2), hex_color: 'ffcc00' });
  await createTask(request, account, listId, { title: 'Call the plumber', due_date: inDays(-2) });
  const team = (await (await request.put('/api/v1/teams', { headers, data: { name: 'Household' } })).json()) as { id: number };
  return { listId, taskId: task.id, teamId: team.id };
}

for (const scheme of ['light', 'dark'] as const) {
  test(`no serious or critical axe violations on any screen (${scheme})`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const account = await signUp(request, page, `axe${scheme}`);
    const { listId, taskId, teamId } = await seed(request, account);
    await page.addInitScript((s) => window.localStorage.setItem('color-scheme', s), scheme);
    expect((await api<{ id: number }[]>(request, account, `/lists/${listId}/tasks`)).length).toBe(3);

    const found: string[] = [];
    for (const screen of screens(listId, taskId, teamId)) {
      await page.goto(screen.path);
      await expect(page.locator('.app-shell')).toBeVisible();
      await screen.ready(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      // Animations and transitions settle first: axe reads colours mid-fade otherwise.
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations) {
        if (!IMPACTS_THAT_FAIL.has(v.impact ?? '')) continue;
        for (const node of v.nodes) found.push(`${screen.name}: ${v.id} (${v.impact}) ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
      }
    }
    // The palette over a list, with ranked results, an unavailable command and the create offers.
    await page.goto(`/lists/${listId}/list`);
    await expect(page.getByText('Buy milk').first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Quick actions' });
    await expect(palette.getByRole('combobox')).toBeFocused();
    await page.keyboard.type('move');
    await expect(palette.getByRole('option').first()).toContainText('Move the selected tasks');
    await page.waitForTimeout(300);
    for (const v of (await new AxeBuilder({ page }).include('.palette').analyze()).violations) {
      if (!IMPACTS_THAT_FAIL.has(v.impact ?? '')) continue;
      for (const node of v.nodes) found.push(`palette: ${v.id} (${v.impact}) ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
    }
    // The date picker's calendar, open over the task detail.
    await page.goto(`/tasks/${taskId}`);
    await page.getByRole('button', { name: 'Due date: choose in a calendar' }).click();
    await expect(page.getByRole('dialog', { name: 'Due date: calendar' }).getByRole('grid')).toBeVisible();
    await page.waitForTimeout(300);
    for (const v of (await new AxeBuilder({ page }).include('.date-picker-calendar').analyze()).violations) {
      if (!IMPACTS_THAT_FAIL.has(v.impact ?? '')) continue;
      for (const node of v.nodes) found.push(`calendar: ${v.id} (${v.impact}) ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('on a phone the top bar shows icons, and its buttons keep their names for screen readers and speech input', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const account = await signUp(request, page, 'phonebar');
  const listId = await createList(request, account, 'Phone');
  await page.goto(`/lists/${listId}/list`);
  const search = page.getByRole('button', { name: 'Search or run a command' });
  await expect(search).toBeVisible();
  await context.setOffline(true);
  const outbox = page.getByRole('button', { name: 'Offline', exact: true });
  await expect(outbox).toBeVisible();
  // The words are there for the name, not on screen: the icon alone fits the bar.
  for (const words of [search.locator('.search-button-text'), outbox.locator('.outbox-long')]) expect((await words.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  expect((await outbox.boundingBox())!.width).toBeLessThan(60);
  await context.close();
});
