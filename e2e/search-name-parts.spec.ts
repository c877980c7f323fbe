// docs/decisions/0026: names found by their parts, suggestions that forgive typos, corrections that say what
// was searched (docs/decisions/0026-search-by-name-parts.md). On a 360 px phone, as the issue was found.
import { expect, test, type Page } from './support/test';

test.use({ viewport: { width: 360, height: 740 } });

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

async function openHeaderSearch(page: Page) {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Open search' }).click();
  const box = page.getByRole('combobox', { name: 'Search agents' });
  await expect(box).toBeFocused();
  return box;
}

test("typing 'scout' in the header suggests LeadScout Pro, with the part marked", async ({ page }) => {
  const box = await openHeaderSearch(page);
  await page.keyboard.type('scout');
  const first = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first();
  await expect(first).toHaveText(/LeadScout Pro/);
  await expect(first.locator('mark')).toHaveText('Scout');
  await expect(box).toHaveAttribute('aria-expanded', 'true');

  // A typo and a part typed as its own word still find it; the keyboard opens it as before.
  await box.fill('lead scoutt');
  await expect(first).toHaveText(/LeadScout Pro/);
  await page.keyboard.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'LeadScout Pro' })).toBeVisible();
});

test("'invoces' is suggested as InvoiceHound, and searched as 'invoices' with the words typed one tap away", async ({
  page,
}) => {
  const box = await openHeaderSearch(page);
  await page.keyboard.type('invoces');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toHaveText(/InvoiceHound/);
  await expect(list.getByRole('option').first().locator('mark')).toHaveText('Invoice');

  // Enter with no suggestion chosen searches what was typed.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=invoces$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "invoices"' })).toBeVisible();
  await expect(page.getByText('Showing results for invoices · Search instead for invoces')).toBeVisible();
  await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText('InvoiceHound');

  await page.getByRole('link', { name: 'Search instead for invoces' }).click();
  await expect(page).toHaveURL(/exact=1/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "invoces"' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
  await expect(page.getByText('Showing results for')).toHaveCount(0);
});

test('/search?q=hound shows InvoiceHound first with the part of its name marked, and no correction', async ({
  page,
}) => {
  await page.goto('/search?q=hound');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "hound"' })).toBeVisible();
  const first = results(page).getByRole('article').first();
  await expect(first.getByRole('heading')).toHaveText('InvoiceHound');
  await expect(first.getByRole('heading').locator('mark')).toHaveText('Hound');
  await expect(page.getByText('Showing results for')).toHaveCount(0);
});
