// Creator payouts in test mode (docs/decisions/0029, '## Payouts'): a creator with available
// earnings connects the sandbox's payout account and requests a payout, which goes from pending to
// paid on the test confirm, on a phone.
import { expectNoSeriousViolations } from './support/axe';
import { executeLocal } from './support/local-db';
import { expect, test, type Page } from './support/test';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
// Accounts made here count against a client of their own (registrations are limited per client).
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` } });

const PASSWORD = 'correct-horse-battery';
const unique = () => `cp${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function register(page: Page, origin: string): Promise<string> {
  const username = unique();
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, isInternalLogin: false },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

const logout = async (page: Page, origin: string) =>
  expect((await page.request.post('/api/auth/logout', { headers: { Origin: origin } })).ok()).toBe(true);

test('a creator connects the test payout account and a $20 payout goes from pending to paid', async ({
  page,
  baseURL,
}) => {
  // Two registrations (scrypt), a sign-in and a wrangler run before the page: slow on a loaded machine.
  test.slow();
  const origin = baseURL ?? '';
  // The creator's agent costs 25 credits a try: $20.00 of it is the creator's (80 %).
  const creator = await register(page, origin);
  const created = await page.request.post('/api/agents', {
    data: {
      name: `Payout agent ${unique()}`,
      description: 'An agent whose creator asks for a payout.',
      categoryId: 1,
      creditCost: 25,
    },
    headers: { Origin: origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const agent = (await created.json()) as { id: number };
  await logout(page, origin);

  await register(page, origin);
  const tried = await page.request.post(`/api/agents/${agent.id}/try`, { headers: { Origin: origin } });
  expect(tried.status(), await tried.text()).toBe(200);
  await logout(page, origin);

  // Seven days later: the earning is past its holding period.
  executeLocal(
    `UPDATE creator_earnings SET available_at = '2000-01-01T00:00:00.000Z' WHERE kind = 'earning' AND creator_id = (SELECT id FROM users WHERE username = '${creator}')`,
  );

  const login = await page.request.post('/api/auth/login', {
    data: { username: creator, password: PASSWORD },
    headers: { Origin: origin },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/my-agents?tab=insights');
  const earnings = page.getByRole('region', { name: 'Your earnings' });
  const payouts = earnings.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByRole('button', { name: 'Connect payout account' })).toBeVisible({ timeout: 30_000 });

  // The sandbox's onboarding page stands in for Stripe's.
  await payouts.getByRole('button', { name: 'Connect payout account' }).click();
  await expect(page).toHaveURL(/\/payouts\/sandbox$/);
  await expect(page.getByText('Test mode: no real account is connected')).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Connect test account' }).click();

  await expect(page).toHaveURL(/tab=insights/);
  await expect(payouts.getByText('Test payout account connected')).toBeVisible({ timeout: 30_000 });
  const amount = payouts.getByLabel('Amount in US dollars');
  await expect(amount).toHaveValue('20.00');
  await expect(payouts.getByText('Available: $20.00. The smallest payout is $20.00.')).toBeVisible();

  // Below the minimum: refused in the form, nothing requested.
  await amount.fill('19.99');
  await payouts.getByRole('button', { name: 'Request payout' }).click();
  await expect(payouts.getByText('The smallest payout is $20.00', { exact: true })).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');

  await amount.fill('20');
  await payouts.getByRole('button', { name: 'Request payout' }).click();
  const list = payouts.getByRole('list', { name: 'Your payouts' });
  const row = list.getByRole('listitem').filter({ hasText: '$20.00' });
  await expect(row).toContainText('Pending');
  await expect(
    earnings
      .getByRole('definition')
      .filter({ hasText: /^\$0\.00$/ })
      .first(),
  ).toBeVisible();
  await expect(payouts.getByRole('button', { name: 'Request payout' })).toBeDisabled();

  await row.getByRole('button', { name: 'Confirm test transfer of $20.00' }).click();
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('button', { name: /test transfer/ })).toHaveCount(0);
  // Paid out: $20.00, and it stays so after a reload (from the server, not the page's memory).
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your payouts' }).getByRole('listitem').first()).toContainText('Paid', {
    timeout: 30_000,
  });

  await expectNoSeriousViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
