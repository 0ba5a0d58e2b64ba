// Settings end to end in Chromium against the real server: language, two-factor login, deletion and its cancellation,
// export and re-import into another account, and an avatar cropped to a square.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

const port = Number(process.env.E2E_PORT ?? 3499);
const origin = `http://127.0.0.1:${port}`;
const api = `${origin}/api/v1`;
const password = 'correct horse battery';
const mailDir = path.resolve('.tmp/e2e-data/mail');

interface Account {
  username: string;
  token: string;
}

let counter = 0;
async function createAccount(request: APIRequestContext, prefix: string): Promise<Account> {
  counter += 1;
  const username = `${prefix}${Date.now()}${counter}`;
  const reg = await request.post(`${api}/register`, { data: { username, email: `${username}@example.com`, password } });
  expect(reg.ok()).toBeTruthy();
  const login = await request.post(`${api}/login`, { data: { username, password } });
  expect(login.ok()).toBeTruthy();
  return { username, token: ((await login.json()) as { token: string }).token };
}

/** Signs the page in by storing the token before any script of the app runs. */
async function signIn(page: Page, account: Account) {
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', token);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, account.token);
}

function auth(account: Account) {
  return { Authorization: `Bearer ${account.token}` };
}

/** The newest mail to an address containing `marker`, with quoted-printable soft breaks and escapes undone. */
function latestMail(to: string, marker: string): string {
  const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml')).sort().reverse();
  for (const f of files) {
    const raw = readFileSync(path.join(mailDir, f), 'utf8');
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (text.includes(to) && text.includes(marker)) return text;
  }
  throw new Error(`no mail to ${to} with ${marker}`);
}

test('choosing German in the general settings shows the interface in German', async ({ page, request }) => {
  const account = await createAccount(request, 'lang');
  await signIn(page, account);
  await page.goto('/user/settings/general');
  await page.getByLabel('Language').selectOption('de-DE');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Einstellungen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Übersicht', exact: true })).toBeVisible();
  await expect(page.getByLabel('Sprache')).toHaveValue('de-DE');

  // Stored in the account: a reload (and another browser) keeps German.
  const me = await request.get(`${api}/user`, { headers: auth(account) });
  expect(((await me.json()) as { settings: { language: string } }).settings.language).toBe('de-DE');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Allgemeine Einstellungen' })).toBeVisible();
});

test('two-factor authentication: enrol with the QR code, enable with a passcode, log in with one', async ({ page, request }) => {
  const account = await createAccount(request, 'totp');
  await signIn(page, account);
  await page.goto('/user/settings/totp');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // The server's image really loaded (not a broken image).
  await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await page.getByLabel('Secret key').textContent())!.trim();
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(page.getByText('Two-factor authentication is enabled for your account.')).toBeVisible();

  // Log out, then in: the server asks for the code, which the authenticator computes.
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username or e-mail address').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const code = page.getByLabel('Two-factor authentication code');
  await expect(code).toBeVisible();
  await code.fill(totp.generate());
  await page.getByRole('button', { name: 'Login' }).click();
  // Signed in: back on the page visited last, with the account's menu.
  await expect(page.getByRole('button', { name: new RegExp(`^User menu: ${account.username}`) })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});

test('account deletion: request with the password, confirm by the mailed link, see the notice, cancel it', async ({ page, request }) => {
  const account = await createAccount(request, 'del');
  await signIn(page, account);
  await page.goto('/user/settings/deletion');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await page.getByLabel('Enter your password to continue').fill(password);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Check your inbox: we sent you a link to confirm the deletion.')).toBeVisible();

  const mail = latestMail(`${account.username}@example.com`, 'accountDeletionConfirm=');
  const token = /accountDeletionConfirm=([A-Za-z0-9_-]+)/.exec(mail)![1];
  await page.goto(`/?accountDeletionConfirm=${token}`);
  await expect(page.getByText('You have confirmed the deletion of your account. It will be deleted in three days.')).toBeVisible();
  const notice = page.locator('.home-deletion');
  await expect(notice).toContainText('Your account is scheduled for deletion on');

  await notice.getByRole('link', { name: 'Cancel the deletion' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/deletion$/);
  await page.getByLabel('Enter your password to cancel the deletion').fill(password);
  await page.getByRole('button', { name: 'Cancel the deletion' }).click();
  await expect(page.getByText('The deletion of your account was cancelled.')).toBeVisible();
  const me = await request.get(`${api}/user`, { headers: auth(account) });
  expect(((await me.json()) as { deletion_scheduled_at: string }).deletion_scheduled_at).toMatch(/^0001/);
  await page.getByRole('link', { name: 'Overview', exact: true }).click();
  await expect(page.locator('.home-deletion')).toHaveCount(0);
});

test('export one account and import the zip into another: tasks, labels and the attachment arrive', async ({ page, request, browser }, testInfo) => {
  const a = await createAccount(request, 'expa');
  // Content to carry over.
  const ns = (await (await request.put(`${api}/namespaces`, { headers: auth(a), data: { title: 'Round trip' } })).json()) as { id: number };
  const list = (await (await request.put(`${api}/namespaces/${ns.id}/lists`, { headers: auth(a), data: { title: 'Moving boxes' } })).json()) as { id: number };
  const task = (await (await request.put(`${api}/lists/${list.id}`, { headers: auth(a), data: { title: 'Pack the books' } })).json()) as { id: number };
  await request.put(`${api}/lists/${list.id}`, { headers: auth(a), data: { title: 'Label the kitchen box' } });
  const label = (await (await request.put(`${api}/labels`, { headers: auth(a), data: { title: 'fragile' } })).json()) as { id: number };
  expect((await request.put(`${api}/tasks/${task.id}/labels`, { headers: auth(a), data: { label_id: label.id } })).ok()).toBeTruthy();
  const upload = await request.put(`${api}/tasks/${task.id}/attachments`, {
    headers: auth(a),
    multipart: { files: { name: 'inventory.txt', mimeType: 'text/plain', buffer: Buffer.from('12 boxes of books') } },
  });
  expect(upload.ok()).toBeTruthy();

  await signIn(page, a);
  await page.goto('/user/settings/data-export');
  await page.getByLabel('Enter your password to continue').fill(password);
  await page.getByRole('button', { name: 'Request a data export' }).click();
  await expect(page.getByText('Your data export was requested.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the download page' }).click();
  await expect(page).toHaveURL(/\/user\/export\/download$/);
  await page.getByLabel('Enter your password to continue').fill(password);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const zipPath = testInfo.outputPath('export.zip');
  await download.saveAs(zipPath);

  // A second person imports it on the migrate pages.
  const b = await createAccount(request, 'expb');
  const context = await browser.newContext();
  const pageB = await context.newPage();
  await signIn(pageB, b);
  await pageB.goto('/migrate');
  await pageB.getByRole('link', { name: /Keyflow or Vikunja export/ }).click();
  await expect(pageB).toHaveURL(/\/migrate\/vikunja-file$/);
  await pageB.getByRole('button', { name: 'Import' }).click();
  await expect(pageB.getByText('Please choose a file to import.')).toBeVisible();
  await pageB.getByLabel('Export file').setInputFiles(zipPath);
  await pageB.getByRole('button', { name: 'Import' }).click();
  await expect(pageB.getByText('Everything from Keyflow or Vikunja export was imported.')).toBeVisible();

  const tasks = (await (await request.get(`${api}/tasks/all`, { headers: auth(b) })).json()) as { id: number; title: string; labels: { title: string }[] | null }[];
  const books = tasks.find((t) => t.title === 'Pack the books');
  expect(books).toBeTruthy();
  expect(tasks.map((t) => t.title)).toContain('Label the kitchen box');
  expect((books!.labels ?? []).map((l) => l.title)).toContain('fragile');
  const attachments = (await (await request.get(`${api}/tasks/${books!.id}/attachments`, { headers: auth(b) })).json()) as { file: { name: string } }[];
  expect(attachments.map((x) => x.file.name)).toContain('inventory.txt');

  // The imported list shows in B's navigation.
  await pageB.goto('/');
  await expect(pageB.getByText('Moving boxes').first()).toBeVisible();

  // Importing again: the warning, and nothing runs until the person confirms.
  await pageB.goto('/migrate/vikunja-file');
  await expect(pageB.getByText(/You already imported from Keyflow or Vikunja export on/)).toBeVisible();
  await expect(pageB.getByRole('button', { name: 'Import' })).toBeDisabled();
  await pageB.getByLabel('Yes, import again').check();
  await expect(pageB.getByRole('button', { name: 'Import' })).toBeEnabled();
  await context.close();
});

test('avatar: upload an image cropped to a square with the keyboard', async ({ page, request }) => {
  const account = await createAccount(request, 'avatar');
  await signIn(page, account);
  // A wide PNG (a QR code stretched is not needed: any PNG; this one is 330 px square, then cropped smaller).
  const png = await QRCode.toBuffer('keyflow avatar', { type: 'png', width: 330, margin: 1 });
  await page.goto('/user/settings/avatar');
  await page.getByLabel('Upload an image').check();
  await page.getByLabel('Choose an image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const area = page.getByRole('group', { name: 'Image crop area' });
  await expect(area).toBeVisible();
  await area.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(page.getByRole('img', { name: 'Preview of the cropped avatar' })).toBeVisible();
  const sent = page.waitForRequest((r) => r.url().endsWith('/user/settings/avatar/upload') && r.method() === 'PUT');
  await page.getByRole('button', { name: 'Upload' }).click();
  await sent;
  await expect(page.getByText('The avatar was changed.')).toBeVisible();

  const provider = await request.get(`${api}/user/settings/avatar`, { headers: auth(account) });
  expect(((await provider.json()) as { avatar_provider: string }).avatar_provider).toBe('upload');
  // The stored image is the square crop: 330 × 0.81 ≈ 267 px on each side.
  const image = await request.get(`${api}/avatar/${account.username}?size=1024`);
  expect(image.ok()).toBeTruthy();
  const bytes = await image.body();
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    expect(width).toBe(height);
  }
});
