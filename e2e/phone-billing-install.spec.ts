// Billing, receipts, the install offer and toasts on a phone (docs/decisions/0023): 360x740, touch.
import { startTheApp } from './support/app-start';
import { expectNoSeriousViolations } from './support/axe';
import { overflowRight } from './support/layout';
import { expect, test, type APIRequestContext, type Locator, type Page } from './support/test';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
test.use(PHONE);
// Accounts made here count against a client of their own: registrations are limited per client
// per hour, and the whole suite, all from this machine, makes more than one client may.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': `198.51.100.${1 + Math.floor(Math.random() * 250)}` } });

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** A new account (its email unconfirmed, so the confirm-email banner shows); the request's cookies sign the page in. */
async function register(request: APIRequestContext, baseURL: string | undefined): Promise<string> {
  const username = `ph${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const res = await request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'secret-pass', isInternalLogin: false },
    // A client of its own also for a context made by hand (test.use above does not reach those).
    headers: { Origin: baseURL ?? '', 'CF-Connecting-IP': `198.51.100.${1 + Math.floor(Math.random() * 250)}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return username;
}

/** Tries LeadScout Pro (a seeded agent) as the signed-in person; returns it. */
async function tryAgent(
  request: APIRequestContext,
  baseURL: string | undefined,
): Promise<{ id: number; name: string }> {
  const found = (await (await request.get('/api/agents/search?q=LeadScout%20Pro')).json()) as {
    id: number;
    name: string;
  }[];
  const agent = found.find((a) => a.name === 'LeadScout Pro')!;
  const res = await request.post(`/api/agents/${agent.id}/try`, { headers: { Origin: baseURL ?? '' } });
  expect(res.status(), await res.text()).toBe(200);
  return agent;
}

const boxesOverlap = async (a: Locator, b: Locator): Promise<boolean> => {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('both elements must be on screen');
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
};

const history = (page: Page) => page.getByRole('list', { name: 'Credit history' });
const installOffer = (page: Page) => page.getByRole('region', { name: 'Install the app' });

/** What Chromium fires when the app may be installed, as a page can make it (with the two members the app uses). */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    });
    window.dispatchEvent(event);
  });

test.describe('billing and receipts', () => {
  // The stranger's request for someone else's receipt is answered 404, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('billing names and links the agent tried; a purchase opens its receipt, which only its owner sees', async ({
    page,
    baseURL,
    browser,
  }) => {
    await register(page.request, baseURL);
    const agent = await tryAgent(page.request, baseURL);

    await page.goto('/billing');
    const link = history(page).getByRole('link', { name: agent.name });
    await expect(link).toBeVisible();
    await expect(history(page).getByText('Tried agent #')).toHaveCount(0);
    await link.tap();
    await expect(page).toHaveURL(`/agents/${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();

    // Buy 50 credits through the sandbox checkout, as a person does.
    await page.goto('/credits');
    await page.getByRole('button', { name: '$50', exact: true }).tap();
    await page.getByRole('button', { name: 'Continue to Payment' }).tap();
    await expect(page).toHaveURL(/\/checkout\/sandbox\/cs_sandbox_/);
    const session = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Pay $50 (test)' }).tap();
    await expect(page.getByText('Credits Purchased!').first()).toBeVisible();

    await page.goto('/billing');
    await expect(history(page).getByRole('link', { name: agent.name })).toBeVisible();
    expect(await overflowRight(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);
    const purchase = history(page).getByRole('listitem').filter({ hasText: 'Credit purchase' });
    await purchase.getByRole('link', { name: /^View receipt/ }).tap();

    await expect(page).toHaveURL(/\/billing\/receipts\/\d+$/);
    const receiptUrl = new URL(page.url()).pathname;
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await expect(receipt.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
    const line = (term: string) => receipt.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`);
    await expect(line('Amount paid')).toHaveText('$50.00 (USD)');
    await expect(line('Credits')).toHaveText('50');
    await expect(line('Product')).toHaveText('50 AgentMarket credits');
    await expect(line('Date')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    await expect(line('Reference')).toHaveText(session);
    await expect(line('Billed to')).toContainText('@example.com');
    expect(await overflowRight(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    // Print prints the receipt alone.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'Print' }).tap();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('region', { name: 'Confirm your email address' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Back to Billing' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // Another account typing that receipt's address.
    const stranger = await browser.newContext({ ...PHONE, baseURL });
    try {
      const other = await stranger.newPage();
      await register(other.request, baseURL);
      await other.goto(receiptUrl);
      await expect(other.getByRole('heading', { level: 1, name: 'Receipt not found' })).toBeVisible();
      await expect(other.getByText('$50.00')).toHaveCount(0);
      await expect(other.getByRole('link', { name: 'Back to Billing' }).last()).toBeVisible();
    } finally {
      await stranger.close();
    }
  });
});

test('a try on another device after the page was served: once the app starts, history and balance agree', async ({
  page,
  baseURL,
}) => {
  await register(page.request, baseURL);
  const agent = await tryAgent(page.request, baseURL);
  await page.goto('/billing');
  const available = page.getByRole('term').filter({ hasText: 'Available credits' }).locator('+ dd');
  const before = ((await (await page.request.get('/api/credits/balance')).json()) as { balance: number }).balance;
  await expect(available).toHaveText(String(before));
  await expect(history(page).getByRole('link', { name: agent.name })).toHaveCount(1);

  // The same account tries the agent elsewhere; then this page's reader starts using it.
  await tryAgent(page.request, baseURL);
  const after = ((await (await page.request.get('/api/credits/balance')).json()) as { balance: number }).balance;
  expect(after).toBeLessThan(before);
  await startTheApp(page);
  await expect(history(page).getByRole('link', { name: agent.name })).toHaveCount(2);
  await expect(available).toHaveText(String(after));
});

test.describe('install offer', () => {
  test('the install offer is on the Saved page, above the footer, and once dismissed stays dismissed', async ({
    page,
    baseURL,
  }) => {
    await register(page.request, baseURL);
    // The browser offers installation on whichever page it likes; the Saved page keeps the offer.
    await page.goto('/billing');
    // The page is read without the app (docs/decisions/0031); the install offer is the app's.
    await startTheApp(page);
    await offerInstall(page);
    await expect(installOffer(page)).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('link', { name: 'Saved', exact: true }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved agents' })).toBeVisible();
    const offer = installOffer(page);
    await expect(offer.getByRole('button', { name: 'Install app' })).toBeVisible();
    // In the page's flow, before the footer (not after it, where nobody scrolls): it covers nothing.
    const footer = await page.getByRole('contentinfo').boundingBox();
    const card = await offer.boundingBox();
    expect(card!.y + card!.height).toBeLessThanOrEqual(footer!.y + 1);
    expect(await overflowRight(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page);

    await offer.getByRole('button', { name: 'Dismiss install prompt' }).tap();
    await expect(offer).toHaveCount(0);
    await page.reload();
    await startTheApp(page);
    await offerInstall(page);
    // A frame for React to show what the event would have shown.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await expect(offer).toHaveCount(0);
  });

  test('Settings, On this device, offers it too', async ({ page, baseURL }) => {
    await register(page.request, baseURL);
    await page.goto('/settings');
    await startTheApp(page);
    await offerInstall(page);
    const device = page.locator('#settings-device');
    await expect(device.getByRole('region', { name: 'Install the app' })).toBeVisible();
  });

  test.describe('on iPhone Safari', () => {
    test.use({ userAgent: IPHONE_SAFARI });

    test('the Add to Home Screen hint shows once: not after it is dismissed', async ({ page, baseURL }) => {
      await register(page.request, baseURL);
      await page.goto('/saved');
      await startTheApp(page);
      const hint = installOffer(page).getByText('Install: tap Share, then Add to Home Screen');
      await expect(hint).toBeVisible();
      await expect(installOffer(page).getByRole('button', { name: 'Install app' })).toHaveCount(0);
      await installOffer(page).getByRole('button', { name: 'Dismiss install prompt' }).tap();
      await expect(installOffer(page)).toHaveCount(0);
      const reloadAndLook = async () => {
        await page.reload();
        await startTheApp(page);
        // A frame for React to show the offer, had it been due; then what is there is counted once,
        // not waited for.
        await page.evaluate(() => new Promise(requestAnimationFrame));
        return installOffer(page).count();
      };
      expect(await reloadAndLook()).toBe(0);
      // The same look finds the hint when it is due: it is gone above because it was dismissed, not
      // because the look came too early.
      await page.evaluate((key) => localStorage.removeItem(key), 'install-offer-dismissed');
      expect(await reloadAndLook()).toBe(1);
      await expect(hint).toBeVisible();
    });
  });
});

test('a toast never covers the confirm-email banner’s Resend, which stays tappable', async ({ page, baseURL }) => {
  await register(page.request, baseURL);
  await page.goto('/billing');
  const banner = page.getByRole('region', { name: 'Confirm your email address' });
  const resend = banner.getByRole('button', { name: 'Resend' });
  await expect(resend).toBeVisible();

  await resend.tap();
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'Confirmation email sent' });
  await expect(toast).toBeVisible();
  expect(await boxesOverlap(toast, resend)).toBe(false);
  expect(await boxesOverlap(toast, banner)).toBe(false);

  // With the toast still up, a tap on Resend reaches Resend.
  const resent = page.waitForResponse(
    (res) => res.url().endsWith('/api/auth/resend-verification') && res.request().method() === 'POST',
  );
  await resend.tap();
  expect((await resent).status()).toBe(202);
  await expect(toast).toBeVisible();
});
