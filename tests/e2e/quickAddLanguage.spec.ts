// Quick-add in the interface language end to end (issue #23): a German user's "morgen um 17 Uhr" becomes the due date, the help shows German examples;
// then each of the thirteen locales in turn on one account: a translated add-task screen, and its word for tomorrow read as the due date.
import { expect, test } from '@playwright/test';
import { api, createList, password, signUp, type Account } from './helpers';

test('German: "Milch kaufen morgen um 17 Uhr" stores tomorrow 17:00 and the title "Milch kaufen"', async ({ page, request }) => {
  const account = await signUp(request, page, 'qade');
  await page.addInitScript(() => window.localStorage.setItem('language', 'de-DE'));
  const listId = await createList(request, account, 'Einkauf');
  await page.goto(`/lists/${listId}`);
  const input = page.getByRole('combobox', { name: 'Aufgabe hinzufügen' });
  await input.fill('Milch kaufen morgen um 17 Uhr');
  await expect(page.locator('.add-task-backdrop mark')).toHaveText(['morgen um 17 Uhr']);

  await page.getByRole('button', { name: 'Hilfe zur Schnelleingabe' }).click();
  const help = page.getByRole('note');
  await expect(help).toContainText('Auch auf Deutsch: morgen um 17 Uhr');
  await page.getByRole('button', { name: 'Hilfe zur Schnelleingabe' }).click();

  await input.press('Enter');
  await expect(page.getByRole('link', { name: 'Milch kaufen' })).toBeVisible();
  const [task] = await api<{ title: string; due_date: string }[]>(request, account, `/lists/${listId}/tasks`);
  expect(task.title).toBe('Milch kaufen');
  const expected = new Date();
  expected.setDate(expected.getDate() + 1);
  expected.setHours(17, 0, 0, 0);
  expect(new Date(task.due_date).getTime()).toBe(expected.getTime());

  // "every weekday" cannot be stored: the words stay and a hint says why.
  await input.fill('Post lesen every weekday');
  await expect(page.getByRole('status').filter({ hasText: 'every weekday' })).toBeVisible();
  await expect(page.locator('.add-task-backdrop mark')).toHaveCount(0);

  if (process.env.SCREENSHOTS) {
    // Looked at by hand while building (light, dark, 390 px); not part of the assertions.
    await page.screenshot({ path: '.tmp/shots/quickadd-hint-light.png' });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByRole('combobox', { name: 'Aufgabe hinzufügen' }).fill('Milch kaufen morgen um 17 Uhr');
    await page.getByRole('button', { name: 'Hilfe zur Schnelleingabe' }).click();
    await page.screenshot({ path: '.tmp/shots/quickadd-help-390-dark.png' });
  }
});

/** The next such day and month at the given time, as quick-add reads a date without a year (this year unless past). */
function nextDayOfMonth(month: number, day: number, hours: number): Date {
  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  let date = new Date(now.getFullYear(), month, day, hours);
  if (date < today) date = new Date(now.getFullYear() + 1, month, day, hours);
  return date;
}

const tomorrowAt = (hours: number) => {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(hours, 0, 0, 0);
  return d;
};

interface Line {
  line: string;
  /** The words quick-add marks as the date. */
  marked: string;
  title: string;
  due: () => Date;
}

interface Language {
  locale: string;
  /** The <html lang> the app sets for it. */
  lang: string;
  /** The add-task field's and the help button's accessible names: the translated screen. */
  field: string;
  help: string;
  /** A line of the syntax help in this language (its own date words, for all but English). */
  examples: string;
  lines: Line[];
}

// All thirteen locales of the spec, each with "tomorrow at 17:00" in its own words (titles differ: one list holds all).
const LANGUAGES: Language[] = [
  {
    locale: 'en', lang: 'en', field: 'Add a task', help: 'Quick-add syntax help', examples: 'Due date: today, tonight, tomorrow (tmrw)',
    lines: [{ line: 'Buy milk tomorrow at 17:00', marked: 'tomorrow at 17:00', title: 'Buy milk', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'de-DE', lang: 'de-DE', field: 'Aufgabe hinzufügen', help: 'Hilfe zur Schnelleingabe', examples: 'Auch auf Deutsch: morgen um 17 Uhr',
    lines: [{ line: 'Brot kaufen morgen um 17 Uhr', marked: 'morgen um 17 Uhr', title: 'Brot kaufen', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'de-swiss', lang: 'de-CH', field: 'Aufgabe hinzufügen', help: 'Hilfe zur Schnelleingabe', examples: 'Auch auf Deutsch: morgen um 17 Uhr',
    lines: [{ line: 'Velo putzen morgen um 17 Uhr', marked: 'morgen um 17 Uhr', title: 'Velo putzen', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'fr-FR', lang: 'fr-FR', field: 'Ajouter une tâche', help: 'Aide sur la saisie rapide', examples: 'Aussi en français : demain à 17h',
    lines: [
      { line: 'Acheter du pain demain à 17h', marked: 'demain à 17h', title: 'Acheter du pain', due: () => tomorrowAt(17) },
      { line: 'Rendre le rapport le 15 décembre à 9h', marked: 'le 15 décembre à 9h', title: 'Rendre le rapport', due: () => nextDayOfMonth(11, 15, 9) },
    ],
  },
  {
    locale: 'ru-RU', lang: 'ru-RU', field: 'Добавить задачу', help: 'Справка по быстрому добавлению', examples: 'И по-русски: завтра в 17:00',
    lines: [
      { line: 'Купить хлеб завтра в 17:00', marked: 'завтра в 17:00', title: 'Купить хлеб', due: () => tomorrowAt(17) },
      { line: 'Позвонить маме 15 декабря в 17:00', marked: '15 декабря в 17:00', title: 'Позвонить маме', due: () => nextDayOfMonth(11, 15, 17) },
    ],
  },
  {
    locale: 'pl-PL', lang: 'pl-PL', field: 'Dodaj zadanie', help: 'Pomoc do składni szybkiego dodawania', examples: 'Także po polsku: jutro o 17:00',
    lines: [{ line: 'Kupić mleko jutro o 17', marked: 'jutro o 17', title: 'Kupić mleko', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'cs-CZ', lang: 'cs-CZ', field: 'Přidat úkol', help: 'Nápověda k syntaxi rychlého přidání', examples: 'Také česky: zítra v 17:00',
    lines: [{ line: 'Koupit mléko zítra v 17:00', marked: 'zítra v 17:00', title: 'Koupit mléko', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'it-IT', lang: 'it-IT', field: "Aggiungi un'attività", help: "Guida alla sintassi dell'aggiunta rapida", examples: 'Anche in italiano: domani alle 17',
    lines: [{ line: 'Comprare il latte domani alle 17', marked: 'domani alle 17', title: 'Comprare il latte', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'nl-NL', lang: 'nl-NL', field: 'Een taak toevoegen', help: 'Hulp bij de syntaxis voor snel toevoegen', examples: 'Ook in het Nederlands: morgen om 17:00',
    lines: [{ line: 'Melk kopen morgen om 17:00', marked: 'morgen om 17:00', title: 'Melk kopen', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'pt-PT', lang: 'pt-PT', field: 'Adicionar uma tarefa', help: 'Ajuda sobre a sintaxe da adição rápida', examples: 'Também em português: amanhã às 17h',
    lines: [{ line: 'Comprar pão amanhã às 17h', marked: 'amanhã às 17h', title: 'Comprar pão', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'no-NO', lang: 'nb-NO', field: 'Legg til en oppgave', help: 'Hjelp til syntaksen for hurtigtillegg', examples: 'Også på norsk: i morgen kl 17',
    lines: [{ line: 'Kjøpe melk i morgen kl 17', marked: 'i morgen kl 17', title: 'Kjøpe melk', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'vi-VN', lang: 'vi-VN', field: 'Thêm công việc', help: 'Trợ giúp cú pháp thêm nhanh', examples: 'Cũng bằng tiếng Việt: ngày mai lúc 17h',
    lines: [{ line: 'Mua sữa ngày mai lúc 17h', marked: 'ngày mai lúc 17h', title: 'Mua sữa', due: () => tomorrowAt(17) }],
  },
  {
    locale: 'zh-CN', lang: 'zh-CN', field: '添加任务', help: '快速添加语法帮助', examples: '也可以用中文：明天下午3点',
    lines: [{ line: '买牛奶 明天下午5点', marked: '明天下午5点', title: '买牛奶', due: () => tomorrowAt(17) }],
  },
];

test.describe('quick-add in every language', () => {
  // One account and one list for all thirteen (made again only if a failure restarts the worker); each test switches
  // the account's language through the settings API, which the app follows on load.
  let account: Account;
  let listId: number;
  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const username = `qall${Date.now()}`;
    expect((await request.post('/api/v1/register', { data: { username, email: `${username}@example.com`, password } })).ok()).toBeTruthy();
    const { token } = (await (await request.post('/api/v1/login', { data: { username, password } })).json()) as { token: string };
    const namespaces = (await (await request.get('/api/v1/namespaces', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number }[];
    account = { token, namespaceId: namespaces.find((n) => n.id > 0)!.id };
    listId = await createList(request, account, 'Liste');
    await request.dispose();
  });

  for (const lang of LANGUAGES) {
    test(`${lang.locale}: the add-task screen is translated and "${lang.lines[0].line}" stores "${lang.lines[0].title}" due ${lang.lines[0].marked}`, async ({ page, request }) => {
      const headers = { authorization: `Bearer ${account.token}` };
      const me = (await (await request.get('/api/v1/user', { headers })).json()) as { settings: Record<string, unknown> };
      expect((await request.post('/api/v1/user/settings/general', { headers, data: { ...me.settings, language: lang.locale } })).ok()).toBeTruthy();
      await page.addInitScript((t) => window.localStorage.setItem('token', t), account.token);
      await page.goto(`/lists/${listId}`);

      // The account's language is the app's: the field, the help and <html lang> speak it.
      const input = page.getByRole('combobox', { name: lang.field, exact: true });
      await expect(input).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang.lang);
      await page.getByRole('button', { name: lang.help }).click();
      await expect(page.getByRole('note')).toContainText(lang.examples);
      await page.getByRole('button', { name: lang.help }).click();

      for (const item of lang.lines) {
        await input.fill(item.line);
        await expect(page.locator('.add-task-backdrop mark')).toHaveText([item.marked]);
        await input.press('Enter');
        // Added: the field empties (the list below it is long by now, so the new row may be out of view).
        await expect(input).toHaveValue('');
        const stored = async () => (await api<{ title: string; due_date: string }[]>(request, account, `/lists/${listId}/tasks`)).find((t) => t.title === item.title);
        await expect.poll(stored, { message: `a task titled "${item.title}"` }).toBeDefined();
        expect(new Date((await stored())!.due_date).getTime()).toBe(item.due().getTime());
      }
    });
  }
});
