import { expect, test } from './support/test';
import { overflowRight } from './support/layout';

test('/agent91 pitches credits with priced agents and the static estimator', async ({ page }) => {
  await page.goto('/agent91');
  await expect(page.getByRole('heading', { level: 1, name: /Pay only for the work they finish/ })).toBeVisible();
  for (const text of ['$10 starter credits', '2,000+ credits included', '22+ agents'])
    await expect(page.getByRole('listitem').filter({ hasText: text })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Small teams pay enterprise prices/ })).toBeVisible();

  const agents = page.getByRole('list', { name: 'Featured agents' }).getByRole('article');
  await expect(agents).toHaveCount(9);
  await expect(agents.first().getByText(/^\$\d+\/month avg$/)).toBeVisible();
  await expect(agents.first().getByRole('link', { name: /^Try / })).toHaveAttribute('target', '_blank');
  await expect(agents.first().getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', /^\/agent\/\d+$/);

  const estimator = page.getByRole('table', { name: /Typical monthly usage/ });
  for (const cell of [
    '220',
    '$22.00',
    '360',
    '$36.00',
    '46',
    '$4.60',
    '626 credits',
    '$62.60',
    '$1,869',
    '$1,806.40 (97%)',
  ])
    await expect(estimator.getByRole('cell', { name: cell, exact: true })).toBeVisible();

  await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toHaveAttribute('href', '/auth');
  await expect(page.getByRole('link', { name: /See all 22\+ agents/ })).toHaveAttribute('href', '/agents-agent91');
  await expect(page.getByRole('link', { name: 'List your agent' })).toHaveAttribute('href', '/submit-agent');
});

test('/alternative is the dark underground page with a terminal search', async ({ page }) => {
  await page.goto('/alternative');
  await expect(page.getByRole('heading', { level: 1, name: /The agent underground/i })).toBeVisible();
  const agents = page.getByRole('list', { name: 'Agents' }).getByRole('article');
  await expect(agents).toHaveCount(9);
  await expect(agents.first().getByRole('link', { name: /^\.\/run / })).toHaveAttribute('rel', /noopener/);
  await expect(page.getByRole('heading', { name: 'Join the underground' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Drop your agent' })).toHaveAttribute('href', '/submit-agent');

  const terminal = page.getByRole('searchbox', { name: 'Search agents' });
  await terminal.fill('ledger');
  await terminal.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=ledger$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "ledger"' })).toBeVisible();
});

test('/alternative1 is the enterprise page with verified and featured agents', async ({ page }) => {
  await page.goto('/alternative1');
  await expect(page.getByRole('heading', { level: 1, name: /security team will sign off/ })).toBeVisible();
  const agents = page.getByRole('list', { name: 'Verified agents' }).getByRole('article');
  await expect(agents).toHaveCount(9);
  await expect(agents.getByText('VERIFIED', { exact: true })).toHaveCount(9);
  await expect(agents.getByText('FEATURED', { exact: true })).toHaveCount(3);
  await expect(agents.nth(2).getByText('FEATURED', { exact: true })).toBeVisible();
  await expect(agents.nth(3).getByText('FEATURED', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Built for governance from day one' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search verified agents' }).fill('contract');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=contract$/);
});

test('/alternative2 is the global network page with a working filter panel', async ({ page }) => {
  await page.goto('/alternative2');
  await expect(page.getByRole('heading', { level: 1, name: /One network of agents/ })).toBeVisible();
  const agents = page.getByRole('list', { name: 'Network agents' }).getByRole('article');
  await expect(agents).toHaveCount(9);

  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Filters' });
  await panel.getByLabel('Department').selectOption({ label: 'Legal' });
  await expect(agents).toHaveCount(3);
  await panel.getByRole('button', { name: 'Reset filters' }).click();
  await expect(agents).toHaveCount(9);
  await filters.click();
  await expect(panel).toBeHidden();

  const grid = page.getByRole('region', { name: 'Browse the network by department' });
  await expect(grid.getByRole('listitem')).toHaveCount(12);
  await expect(grid.getByRole('link', { name: /Customer Service/ })).toHaveAttribute(
    'href',
    '/agents?search=Customer%20Service',
  );
  await expect(page.getByRole('link', { name: 'Meet the starter agents' })).toHaveAttribute('href', '/agents-agent91');
});

test('landings fit a 360 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/agent91', '/alternative', '/alternative1', '/alternative2']) {
    await page.goto(path);
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await overflowRight(page), path).toBeLessThanOrEqual(0.5);
  }
});
