// Settings, 'Where you are signed in' (docs/decisions/0038), on a phone: the account's browsers and
// API tokens in one list, a token revoked there, and an intruder's session and token ended by the
// owner's password reset, followed from the mails the e2e server's catcher writes.
import { linkFromMail, mailedLink } from './support/mail';
import { expect, test, type Locator, type Page } from './support/test';

const PORT = Number(process.env.E2E_PORT ?? 8799);
const BASE = `http://localhost:${PORT}`;
const unique = () => `w${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

// A phone held in one hand (docs/decisions/0023), which says what it is as Chrome on Android does:
// the list names each browser from the User-Agent its sign-in came with.
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
// Registrations and mails are limited per client: this spec counts against an address of its own.
const client = { 'CF-Connecting-IP': `10.38.0.${1 + Math.floor(Math.random() * 250)}` };
test.use({ ...PHONE, userAgent: CHROME_ON_ANDROID, extraHTTPHeaders: client });
// 401 (an ended session, a revoked token) is the behaviour under test; Chromium logs such answers as failed resources.
test.use({ allowedConsoleErrors: [/status of 401/] });

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function register(page: Page): Promise<{ username: string; email: string }> {
  const username = unique();
  const email = `${username}@example.com`;
  const res = await page.request.post('/api/auth/register', {
    data: { username, email, password: 'secret-pass', isInternalLogin: false },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, email };
}

const whereSignedIn = (page: Page) => page.getByRole('region', { name: 'Where you are signed in' });
const accessList = (page: Page) => whereSignedIn(page).getByRole('list', { name: 'Browsers and API tokens' });
const rowOf = (list: Locator, text: string) => list.getByRole('listitem').filter({ hasText: text });
/** The browsers' rows (a token's row says 'Created', never 'Signed in'). */
const browserRows = (list: Locator) => list.getByRole('listitem').filter({ hasText: /Signed in [A-Z][a-z]{2} / });

/** Creates a token with Settings' form and returns it (shown once). */
async function createToken(page: Page, name: string): Promise<string> {
  const section = page.getByRole('region', { name: 'API tokens', exact: true });
  await section.getByLabel('Token name').fill(name);
  await section.getByRole('button', { name: 'Create token' }).tap();
  const shown = section.getByRole('textbox', { name: 'New API token' });
  await expect(shown).toHaveValue(/^amk_/);
  const token = await shown.inputValue();
  await section.getByRole('button', { name: 'Done' }).tap();
  return token;
}

/** The link of the mail that tells `to` a token was made for their account (only that mail links there). */
const tokenMailLink = (to: string, nth = 1) =>
  mailedLink(to, /https?:\/\/[^\s"<]+\/settings#where-you-are-signed-in/, nth);

test('a token made in Settings is listed with this browser marked, and revoking it there ends it at once', async ({
  page,
}) => {
  // Registration, the settings chunk, the session and two lists come one after another: allow a slow machine.
  test.slow();
  await register(page);
  await page.goto('/settings');
  const list = accessList(page);
  const thisBrowser = rowOf(list, 'Chrome on Android');
  await expect(thisBrowser).toHaveCount(1, { timeout: 30_000 });
  await expect(thisBrowser).toContainText('This device');
  await expect(thisBrowser).toContainText(/Signed in [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(list.getByText('No API tokens yet.')).toBeVisible();

  const token = await createToken(page, 'Build script');
  const row = rowOf(list, 'Build script');
  await expect(row).toContainText('API token. Read: search and open agents, categories, your balance and history.');
  await expect(row).toContainText(/Created [A-Z][a-z]{2} \d{1,2}, \d{4} · Never used/);
  await expect(list.getByText('No API tokens yet.')).toHaveCount(0);
  // Listed once, in this list only.
  await expect(page.getByRole('listitem').filter({ hasText: 'Build script' })).toHaveCount(1);
  expect((await page.request.get('/api/credits/balance', { headers: bearer(token) })).status()).toBe(200);

  // Each row's button is named by its row and tall enough for a thumb; nothing is wider than the screen.
  const signOut = thisBrowser.getByRole('button', { name: 'Sign out Chrome on Android (this device)' });
  const revoke = row.getByRole('button', { name: 'Revoke token Build script' });
  for (const button of [signOut, revoke]) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await revoke.tap();
  const dialog = page.getByRole('alertdialog', { name: "Revoke 'Build script'?" });
  await dialog.getByRole('button', { name: 'Revoke token' }).tap();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(whereSignedIn(page).getByRole('status')).toHaveText('Token revoked: Build script');
  await expect(list.getByText('No API tokens yet.')).toBeVisible();
  await expect(thisBrowser).toContainText('This device');
  expect((await page.request.get('/api/credits/balance', { headers: bearer(token) })).status()).toBe(401);
  // Gone for good: not back after a reload either.
  await page.reload();
  await expect(rowOf(accessList(page), 'Chrome on Android')).toHaveCount(1, { timeout: 30_000 });
  await expect(rowOf(accessList(page), 'Build script')).toHaveCount(0);
});

test("the owner's password reset ends an intruder's browser and token", async ({ page, browser }) => {
  // Two browsers, three mails, a reset and two sign-ins: allow a slow machine.
  test.slow();
  const { username, email } = await register(page);

  // The intruder knows the password: another browser signs in with it and makes a token.
  const intruder = await browser.newContext({ baseURL: BASE, userAgent: FIREFOX_ON_WINDOWS, extraHTTPHeaders: client });
  const intruderPage = await intruder.newPage();
  const intruderErrors: string[] = [];
  intruderPage.on('console', (msg) => {
    if (msg.type() === 'error' && !/status of 401/.test(msg.text())) intruderErrors.push(msg.text());
  });
  intruderPage.on('pageerror', (error) => intruderErrors.push(`uncaught: ${error.message}`));
  await intruderPage.goto('/auth');
  await intruderPage.getByLabel('Username or email').fill(username);
  await intruderPage.getByLabel('Password', { exact: true }).fill('secret-pass');
  await intruderPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(intruderPage).toHaveURL('/');
  await intruderPage.goto('/settings');
  await expect(rowOf(accessList(intruderPage), 'Firefox on Windows')).toContainText('This device', { timeout: 30_000 });
  const stolen = await createToken(intruderPage, 'Backdoor');
  expect((await page.request.get('/api/credits/balance', { headers: bearer(stolen) })).status()).toBe(200);

  // The owner is mailed about the token; its link opens Settings at the list, which shows the intruder.
  await page.goto(await tokenMailLink(email));
  await expect(page).toHaveURL(/\/settings#where-you-are-signed-in$/);
  const list = accessList(page);
  await expect(rowOf(list, 'Backdoor')).toBeVisible({ timeout: 30_000 });
  // Scrolled to the list: its heading near the top of the screen, under the header.
  const heading = whereSignedIn(page).getByRole('heading', { name: 'Where you are signed in' });
  await expect.poll(async () => (await heading.boundingBox())?.y ?? Infinity).toBeLessThan(130);
  expect((await heading.boundingBox())!.y).toBeGreaterThan(64);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(browserRows(list)).toHaveCount(2);
  await expect(rowOf(list, 'Chrome on Android')).toContainText('This device');
  const intruderRow = rowOf(list, 'Firefox on Windows');
  await expect(intruderRow).toBeVisible();
  await expect(intruderRow).not.toContainText('This device');
  await expect(intruderRow.getByRole('button', { name: 'Sign out Firefox on Windows' })).toBeVisible();
  await expect(rowOf(list, 'Backdoor').getByRole('button', { name: 'Revoke token Backdoor' })).toBeVisible();

  // The owner signs out here and recovers the account with 'Forgot password?' and the mailed link.
  await page.getByRole('region', { name: 'Sign out', exact: true }).getByRole('button', { name: 'Log out' }).tap();
  await expect(page).toHaveURL('/');
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).tap();
  await expect(page.getByText('If an account uses that address')).toBeVisible();
  await page.goto(await linkFromMail(email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('owner-pass-26');
  await page.getByRole('button', { name: 'Set new password' }).tap();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  // The intruder's token and browser are both ended.
  expect((await page.request.get('/api/credits/balance', { headers: bearer(stolen) })).status()).toBe(401);
  await intruderPage.reload();
  await expect(intruderPage).toHaveURL(/\/auth\?next=%2Fsettings$/);
  await expect(intruderPage.getByRole('heading', { level: 1, name: 'Sign in to AgentMarket' })).toBeVisible();
  expect((await intruder.request.get('/api/auth/session')).status()).toBe(401);
  expect(intruderErrors, 'console errors or uncaught exceptions in the intruder’s page').toEqual([]);
  await intruder.close();

  // The owner signs in with the new password: only this browser is left, and no token.
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).tap();
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('owner-pass-26');
  await page.getByRole('button', { name: 'Sign in', exact: true }).tap();
  await expect(page).toHaveURL('/');
  await page.goto('/settings');
  const after = accessList(page);
  await expect(rowOf(after, 'Chrome on Android')).toContainText('This device', { timeout: 30_000 });
  await expect(browserRows(after)).toHaveCount(1);
  await expect(rowOf(after, 'Firefox on Windows')).toHaveCount(0);
  await expect(after.getByText('No API tokens yet.')).toBeVisible();
});
