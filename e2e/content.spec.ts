import { expect, test } from './support/test';

// Each footer page with a heading and a sentence only that page has.
const PAGES = [
  ['/documentation', 'Documentation', /Every new account starts with/],
  ['/tutorials', 'Tutorials', /Try your first agent/],
  ['/api', 'API reference', /\/api\/payments\/create-checkout/],
  ['/about', 'About AgentMarket', /pay per try with credits/],
  ['/blog', 'Blog', /Why your credit balance lives on our server/],
  ['/careers', 'Careers', /There are no open positions right now/],
  ['/privacy', 'Privacy Policy', /sets one cookie/],
  ['/terms', 'Terms of Service', /Credits are not money/],
] as const;

for (const [path, heading, text] of PAGES) {
  test(`footer page ${path} renders its content`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
  });
}

test('the footer links open the pages in the app', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click();
  await expect(page).toHaveURL('/api');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
});

test('the API reference lists every route of the contract, from the OpenAPI document', async ({ page }) => {
  await page.goto('/api');
  for (const route of [
    // Routes the hand-written list it replaced never had.
    'POST/api/auth/change-password',
    'POST/api/auth/logout-everywhere',
    'GET/api/health',
    'GET/api/auth/session',
    'POST/api/auth/register',
    'POST/api/auth/login',
    'POST/api/auth/logout',
    'GET/api/agents/{id}',
    'POST/api/agents/{id}/try',
    'POST/api/ratings',
    'PUT/api/users/{id}',
    'POST/api/propose-agent',
    'GET/api/proposals',
    'GET/api/credits/transactions',
    'POST/api/payments/webhook',
    'POST/api/admin/ensure-minimum-credits',
    'POST/api/tokens',
    'POST/mcp',
  ]) {
    await expect(page.getByRole('listitem').filter({ hasText: route }).first()).toBeVisible();
  }
});

test('the API reference filters its routes by what is typed', async ({ page }) => {
  await page.goto('/api');
  const filter = page.getByLabel('Filter routes');
  await filter.fill('change-password');
  await expect(page.getByText(/^1 of \d+ routes$/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Change your password' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Try an agent' })).toHaveCount(0);
  // The request body's fields, from the shared schema, behind disclosures.
  await page.getByText('Parameters, body and responses').click();
  await page.getByText('2 fields').first().click();
  await expect(page.getByText('newPassword')).toBeVisible();
  await filter.fill('');
  await expect(page.getByRole('heading', { level: 3, name: 'Try an agent' })).toBeVisible();
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  for (const path of [
    '/auth',
    '/propose-agent',
    '/documentation',
    '/api',
    '/privacy',
    '/terms',
    '/blog',
    '/about',
    '/careers',
    '/tutorials',
  ]) {
    test(`${path} fits 360 px without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The API reference renders its routes once the OpenAPI document has arrived.
      if (path === '/api') await expect(page.getByText(/^\d+ routes$/)).toBeVisible();
      // body clips horizontal overflow, so look for any element reaching past the viewport instead.
      const widest = await page.evaluate(() =>
        Math.max(
          ...Array.from(document.querySelectorAll('main *, header *'), (el) => el.getBoundingClientRect())
            .filter((r) => r.width > 1)
            .map((r) => r.right),
        ),
      );
      expect(widest).toBeLessThanOrEqual(361);
    });
  }
});
