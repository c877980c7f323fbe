import { expect, test } from './support/test';
import { agentNamed } from './support/agents';
import { APP_CHUNK } from './support/app-start';

// The page's code is refused on purpose: Chromium logs the failed request, React the error it caught
// and, when the page was hydrating, that it rendered it afresh instead (error #422).
test.use({
  serviceWorkers: 'block',
  allowedConsoleErrors: [/Failed to load resource|dynamically imported module|React error #422/],
});

const PROPOSE_CODE = '**/assets/propose-agent-*.js';

test('a page whose code fails to download says so under the header, and loads on Try again', async ({ page }) => {
  // A dropped connection, or a release that replaced the chunk: the app reloads once by itself
  // (app/components/layout/page-error.tsx), and the second failure is a message, not a blank page.
  await page.route(PROPOSE_CODE, (route) => route.abort());
  await page.goto('/propose-agent');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(page).toHaveTitle(/This page could not be loaded/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'AgentMarket' })).toBeVisible();

  await page.unroute(PROPOSE_CODE);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Propose an Agent' })).toBeVisible();
});

test('after a page failed, the next one opens in the app', async ({ page }) => {
  await page.route(PROPOSE_CODE, (route) => route.abort());
  await page.goto('/propose-agent');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Agents', exact: true }).click();
  await expect(page).toHaveURL('/agents');
  await expect(page.getByRole('heading', { level: 1, name: /agents/i })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toHaveCount(0);
});

test('a part downloaded in the background that fails never reloads over a half-filled form', async ({ page }) => {
  // The toasts' code loads when the browser is idle: refused, the page goes on without it.
  const toasterRefused = page.waitForEvent('requestfailed', (request) => /\/assets\/toaster-/.test(request.url()));
  await page.route('**/assets/toaster-*.js', (route) => route.abort());
  await page.goto('/propose-agent');
  let loads = 0;
  page.on('load', () => loads++);
  await page.getByLabel('Agent name').fill('Contract reviewer');
  await toasterRefused;
  // A reload would follow the failure within a task or two; the page is asked after them.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  await expect(page.getByLabel('Agent name')).toHaveValue('Contract reviewer');
  expect(loads).toBe(0);
});

test('a tap held for the app whose code fails to download is given back, and the page says to reload', async ({
  page,
}) => {
  const agent = await agentNamed(page.request, 'LedgerLens');
  // The app's own code (the module the entry script imports on the first tap) refused.
  await page.route(APP_CHUNK, (route) => route.abort());
  await page.goto(`/agents/${agent.id}#reviews`);
  const write = page.getByRole('button', { name: /Write a Review/ });
  await write.click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not finish loading' });
  const notice = page.getByRole('region', { name: 'Notifications' }).filter({ has: alert });
  await expect(alert).toContainText('Check your connection, then reload it.');
  // Not left 'Starting…' for ever.
  await expect(write).not.toHaveAttribute('aria-busy', 'true');
  await expect(write).toHaveAccessibleName('Write a Review');
  // Dismissed, and tapped again: said again, and the button given back again.
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
  await write.click();
  await expect(alert).toBeVisible();
  await expect(alert).toHaveCount(1);
  await expect(write).not.toHaveAttribute('aria-busy', 'true');

  await page.unroute(APP_CHUNK);
  await Promise.all([page.waitForEvent('load'), notice.getByRole('link', { name: 'Reload' }).click()]);
  await expect(alert).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/agents/${agent.id}#reviews$`));
  await page.getByRole('button', { name: /Write a Review/ }).click();
  await expect(page.getByText('Please log in to write a review')).toBeVisible();
});

test('what the page says while it could not finish loading shows under that message, not behind it', async ({
  page,
}) => {
  // No share sheet: Share copies the link, and says so.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async () => undefined } });
    Object.defineProperty(navigator, 'share', { configurable: true, get: () => undefined });
  });
  const agent = await agentNamed(page.request, 'LedgerLens');
  await page.route(APP_CHUNK, (route) => route.abort());
  await page.goto(`/agents/${agent.id}#reviews`);
  await page.getByRole('button', { name: /Write a Review/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This page could not finish loading' });
  await expect(alert).toBeVisible();
  await page.getByRole('button', { name: 'Share' }).first().click();
  const copied = page.getByRole('status').filter({ hasText: 'Link copied' });
  await expect(copied).toBeVisible();
  // Drawn on top: what a tap at its middle meets is the note itself, not the message over it.
  const box = (await copied.boundingBox())!;
  const atItsMiddle = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.textContent,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(atItsMiddle).toBe('Link copied');
  await expect(alert).toBeVisible();
});

test('a page that needs the app says unasked that its code failed to download', async ({ page }) => {
  await page.route(APP_CHUNK, (route) => route.abort());
  await page.goto('/propose-agent');
  await expect(page.getByRole('alert').filter({ hasText: 'This page could not finish loading' })).toBeVisible();
});
