import { expect, test, type Page } from '@playwright/test';

/**
 * Records, at the moment the app first becomes visible, which agent cards and loading placeholders
 * the screen shows (docs/decisions/0007: the first screen appears whole).
 */
async function recordFirstScreen(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { firstScreen?: { cards: number; loading: number } };
    const observer = new MutationObserver(() => {
      const root = document.getElementById('root');
      if (!root || root.style.opacity === '0' || !root.firstElementChild || w.firstScreen) return;
      w.firstScreen = {
        cards: root.querySelectorAll('article').length,
        loading: root.querySelectorAll('[role="status"][aria-label^="Loading"]').length,
      };
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
  });
}

type FirstScreen = { cards: number; loading: number };

const firstScreen = (page: Page): Promise<FirstScreen> =>
  page
    .waitForFunction(() => (window as unknown as { firstScreen?: FirstScreen }).firstScreen)
    .then((handle) => handle.jsonValue() as Promise<FirstScreen>);

test('a first visit to Browse Agents appears with its agents, never a skeleton first', async ({ page }) => {
  await recordFirstScreen(page);
  await page.goto('/agents');
  const shown = await firstScreen(page);
  expect(shown.loading).toBe(0);
  expect(shown.cards).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
});

test('a slow API does not keep the page blank: the skeletons show after the wait ceiling', async ({ page }) => {
  await page.route('**/api/agents?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await route.continue().catch(() => undefined);
  });
  await recordFirstScreen(page);
  await page.goto('/agents');
  const shown = await firstScreen(page);
  expect(shown.cards).toBe(0);
  expect(shown.loading).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading agents' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^View / }).first()).toBeVisible({ timeout: 15_000 });
});

test('the header bar shows before any script or style sheet has arrived, where the app then draws its own', async ({ page }) => {
  // Scripts and the style sheet never arrive: what shows comes from the page's HTML alone.
  await page.route('**/assets/**', (route) => route.abort());
  await page.goto('/agents');
  const early = page.getByText('AgentMarket', { exact: true });
  await expect(early).toBeVisible();
  const earlyBox = await early.boundingBox();

  await page.unroute('**/assets/**');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
  const box = await page.getByRole('banner').getByRole('link', { name: 'AgentMarket' }).getByText('AgentMarket').boundingBox();
  expect(box).toEqual(earlyBox);
  // Once the app shows, the early bar is gone: a tap on the name is a tap on the app's home link.
  const center = { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
  await expect.poll(() => page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.getAttribute('href') ?? null, center)).toBe('/');
});

test("the page's own scripts are fetched at low priority, after the style sheet its first paint needs", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests: { path: string; type?: string; priority: string; byParser: boolean }[] = [];
  cdp.on('Network.requestWillBeSent', (event) =>
    requests.push({ path: new URL(event.request.url).pathname, type: event.type, priority: event.request.initialPriority, byParser: event.initiator.type === 'parser' }),
  );
  for (const path of ['/agents', '/']) {
    requests.length = 0;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const scripts = requests.filter((r) => r.byParser && r.type === 'Script');
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) expect(script.priority, script.path).toBe('Low');
    expect(requests.find((r) => r.type === 'Stylesheet')?.priority).toBe('VeryHigh');
  }
});
