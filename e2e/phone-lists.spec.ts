import { expect, test, type Locator, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/axe';

// A phone held in one hand: 360x740, touch (docs/decisions/0023-phone-first-lists.md).
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const results = (page: Page) => page.getByRole('list', { name: 'Agent results' }).getByRole('article');

/** Whether any part of the element is on the first screen (the viewport as it is now). */
const onScreen = async (locator: Locator) => {
  const box = await locator.boundingBox();
  const height = locator.page().viewportSize()!.height;
  return box !== null && box.y < height && box.y + box.height > 0;
};

test('a tap anywhere on a card opens its agent; the card is one link named by the agent, tall enough for a thumb', async ({
  page,
}) => {
  await page.goto('/agents');
  const card = results(page).first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const links = card.getByRole('link');
  await expect(links).toHaveCount(1);
  await expect(links).toHaveAccessibleName(name);
  const box = (await card.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  // A tap near the card's foot, far from the heading's text, opens the agent too.
  await card.tap({ position: { x: 20, y: box.height - 20 } });
  await expect(page).toHaveURL(/\/agents\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('the list view is a compact row on a phone', async ({ page }) => {
  await page.goto('/agents?view=list');
  const card = results(page).first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  const picture = (await card.locator('img, [aria-hidden]').first().boundingBox())!;
  // The picture sits beside the text, and a card takes a fraction of the screen.
  expect(picture.width).toBeLessThan(box.width / 2);
  expect(box.height).toBeLessThan(220);
  await expect(results(page).nth(2)).toBeInViewport();
});

test('filters and sort open in a sheet, apply at once, stay in the URL and show as removable chips; results are on the first screen', async ({
  page,
}) => {
  await page.goto('/agents');
  await expect(results(page).first()).toBeVisible();
  expect(await onScreen(results(page).first())).toBe(true);

  await page.getByRole('button', { name: /^Filters/ }).tap();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await sheet.getByLabel('Department').selectOption({ label: 'Finance' });
  await sheet.getByLabel('Sort by').selectOption({ label: 'Newest' });
  await expect(page).toHaveURL(/department=\d+/);
  await expect(page).toHaveURL(/sort=newest/);
  const show = sheet.getByRole('button', { name: /^Show \d+ results?$/ });
  await expect(show).toBeVisible();
  await show.tap();
  await expect(sheet).toBeHidden();

  await expect(page.getByRole('button', { name: 'Filters 2 filters on' })).toBeVisible();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByText('Department: Finance')).toBeVisible();
  await expect(results(page).first()).toContainText('Finance');
  expect(await onScreen(results(page).first())).toBe(true);

  // The URL holds the view: a reload shows the same list and chips.
  await page.reload();
  await expect(chips.getByText('Department: Finance')).toBeVisible();
  await chips.getByRole('button', { name: 'Remove filter Department: Finance' }).tap();
  await expect(page).not.toHaveURL(/department=/);
  await expect(page.getByRole('button', { name: 'Filters 1 filter on' })).toBeVisible();

  // Escape closes the sheet and gives the focus back to the button that opened it.
  await page.getByRole('button', { name: /^Filters/ }).tap();
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeFocused();
});

test('the sheet made ready while the page is idle moves nothing: the place in the list and the focus stay, no dialog is left open, and Filters opens it', async ({
  page,
}) => {
  // The first modal of a page is opened and closed once out of sight when the page is idle
  // (filter-sheet.tsx): recorded here as it happens.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { probes: string[] }).probes = seen;
    new MutationObserver((records) => {
      // The sheet's own dialog is inside the app; the probe is put straight in <body>.
      for (const record of records.filter((r) => r.target === document.body)) {
        for (const node of record.addedNodes) if (node instanceof HTMLDialogElement) seen.push('added');
        for (const node of record.removedNodes) if (node instanceof HTMLDialogElement) seen.push('removed');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/agents');
  await expect(results(page).first()).toBeVisible();
  // Scrolled down before the app has started (reading does not start it), so the warm-up, which
  // only a started app does, comes after the scroll; then a tap in the page's margin, on no link,
  // starts the app.
  await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }));
  expect(await page.evaluate(() => (window as unknown as { probes: string[] }).probes.join(','))).toBe('');
  await page.touchscreen.tap(5, 400);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { probes: string[] }).probes.join(',')))
    .toBe('added,removed');
  expect(await page.evaluate(() => window.scrollY)).toBe(1200);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.getByRole('button', { name: /^Filters/ }).tap();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet.getByLabel('Department')).toBeVisible();
  // Focus is in the sheet, on its first control.
  await expect(sheet.getByRole('button', { name: 'Close filters' })).toBeFocused();
});

test('every list keeps its filters in a sheet on a phone', async ({ page }) => {
  for (const [path, label] of [
    ['/discover', 'Minimum rating'],
    ['/search?q=lead', 'Department'],
    ['/categories', 'Sort by'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('main article').first()).toBeVisible();
    expect(await onScreen(page.locator('main article').first()), path).toBe(true);
    await page.getByRole('button', { name: /^Filters/ }).tap();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByLabel(label)).toBeVisible();
    await expectNoSeriousViolations(page);
    await sheet.getByRole('button', { name: 'Close filters' }).tap();
    await expect(sheet).toBeHidden();
  }
});

test('Back returns to the list with every page it had loaded, at the card that was opened', async ({ page }) => {
  await page.goto('/agents');
  await expect(results(page)).toHaveCount(12);
  for (const count of [24, 36]) {
    await page.getByRole('button', { name: 'Load More Agents' }).tap();
    await expect(results(page)).toHaveCount(count);
  }
  const card = results(page).nth(30);
  await card.scrollIntoViewIfNeeded();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link').tap();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // A new page starts at the top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(results(page)).toHaveCount(36);
  await expect(page.getByRole('heading', { level: 3, name })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(3000);
});

test('a category tile brings its agents on screen', async ({ page }) => {
  await page.goto('/');
  const tile = page
    .getByRole('region', { name: 'Explore by Category' })
    .getByRole('link')
    .filter({ hasText: 'Finance' });
  await tile.scrollIntoViewIfNeeded();
  await tile.tap();
  await expect(page).toHaveURL(/\/categories\?categoryId=\d+/);
  await expect(page.getByRole('heading', { name: 'Agents in Finance' })).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Agents in Finance' }).getByRole('article').first()).toBeInViewport();
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 720 }, hasTouch: false, isMobile: false });

  test('choosing a category tile scrolls to its agents', async ({ page }) => {
    await page.goto('/categories');
    await expect(page.getByRole('list', { name: 'All Category Agents' }).getByRole('article').first()).toBeVisible();
    await page
      .getByRole('list', { name: 'Categories' })
      .getByRole('button', { name: /^Finance/ })
      .click();
    await expect(page.getByRole('heading', { name: 'Agents in Finance' })).toBeInViewport();
    // The filters are on the page, not in a sheet.
    await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
  });
});
