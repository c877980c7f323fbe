import { expect, test, type Page } from './support/test';
import { overflowRight } from './support/layout';

const results = (page: Page) => page.getByRole('list', { name: 'Search results' });

for (const { name, width, height } of [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`search at ${width} px (${name})`, () => {
    test.use({ viewport: { width, height } });

    test('the header search box suggests as you type; arrows pick one and Enter opens it', async ({ page }) => {
      await page.goto('/about');
      if (width < 768) {
        // Phones: an icon opens the box, focused.
        await page.getByRole('button', { name: 'Open search' }).click();
      }
      const box = page.getByRole('combobox', { name: 'Search agents' });
      await expect(box).toBeVisible();
      await box.click();
      await page.keyboard.type('ledg');
      const list = page.getByRole('listbox', { name: 'Suggestions' });
      await expect(list.getByRole('option').first()).toHaveText(/LedgerLens/);
      await expect(box).toHaveAttribute('aria-expanded', 'true');

      // Escape closes the list and keeps the text; Down opens it again on the first suggestion.
      await page.keyboard.press('Escape');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(box).toHaveValue('ledg');
      await page.keyboard.press('ArrowDown');
      const first = list.getByRole('option').first();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);

      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/agents\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: 'LedgerLens' })).toBeVisible();
    });

    test('Enter without a suggestion searches; a typo is corrected with the original one click away', async ({
      page,
    }) => {
      await page.goto('/');
      if (width < 768) await page.getByRole('button', { name: 'Open search' }).click();
      const box = page.getByRole('combobox', { name: 'Search agents' });
      await box.fill('contrct reveiw');
      await box.press('Enter');
      // Before hydration the form submits natively (a space is `+`); after, the app navigates (`%20`).
      // Either way it is the same search.
      await expect(page).toHaveURL(/\/search\?q=contrct(%20|\+)reveiw$/);
      // The heading names what was searched; the words typed are one tap away.
      await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "contract review"' })).toBeVisible();
      await expect(page.getByText('Showing results for contract review')).toBeVisible();
      await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText('ContractSentry');
      // The matched words are marked, as text: a part of the name (docs/decisions/0026) and the description's word.
      const marks = results(page).getByRole('article').first().locator('mark');
      await expect(marks.first()).toHaveText('Contract');
      await expect(marks.filter({ hasText: /^Reviews$/ }).first()).toBeVisible();

      await page.getByRole('link', { name: 'Search instead for contrct reveiw' }).click();
      await expect(page).toHaveURL(/exact=1/);
      await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "contrct reveiw"' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
    });

    test('/search filters by department and sorts, in a URL that can be shared', async ({ page }) => {
      await page.goto('/search?q=invoices');
      await expect(results(page).getByRole('article').first().getByRole('heading')).toHaveText('InvoiceHound');
      // On a phone the filters are in a sheet opened by 'Filters'.
      const sheet = page.getByRole('dialog', { name: 'Filters' });
      const filters = width < 768 ? sheet : page.getByRole('main');
      if (width < 768) await page.getByRole('button', { name: /^Filters/ }).click();
      await filters
        .getByLabel('Department', { exact: true })
        .filter({ visible: true })
        .selectOption({ label: 'Finance' });
      await expect(page).toHaveURL(/department=\d+/);
      await filters
        .getByLabel('Sort by', { exact: true })
        .filter({ visible: true })
        .selectOption({ label: 'Highest Rated' });
      await expect(page).toHaveURL(/sort=rating/);
      if (width < 768) {
        await sheet.getByRole('button', { name: /^Show \d+ results?$/ }).click();
        await expect(sheet).toBeHidden();
      }
      // The results the server gives for that department and sort, once the page shows them (the
      // URL changes before the new results arrive).
      const department = new URL(page.url()).searchParams.get('department');
      const ranked = (await (
        await page.request.get(`/api/agents/search?q=invoices&departmentId=${department}&sort=rating`)
      ).json()) as { name: string }[];
      const shown = ranked.map((agent) => agent.name);
      expect(shown.length).toBeGreaterThan(0);
      const headings = results(page).getByRole('article').getByRole('heading');
      await expect(headings).toHaveText(shown);
      // Every result is a Finance agent: its Finance department badge on each card, or its category's
      // when that also says Finance (one badge when the two name the same thing).
      for (const card of await results(page).getByRole('article').all())
        await expect(card.getByText(/^(Department|Category): Finance$/)).toBeVisible();

      // The same URL in a fresh page shows the same results.
      const url = page.url();
      const other = await page.context().newPage();
      await other.goto(url);
      await expect(results(other).getByRole('article').getByRole('heading')).toHaveText(shown);
      if (width < 768) {
        await expect(
          other.getByRole('list', { name: 'Active filters' }).getByText('Department: Finance'),
        ).toBeVisible();
        await expect(
          other.getByRole('list', { name: 'Active filters' }).getByText('Sort: Highest Rated'),
        ).toBeVisible();
      } else {
        await expect(
          other.getByRole('main').getByLabel('Department', { exact: true }).filter({ visible: true }),
        ).toHaveValue(/\d+/);
        await expect(
          other.getByRole('main').getByLabel('Sort by', { exact: true }).filter({ visible: true }),
        ).toHaveValue('rating');
      }
      expect(await overflowRight(page)).toBeLessThanOrEqual(1);
    });
  });
}
