// The account life cycle through real mail: the e2e server runs the mail catcher, which writes each
// message as one .eml file under .wrangler/e2e-<port>/mail; these tests read the file and open its link.
import { linkFromMail } from './support/mail';
import { expect, test } from './support/test';

const PORT = Number(process.env.E2E_PORT ?? 8799);
const unique = () => `m${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

// 400 (a wrong current password) and 401 (an ended session) are the behaviour under test; Chromium
// logs such answers as failed resources.
test.use({ allowedConsoleErrors: [/status of 40[01]/] });

test('register, the mail file appears, its link confirms the address and the banner goes', async ({ page }) => {
  const username = unique();
  const email = `${username}@example.com`;
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  const banner = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Resend' })).toBeVisible();

  const link = await linkFromMail(email, '/verify-email');
  await page.goto(link);
  await expect(page.getByText(`is confirmed`)).toBeVisible();
  await expect(banner).toBeHidden();
  // The same mail opened again: the link is spent, and the page says the address is confirmed, not that it failed.
  await page.goto(link);
  await expect(page.getByText(`Your address, ${email}, is confirmed. This link can no longer be used.`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(banner).toBeHidden();
});

test('forgot password: mail, new password, and the old session gets 401', async ({ page, browser }) => {
  const username = unique();
  const email = `${username}@example.com`;
  // A session on another device, which the reset must end.
  const other = await browser.newContext({ baseURL: `http://localhost:${PORT}` });
  const registered = await other.request.post('/api/auth/register', {
    data: { username, email, password: 'secret-pass', isInternalLogin: false },
  });
  expect(registered.status()).toBe(201);
  expect((await other.request.get('/api/auth/session')).status()).toBe(200);

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByText('If an account uses that address')).toBeVisible();

  await page.goto(await linkFromMail(email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  expect((await other.request.get('/api/auth/session')).status()).toBe(401);
  await other.close();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
});

test('settings at 360 px: password, email and sign out of all devices', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const username = unique();
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass', isInternalLogin: false },
  });
  expect(res.status()).toBe(201);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Password and sign-in' });
  await expect(section).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const passwordForm = section.getByRole('form', { name: 'Change password' });
  await passwordForm.getByLabel('Current password', { exact: true }).fill('wrong-pass');
  await passwordForm.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByRole('alert')).toHaveText('Your current password is incorrect');
  await passwordForm.getByLabel('Current password', { exact: true }).fill('secret-pass');
  await passwordForm.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordForm.getByRole('status')).toContainText('Your password has been changed');

  const emailForm = section.getByRole('form', { name: 'Change email' });
  const next = `${unique()}@example.com`;
  await emailForm.getByLabel('New email').fill(next);
  await emailForm.getByLabel('Current password', { exact: true }).fill('brand-new-pass');
  await emailForm.getByRole('button', { name: 'Change email' }).click();
  await expect(emailForm.getByRole('status')).toContainText(`We have emailed a confirmation link to ${next}`);
  await linkFromMail(next, '/verify-email');

  await page
    .getByRole('region', { name: 'Where you are signed in' })
    .getByRole('button', { name: 'Sign out of all devices' })
    .click();
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});
