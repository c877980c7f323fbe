// Creators earn and can see it (docs/decisions/0029): another person tries a creator's agent, and the creator's
// Insights tab in My Agents shows the try, the page view and the earning, on a phone.
import { expectNoSeriousViolations } from './support/axe';
import { expect, test, type Page } from './support/test';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
// Accounts made here count against a client of their own (registrations are limited per client).
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': `203.0.113.${1 + Math.floor(Math.random() * 250)}` } });

const PASSWORD = 'correct-horse-battery';
const unique = () => `ci${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function register(page: Page, baseURL: string | undefined): Promise<string> {
  const username = unique();
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, isInternalLogin: false },
    headers: { Origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

const logout = async (page: Page, baseURL: string | undefined) =>
  expect((await page.request.post('/api/auth/logout', { headers: { Origin: baseURL ?? '' } })).ok()).toBe(true);

/** The last row (today) of a chart's table, shown on screen. */
async function todayInTable(page: Page, chart: string) {
  await page.getByRole('button', { name: `Show as table: ${chart}` }).click();
  const table = page.getByRole('table', { name: `${chart}, by day` });
  await expect(table).toBeVisible();
  return table.getByRole('row').last();
}

test('a creator sees another person’s try of their agent, its page view and the earning in Insights', async ({
  page,
  baseURL,
}) => {
  // Two registrations (scrypt) and a sign-in before the page: slow on a loaded machine.
  test.slow();
  // The creator lists an agent at 5 credits a try.
  const creator = await register(page, baseURL);
  const name = `Insightful ${unique()}`;
  const created = await page.request.post('/api/agents', {
    data: { name, description: 'An agent whose creator watches its insights.', categoryId: 1, creditCost: 5 },
    headers: { Origin: baseURL ?? '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const agent = (await created.json()) as { id: number };
  await logout(page, baseURL);

  // Someone else opens its page and tries it.
  await register(page, baseURL);
  await page.goto(`/agents/${agent.id}`);
  await page.getByRole('button', { name: 'Try Agent (5 credits)' }).click();
  await expect(page.getByText('Credits deducted').first()).toBeVisible();
  await logout(page, baseURL);

  // The creator's Insights.
  const login = await page.request.post('/api/auth/login', {
    data: { username: creator, password: PASSWORD },
    headers: { Origin: baseURL ?? '' },
  });
  expect(login.ok()).toBe(true);
  // The page view goes through a queue (docs/decisions/0047): counted once its batch is delivered,
  // within seconds, so the Insights below are read once it is.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/agents/${agent.id}/insights`);
        return ((await res.json()) as { totals?: { views?: number } }).totals?.views;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await page.goto('/my-agents');
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/tab=insights/);

  const earnings = page.getByRole('region', { name: 'Your earnings' });
  await expect(earnings.getByText('You earn 80% of every paid try of your agents.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  // 80 % of 5 credits ($5.00) is $4.00, held for 7 days: pending, not yet available.
  await expect(earnings.getByRole('definition').filter({ hasText: '$4.00' })).toHaveCount(2);
  await expect(earnings.getByRole('button', { name: 'Nothing to move yet' })).toBeDisabled();

  await expect(page.getByLabel('Agent', { exact: true })).toHaveValue(String(agent.id));
  const figures = page.getByLabel(`${name} in the last 30 days`);
  await expect(figures).toBeVisible({ timeout: 30_000 });
  await expect(figures).toContainText('Tries1');
  await expect(figures).toContainText('People who tried1');
  await expect(figures).toContainText('Credits spent5');
  await expect(figures).toContainText('Earnings$4.00');

  await expect(await todayInTable(page, 'Tries per day')).toContainText(/1$/);
  await expect(await todayInTable(page, 'Earnings per day')).toContainText(/\$4\.00$/);
  await expect(await todayInTable(page, 'Page views per day')).toContainText(/1$/);
  // Days without data are there, as zeros: 30 days and the header row.
  await expect(page.getByRole('table', { name: 'Tries per day, by day' }).getByRole('row')).toHaveCount(31);

  await expectNoSeriousViolations(page);
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
