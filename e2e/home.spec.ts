import { expect, test } from './support/test';

test('a visitor sees the home page with seeded categories and top agents', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find the AI agent that gets the job done' })).toBeVisible();

  const categories = page.getByRole('region', { name: 'Explore by Category' });
  await expect(categories.getByRole('listitem')).toHaveCount(8);
  await expect(categories.getByRole('link', { name: /Business/ })).toBeVisible();

  const top = page.getByRole('region', { name: 'Top Performing Agents' });
  await expect(top.getByRole('article')).toHaveCount(6);

  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
  await expect(page.getByText('The marketplace for intelligent agents that help you get things done')).toBeVisible();
  await expect(page.getByText(`© ${new Date().getFullYear()} AgentMarket`)).toBeVisible();
});

test('the API lists the seeded agents with their fields', async ({ request }) => {
  const res = await request.get('/api/agents');
  expect(res.status()).toBe(200);
  const agents = (await res.json()) as Record<string, unknown>[];
  expect(agents.length).toBeGreaterThanOrEqual(30);
  expect(Number(res.headers()['x-total-count'])).toBeGreaterThanOrEqual(30);
  for (const key of [
    'id',
    'hoaId',
    'name',
    'agentCode',
    'slug',
    'description',
    'features',
    'externalUrl',
    'categoryId',
    'averageRating',
    'voteCount',
    'creditCost',
    'isFeatured',
  ]) {
    expect(agents[0], key).toHaveProperty(key);
  }
});

test.describe('unknown paths', () => {
  // The page itself answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown path shows Page Not Found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });
});
