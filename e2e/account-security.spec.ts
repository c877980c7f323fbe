// docs/decisions/0024 in the browser (docs/decisions/0024): the pre-registration takeover of an admin address,
// a pending email change cancelled from Settings, and a try after a price change.
import { linkFromMail } from './support/mail';
import { expect, test } from './support/test';

const PORT = Number(process.env.E2E_PORT ?? 8799);
const BASE = `http://localhost:${PORT}`;
const unique = () => `s${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** The admin address e2e-server.mjs configures and nobody has registered. */
const TARGET = 'takeover-target@example.cc';

// Registrations count against a client of this spec's own (20 per client per hour).
const client = { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
test.use({ extraHTTPHeaders: client });
// 400, 403 and 409 answers are the behaviour under test; Chromium logs them as failed resources.
test.use({ allowedConsoleErrors: [/status of 40[0-9]/] });

test('pre-registration takeover: the owner opens the link signed out, and the attacker never becomes admin', async ({
  page,
  browser,
}) => {
  const attacker = await browser.newContext({ baseURL: BASE, extraHTTPHeaders: client });
  const username = unique();
  const registered = await attacker.request.post('/api/auth/register', {
    data: { username, email: TARGET, password: 'attacker-pass', isInternalLogin: false },
  });
  expect(registered.status()).toBe(201);

  // The real owner opens "Confirm your email" in a fresh, signed-out browser.
  await page.goto(await linkFromMail(TARGET, '/verify-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
  await expect(
    page.getByText('To confirm this address, sign in to its account or choose a new password for it.'),
  ).toBeVisible();
  await expect(page.getByText(/Thank you: .* is confirmed/)).toHaveCount(0);

  // Meanwhile the attacker signs in with their password: a customer, no admin role, no inbox.
  const signIn = await attacker.request.post('/api/auth/login', { data: { username, password: 'attacker-pass' } });
  expect(signIn.status()).toBe(200);
  expect(await signIn.json()).toMatchObject({ role: 'user', emailVerified: false });
  expect((await attacker.request.get('/api/proposals')).status()).toBe(403);
  expect(
    (
      await attacker.request.post('/api/admin/ensure-minimum-credits', { data: {}, headers: { Origin: BASE } })
    ).status(),
  ).toBe(403);

  // The owner confirms by choosing the password: the account, and its role, are theirs.
  await page.getByLabel('New password', { exact: true }).fill('owner-pass-26');
  await page.getByRole('button', { name: 'Confirm and set password' }).click();
  await expect(page.getByText(`Thank you: ${TARGET} is confirmed.`)).toBeVisible();
  await expect(page.getByText('Every other device has been signed out.')).toBeVisible();
  expect(await (await page.request.get('/api/auth/session')).json()).toMatchObject({
    role: 'admin',
    emailVerified: true,
  });

  // The attacker's session ended and their password no longer opens the account.
  expect((await attacker.request.get('/api/auth/session')).status()).toBe(401);
  expect(
    (await attacker.request.post('/api/auth/login', { data: { username, password: 'attacker-pass' } })).status(),
  ).toBe(401);
  await attacker.close();
});

test('a pending email change is shown in Settings and cancelled there; its link then does nothing', async ({
  page,
}) => {
  // Registration, two settings loads, a mail and a confirmation page: slow on a loaded machine.
  test.slow();
  const username = unique();
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass', isInternalLogin: false },
  });
  expect(res.status()).toBe(201);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Password and sign-in' });
  const emailForm = section.getByRole('form', { name: 'Change email' });
  const next = `${unique()}@example.com`;
  await emailForm.getByLabel('New email').fill(next);
  await emailForm.getByLabel('Current password', { exact: true }).fill('secret-pass');
  await emailForm.getByRole('button', { name: 'Change email' }).click();
  await expect(emailForm.getByRole('status')).toContainText(`We have emailed a confirmation link to ${next}`);
  const link = await linkFromMail(next, '/verify-email');

  // Seen again after a reload (the owner coming back later), with Cancel.
  await page.reload();
  const pending = page.getByRole('group', { name: 'Pending email change' });
  await expect(pending).toContainText(`Pending change to ${next}`);
  await pending.getByRole('button', { name: 'Cancel change' }).click();
  await expect(emailForm.getByRole('status')).toHaveText('The email change is cancelled. Your address stays as it is.');
  await expect(pending).toHaveCount(0);
  await page.reload();
  await expect(section.getByRole('form', { name: 'Change email' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Pending email change' })).toHaveCount(0);

  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired');
  expect(await (await page.request.get('/api/auth/session')).json()).toMatchObject({
    email: `${username}@example.com`,
  });
});

test('a try after the creator raised the price shows the new price and charges nothing', async ({ page, browser }) => {
  const creator = await browser.newContext({ baseURL: BASE, extraHTTPHeaders: { ...client, Origin: BASE } });
  const creatorName = unique();
  expect(
    (
      await creator.request.post('/api/auth/register', {
        data: {
          username: creatorName,
          email: `${creatorName}@example.com`,
          password: 'secret-pass',
          isInternalLogin: false,
        },
      })
    ).status(),
  ).toBe(201);
  const agent = {
    name: `Price Watch ${creatorName}`,
    description: 'An agent whose price changes under a tap.',
    categoryId: 1,
    creditCost: 10,
  };
  const created = await creator.request.post('/api/agents', { data: agent });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  const username = unique();
  expect(
    (
      await page.request.post('/api/auth/register', {
        data: { username, email: `${username}@example.com`, password: 'secret-pass', isInternalLogin: false },
      })
    ).status(),
  ).toBe(201);
  await page.goto(`/agents/${id}`);
  const tryButton = page.getByRole('button', { name: 'Try Agent (10 credits)' });
  await expect(tryButton).toBeVisible();

  // The creator raises the price while the page still shows 10.
  expect((await creator.request.put(`/api/agents/${id}`, { data: { ...agent, creditCost: 100 } })).status()).toBe(200);
  await tryButton.click();
  const notice = page.getByRole('alert').filter({ hasText: 'The price of this agent has changed to 100 credits' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Nothing was charged.');
  await expect(page.getByRole('button', { name: 'Try Agent (100 credits)' })).toBeVisible();
  await expect(page.getByText('Credits deducted')).toHaveCount(0);
  expect(await (await page.request.get('/api/credits/balance')).json()).toMatchObject({ balance: 100 });

  // Having seen it, the person pays the new price with Try again.
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Credits deducted')).toBeVisible();
  expect(await (await page.request.get('/api/credits/balance')).json()).toMatchObject({ balance: 0 });
  // The suite shares one catalogue: later specs count the seeded agents and sort by newest.
  expect((await creator.request.delete(`/api/agents/${id}`)).status()).toBe(200);
  await creator.close();
});
