// Settings → API tokens (docs/decisions/0030): create (shown once), use, see last use, revoke.
import { expect, test, type Page } from './support/test';

// Registrations are limited per client: this spec counts against an address of its own.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': '10.30.0.1' } });

async function registerFresh(page: Page): Promise<string> {
  const username = `t${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass', isInternalLogin: false },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return username;
}

test('a token is created and shown once, works for what its scopes allow, shows its last use and stops working when revoked', async ({
  page,
  playwright,
  baseURL,
}) => {
  await registerFresh(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  // The settings chunk, the session and the token list come one after another: allow a slow machine.
  await expect(
    page.getByRole('region', { name: 'Where you are signed in' }).getByText('No API tokens yet.'),
  ).toBeVisible({ timeout: 30_000 });

  // Nothing typed: the shared schema's message, and nothing created.
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(section.getByText('Give the token a name')).toBeVisible();

  await section.getByLabel('Token name').fill('Nightly report');
  await section.getByRole('checkbox', { name: /^Try:/ }).check();
  await section.getByRole('button', { name: 'Create token' }).click();
  await expect(
    section.getByText("Token 'Nightly report' created. Copy it now: it will not be shown again."),
  ).toBeVisible();
  const token = await section.getByRole('textbox', { name: 'New API token' }).inputValue();
  expect(token).toMatch(/^amk_/);
  // Listed under 'Where you are signed in', beside the signed-in browsers (docs/decisions/0038).
  const list = page
    .getByRole('region', { name: 'Where you are signed in' })
    .getByRole('list', { name: 'Browsers and API tokens' });
  const row = list.getByRole('listitem').filter({ hasText: 'Nightly report' });
  await expect(
    row.getByText(
      'API token. Read: search and open agents, categories, your balance and history. Try: try agents with your credits, charged exactly as in the app.',
    ),
  ).toBeVisible();
  await expect(row.getByText(/Created .* · Never used/)).toBeVisible();

  // A program, with no cookie at all, uses the token.
  const program = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const balance = await program.get('/api/credits/balance');
  expect(balance.status()).toBe(200);
  expect(await balance.json()).toEqual({ balance: 100, consumed: 0 });
  expect((await program.get('/api/auth/session')).status()).toBe(403);

  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('textbox', { name: 'New API token' })).toHaveCount(0);
  await page.reload();
  await expect(row.getByText(/Created .* · Last used /)).toBeVisible();

  await list.getByRole('button', { name: 'Revoke token Nightly report' }).click();
  const dialog = page.getByRole('alertdialog', { name: "Revoke 'Nightly report'?" });
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  expect((await program.get('/api/credits/balance')).status()).toBe(401);
  await program.dispose();
});
