import { expect, test, type Locator, type Page } from './support/test';
import { expectNoSeriousViolations } from './support/axe';
import { focusRingCutOff } from './support/layout';

/** Presses Tab until `target` has the focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator) {
  for (
    let presses = 0;
    presses < 100 && !(await target.evaluate((element) => element === document.activeElement));
    presses++
  )
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Every public route this part of the app owns, with what marks it as loaded. */
const PAGES: [string, (page: Page) => Promise<void>][] = [
  ['/agents', (p) => expect(p.getByRole('list', { name: 'Agent results' }).getByRole('article').first()).toBeVisible()],
  ['/agents?search=qqqzzzxxyy', (p) => expect(p.getByRole('heading', { name: 'No agents found' })).toBeVisible()],
  [
    '/categories',
    (p) => expect(p.getByRole('list', { name: 'All Category Agents' }).getByRole('article').first()).toBeVisible(),
  ],
  [
    '/agents-agent91',
    (p) => expect(p.getByRole('list', { name: 'Agents' }).getByRole('article').first()).toBeVisible(),
  ],
  [
    '/discover',
    (p) => expect(p.getByRole('list', { name: 'Agent results' }).getByRole('article').first()).toBeVisible(),
  ],
  ['/search?q=ledger', (p) => expect(p.getByRole('list', { name: 'Search results' })).toBeVisible()],
  ['/search?q=qqqzzzxxyy', (p) => expect(p.getByRole('heading', { name: 'No results found' })).toBeVisible()],
  ['/agent/1', (p) => expect(p.getByRole('tab', { name: 'Description' })).toBeVisible()],
  ['/agent/999999', (p) => expect(p.getByRole('heading', { name: 'Agent Not Found' })).toBeVisible()],
  [
    '/agent91',
    (p) => expect(p.getByRole('list', { name: 'Featured agents' }).getByRole('article').first()).toBeVisible(),
  ],
  ['/alternative', (p) => expect(p.getByRole('list', { name: 'Agents' }).getByRole('article').first()).toBeVisible()],
  [
    '/alternative1',
    (p) => expect(p.getByRole('list', { name: 'Verified agents' }).getByRole('article').first()).toBeVisible(),
  ],
  [
    '/alternative2',
    (p) => expect(p.getByRole('list', { name: 'Network agents' }).getByRole('article').first()).toBeVisible(),
  ],
];

for (const [path, loaded] of PAGES) {
  test.describe(() => {
    // A missing agent answers 404, which the browser logs.
    if (path === '/agent/999999') test.use({ allowedConsoleErrors: [/status of 404/] });
    test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await loaded(page);
      await expectNoSeriousViolations(page);
    });
  });
}

test('open panels and tabs have no serious or critical violations', async ({ page }) => {
  await page.goto('/discover');
  await page.getByRole('button', { name: 'More Filters' }).click();
  await expect(page.getByRole('region', { name: 'More filters' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/alternative2');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('region', { name: 'Filters' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/agent/1');
  for (const name of ['Features', 'Demo Video', /^Reviews/]) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    // The panel's content may still be loading its code: check once it is there, as a reader sees it.
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await expectNoSeriousViolations(page);
  }
  await page.getByRole('button', { name: 'Write a Review' }).click();
  await expect(page.getByText('Please log in to write a review')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a card reached with the keyboard shows it is focused, whole, on and below the first screen', async ({ page }) => {
  for (const [path, list] of [
    ['/agents', 'Agent results'],
    ['/categories', 'All Category Agents'],
  ] as const) {
    await page.goto(path);
    // The first card, and one laid out only once scrolled near (content-visibility).
    for (const index of [0, 5]) {
      const card = page.getByRole('list', { name: list }).getByRole('article').nth(index);
      const link = card.getByRole('link', { name: (await card.getByRole('heading').textContent())!.trim() });
      await tabTo(page, link);
      // The card's own outline: a ring drawn by the link would be cut off by the card's edges.
      await expect(card).toHaveCSS('outline-style', 'solid');
      await expect(card).toHaveCSS('outline-width', '3px');
      await expect(card).toBeInViewport();
    }
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the focus ring shows whole on controls inside clipping rows and lines', async ({ page }) => {
    await page.goto('/');
    // A card's "by <creator>" link, in a line that truncates (clips) what does not fit.
    await tabTo(page, page.getByRole('article').locator('a[href^="/creators/"]').first());
    expect(await focusRingCutOff(page)).toEqual([]);

    // Chips and tiles in rows that scroll sideways.
    await page.goto('/discover');
    await tabTo(page, page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: 'All' }));
    expect(await focusRingCutOff(page)).toEqual([]);
    await page.goto('/categories');
    await tabTo(page, page.getByRole('list', { name: 'Categories' }).getByRole('button').first());
    expect(await focusRingCutOff(page)).toEqual([]);
  });

  test("a card's creator link takes a thumb's tap: 24 px tall, though its text is shorter", async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('article').locator('a[href^="/creators/"]').first();
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(24);
    const href = await link.getAttribute('href');
    // 10 px above and below the middle of its 16 px line of text: on the link, not on the card's own
    // link around it, both for what the page hits there and for a tap of a touch screen (Chromium
    // adjusts a tap to the target it judges meant).
    const x = box.x + box.width / 2;
    const middle = box.y + box.height / 2;
    for (const y of [middle - 10, middle + 10])
      expect(
        await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('a')?.getAttribute('href'), [x, y]),
      ).toBe(href);
    await page.touchscreen.tap(x, middle + 10);
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test('Escape closes the menu and gives the focus back to its button', async ({ page }) => {
    await page.goto('/agents');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Agents' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('a control focused under the sticky header is brought out from under it', async ({ page }) => {
  await page.goto('/agents');
  const card = page.getByRole('list', { name: 'Agent results' }).getByRole('article').nth(3);
  const link = card.getByRole('link', { name: (await card.getByRole('heading').textContent())!.trim() });
  const header = page.getByRole('banner');
  const headerBottom = async () => {
    const box = (await header.boundingBox())!;
    return box.y + box.height;
  };
  // Scrolled so that the card's link sits behind the header, as tabbing backwards leaves it.
  const top = (await link.boundingBox())!.y;
  await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), top - (await headerBottom()) / 2);
  expect((await link.boundingBox())!.y).toBeLessThan(await headerBottom());
  // Focused as Tab focuses it (the browser scrolls to a focused element the same way either way).
  await link.focus();
  await expect(link).toBeFocused();
  // Scrolling to the focus may be smooth: it settles clear of the header.
  await expect.poll(async () => (await link.boundingBox())!.y >= (await headerBottom()) - 1).toBe(true);
});
