import { expect, test, type Page } from './support/test';
import { overflowRight } from './support/layout';

const results = (page: Page) => page.getByRole('list', { name: 'Agent results' });
const cards = (page: Page) => results(page).getByRole('article');

test.describe('Browse Agents', () => {
  test('a visitor browses, loads more, switches layout and sorts', async ({ page }) => {
    await page.goto('/agents');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
    await expect(page.getByText(/^40\s*agents$/)).toBeVisible();
    await expect(page.getByText(/^14\s*departments$/)).toBeVisible();

    // Pages of 12 until all 40 are shown.
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByText('Showing 12 of 40 agents')).toBeVisible();
    for (const count of [24, 36, 40]) {
      await page.getByRole('button', { name: 'Load More Agents' }).click();
      await expect(cards(page)).toHaveCount(count);
    }
    await expect(page.getByText('Showing 40 agents')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More Agents' })).toHaveCount(0);

    const grid = page.getByRole('button', { name: 'Grid view' });
    const list = page.getByRole('button', { name: 'List view' });
    await expect(grid).toHaveAttribute('aria-pressed', 'true');
    await list.click();
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(grid).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL(/view=list/);

    await page.getByLabel('Sort by').filter({ visible: true }).selectOption({ label: 'Newest' });
    await expect(page).toHaveURL(/sort=newest/);
    await expect(cards(page).first().getByRole('heading')).toHaveText('DealRoom Analyst');
    await expect(page.getByRole('list', { name: 'Active filters' }).getByText('Sort: Newest')).toBeVisible();
  });

  test('the search box is prefilled from the URL and kept in it', async ({ page }) => {
    await page.goto('/agents?search=LedgerLens');
    const box = page.getByRole('searchbox', { name: 'Search agents' });
    await expect(box).toHaveValue('LedgerLens');
    await expect(cards(page).first().getByRole('heading')).toHaveText('LedgerLens');

    await box.fill('contract');
    await expect(page).toHaveURL(/search=contract/);
    await expect(results(page).getByRole('heading', { name: 'ContractSentry' })).toBeVisible();

    // `q` works too.
    await page.goto('/agents?q=invoice');
    await expect(page.getByRole('searchbox', { name: 'Search agents' })).toHaveValue('invoice');
    await expect(results(page).getByRole('heading', { name: 'InvoiceHound' })).toBeVisible();
  });

  test('the department filter narrows the list and Clear Filters resets it', async ({ page }) => {
    await page.goto('/all-agents');
    await expect(cards(page)).toHaveCount(12);
    await page.getByLabel('Department').filter({ visible: true }).selectOption({ label: 'Legal' });
    await expect(page.getByText('Showing 3 agents')).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByRole('list', { name: 'Active filters' }).getByText('Department: Legal')).toBeVisible();
    await expect(page).toHaveURL(/department=\d+/);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByLabel('Department').filter({ visible: true })).toHaveValue('');
  });

  test('no match shows the empty state', async ({ page }) => {
    await page.goto('/agents?search=qqqzzzxxyy');
    await expect(page.getByRole('heading', { name: 'No agents found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).first().click();
    await expect(page.getByRole('searchbox', { name: 'Search agents' })).toHaveValue('');
    await expect(cards(page)).toHaveCount(12);
  });
});

test.describe('Search results', () => {
  test('shows results with a count and refines from its own box', async ({ page }) => {
    await page.goto('/search?q=ledger');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "ledger"' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: 'LedgerLens' }),
    ).toBeVisible();
    await expect(page.getByText(/^\d+ results?$/)).toBeVisible();

    const box = page.getByRole('searchbox', { name: 'Refine your search' });
    await box.fill('playbook');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "playbook"' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: 'ContractSentry' }),
    ).toBeVisible();
  });

  test('says when nothing matches', async ({ page }) => {
    await page.goto('/search?q=qqqzzzxxyy');
    await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  });
});

test.describe('Categories', () => {
  test('category cards toggle the filter, also from the URL', async ({ page }) => {
    await page.goto('/categories');
    await expect(page.getByRole('heading', { name: 'All Category Agents' })).toBeVisible();
    const agents = page.getByRole('list', { name: 'All Category Agents' }).getByRole('article');
    await expect(agents).toHaveCount(9);
    await expect(page.getByRole('button', { name: 'Load More Agents' })).toBeVisible();

    const finance = page.getByRole('list', { name: 'Categories' }).getByRole('button', { name: /Finance/ });
    await finance.click();
    await expect(finance).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: 'Agents in Finance' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Agents in Finance' }).getByRole('article')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Load More Agents' })).toHaveCount(0);

    await finance.click();
    await expect(finance).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { name: 'All Category Agents' })).toBeVisible();

    await page.goto(`/categories?categoryId=4`);
    await expect(page.getByRole('heading', { name: 'Agents in Finance' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(page.getByRole('heading', { name: 'All Category Agents' })).toBeVisible();
  });

  test('Load More Agents loads the next page and a card opens its agent', async ({ page }) => {
    await page.goto('/categories');
    const agents = page.getByRole('list', { name: 'All Category Agents' }).getByRole('article');
    await expect(agents).toHaveCount(9);
    await page.getByRole('button', { name: 'Load More Agents' }).click();
    await expect(agents).toHaveCount(18);
    // The whole card is the link, named by the agent: a tap on its picture opens it.
    const name = (await agents.first().getByRole('heading').textContent())!;
    await expect(agents.first().getByRole('link')).toHaveAccessibleName(name);
    await agents.first().click({ position: { x: 40, y: 40 } });
    await expect(page).toHaveURL(/\/agent\/\d+$/);
    await expect(page.getByRole('tab', { name: 'Description' })).toBeVisible();
  });
});

test.describe('Discover', () => {
  test('sorts newest first, filters by category chip and by the More Filters panel', async ({ page }) => {
    await page.goto('/discover');
    await expect(page.getByRole('heading', { level: 1, name: 'Discover AI Agents' })).toBeVisible();
    await expect(page.getByLabel('Sort by').filter({ visible: true })).toHaveValue('newest');
    await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText('DealRoom Analyst');

    await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'Legal' }).click();
    await expect(page.getByText('Showing 2 agents')).toBeVisible();

    await page.getByRole('button', { name: 'More Filters' }).click();
    await expect(page.getByRole('region', { name: 'More filters' })).toBeVisible();
    await page.getByLabel('Maximum credit cost').filter({ visible: true }).selectOption({ label: 'Up to 5 credits' });
    await expect(page.getByRole('heading', { name: 'No agents found' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Showing 2 agents')).toBeVisible();

    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test('/agents-agent91 lists priced agents with the credits banner', async ({ page }) => {
  await page.goto('/agents-agent91');
  await expect(page.getByRole('heading', { level: 1, name: 'Meet Your First 22+ AI Agents' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start with $10 Credits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book Free Demo' })).toHaveAttribute('href', '/propose-agent');
  const list = page.getByRole('list', { name: 'Agents' });
  await expect(list.getByRole('article')).toHaveCount(12);
  await expect(list.getByText(/^\$\d+\/month avg$/).first()).toBeVisible();
  const tryLink = list.getByRole('link', { name: /^Try LeadScout Pro/ });
  await expect(tryLink).toHaveAttribute('target', '_blank');
  await expect(tryLink).toHaveAttribute('rel', /noopener/);
  await expect(tryLink).toHaveAttribute('href', 'https://leadscout-pro.agents.example.com/app');
  await page.getByLabel('Sort by').filter({ visible: true }).selectOption({ label: 'Most Votes' });
  await expect(page).toHaveURL(/sort=reviews/);
});

test('cards keep their place as they come into view, so a tap lands where it was aimed', async ({ page }) => {
  // Cards off screen are laid out only when scrolled near; the height held for them must be their
  // own, or the rows shift (and the Load More button under them moves between press and release).
  for (const width of [360, 1280])
    for (const path of ['/agents', '/agents?view=list', '/categories']) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(path);
      const more = page.getByRole('button', { name: 'Load More Agents' });
      await expect(more).toBeVisible();
      const top = () => more.evaluate((button) => Math.round(button.getBoundingClientRect().top + window.scrollY));
      const before = await top();
      // Scroll down as a thumb would, a frame at a time, so every row is laid out on the way.
      await page.evaluate(async () => {
        const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        for (let y = 0; y < document.documentElement.scrollHeight; y += 200) {
          // Not smooth (the page's own scrolling is): each step lands before the next.
          window.scrollTo({ top: y, behavior: 'instant' });
          await frame();
        }
      });
      expect(await top(), `${path} at ${width} px`).toBe(before);
    }
});

test('browse pages fit a 360 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/agents', '/categories', '/discover', '/search?q=ledger', '/agents-agent91']) {
    await page.goto(path);
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await overflowRight(page), path).toBeLessThanOrEqual(0.5);
  }
});
