// The agent page on a phone (docs/decisions/0023): the cost and Try Agent on the first screen, sign-in that
// returns to the page, a short balance sent to buy credits, Back to the list it came from, Share.
import { expectNoSeriousViolations } from './support/axe';
import { agentNamed, type AgentJson } from './support/agents';
import { registerOn } from './support/accounts';
import { startTheApp } from './support/app-start';
import { reportOffline, reportOnline } from './support/pwa';
import { expect, test, type Locator, type Page } from './support/test';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
// Accounts made here count against a client of their own: registrations are limited per client
// per hour, and the whole suite, all from this machine, makes more than one client may.
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': `198.51.100.${1 + Math.floor(Math.random() * 250)}` } });

const bar = (page: Page, agent: AgentJson) => page.getByRole('region', { name: `Try ${agent.name}` });
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });
const unique = () => `p${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Whether the element lies wholly inside the viewport. */
async function onFirstScreen(page: Page, locator: Locator): Promise<void> {
  const box = (await locator.boundingBox())!;
  const { height } = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height + 0.5);
}

test.describe('agent page at 360 px', () => {
  test('the cost and Try Agent are on the first screen, and the bar covers nothing at the end of the page', async ({
    page,
    request,
  }) => {
    const agent = await agentNamed(request, 'LeadScout Pro');
    await page.goto(`/agents/${agent.id}`);
    const tryBar = bar(page, agent);
    await expect(tryBar).toBeVisible();
    await onFirstScreen(page, tryBar);
    await expect(tryBar.getByText(String(agent.creditCost), { exact: true })).toBeVisible();
    await expect(tryBar.getByText('credits per use')).toBeVisible();
    const login = tryBar.getByRole('link', { name: 'Login to Try Agent' });
    await onFirstScreen(page, login);
    // One Try Agent per width: the sidebar's card is not shown (nor read out) on a phone.
    await expect(page.getByRole('link', { name: 'Login to Try Agent' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Credits required' })).toHaveCount(0);

    // At the end of the page the bar rests between the page's last content and the footer, covering
    // neither (a bar fixed to the screen would lie over the footer here).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeInViewport();
    await expect
      .poll(async () => (await tryBar.boundingBox())!.y + (await tryBar.boundingBox())!.height)
      .toBeLessThanOrEqual((await footer.boundingBox())!.y + 0.5);
    const infoBox = (await page.getByRole('region', { name: 'Agent info' }).boundingBox())!;
    expect(infoBox.y + infoBox.height).toBeLessThanOrEqual((await tryBar.boundingBox())!.y);

    await expectNoSeriousViolations(page);
  });

  test("a visitor's Login to Try Agent signs in and comes back to the agent", async ({ page, request }) => {
    const agent = await agentNamed(request, 'LeadScout Pro');
    await page.goto(`/agents/${agent.id}`);
    await bar(page, agent).getByRole('link', { name: 'Login to Try Agent' }).click();
    await expect(page).toHaveURL(`/auth?next=%2Fagents%2F${agent.id}`);
    await page.getByLabel('Username or email').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`/agents/${agent.id}`);
    await expect(
      bar(page, agent).getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` }),
    ).toBeVisible();
  });

  test('registering from Login to Try Agent comes back to the agent too, the bar above the confirm-email notice', async ({
    page,
    request,
  }) => {
    const agent = await agentNamed(request, 'LeadScout Pro');
    await page.goto(`/agents/${agent.id}`);
    await bar(page, agent).getByRole('link', { name: 'Login to Try Agent' }).click();
    await expect(page).toHaveURL(`/auth?next=%2Fagents%2F${agent.id}`);
    const username = unique();
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(`/agents/${agent.id}`);
    await expect(toast(page, 'Registration successful')).toBeVisible();
    const tryButton = bar(page, agent).getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` });
    await expect(tryButton).toBeVisible();
    const notice = page.getByRole('region', { name: 'Confirm your email address' });
    await expect(notice).toBeVisible();
    await expect
      .poll(async () => (await tryButton.boundingBox())!.y + (await tryButton.boundingBox())!.height)
      .toBeLessThanOrEqual((await notice.boundingBox())!.y);
  });

  test('losing the connection moves nothing on screen: its notice comes at the bottom, under the try bar', async ({
    page,
    request,
    baseURL,
  }) => {
    const agent = await agentNamed(request, 'LeadScout Pro');
    await registerOn(page, baseURL, 'p');
    await page.goto(`/agents/${agent.id}`);
    await startTheApp(page);
    const tryBar = bar(page, agent);
    const confirm = page.getByRole('region', { name: 'Confirm your email address' });
    await expect(confirm).toBeVisible();
    const heading = page.getByRole('heading', { level: 1, name: agent.name });
    const headingAt = (await heading.boundingBox())!.y;

    await reportOffline(page);
    const notice = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Showing agents saved on this device');
    expect((await heading.boundingBox())!.y).toBe(headingAt);
    // At the foot of the screen: the notice, the confirm-email bar under it, and the try bar above both.
    const bottom = async (locator: Locator) => {
      const box = (await locator.boundingBox())!;
      return box.y + box.height;
    };
    const top = async (locator: Locator) => (await locator.boundingBox())!.y;
    expect(Math.abs((await bottom(confirm)) - page.viewportSize()!.height)).toBeLessThan(1);
    expect(await bottom(notice)).toBeLessThanOrEqual((await top(confirm)) + 0.5);
    await expect.poll(async () => (await bottom(tryBar)) - (await top(notice))).toBeLessThanOrEqual(0.5);

    // What works offline, a tap away; the try bar keeps clear of the taller notice.
    await notice.getByText('What works offline').tap();
    await expect(notice.getByText(/Proposals, reviews and saves are queued/)).toBeVisible();
    await expect.poll(async () => (await bottom(tryBar)) - (await top(notice))).toBeLessThanOrEqual(0.5);
    await expectNoSeriousViolations(page);

    // Back online (the tap above has scrolled the page): the notice goes, and nothing moves either.
    const stillAt = (await heading.boundingBox())!.y;
    await reportOnline(page);
    await expect(page.getByText('You are offline.')).toHaveCount(0);
    expect((await heading.boundingBox())!.y).toBe(stillAt);
  });

  test('short of the cost: Buy credits to try opens /credits with an amount that covers it, and no tab', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const username = await registerOn(page, baseURL, 'p');
    const origin = { Origin: baseURL ?? '' };
    // Spend 18 of the 100 free credits: 82 left, 8 short of a 90-credit agent.
    const spent = await agentNamed(request, 'CallCoach');
    const tried = await page.request.post(`/api/agents/${spent.id}/try`, {
      headers: { ...origin, 'Idempotency-Key': `phone-${username}` },
    });
    expect(tried.status(), await tried.text()).toBe(200);
    const agent = await agentNamed(request, 'DealRoom Analyst');
    expect(agent.creditCost).toBe(90);

    await page.goto(`/agents/${agent.id}`);
    const tryBar = bar(page, agent);
    const buy = tryBar.getByRole('link', { name: 'Buy credits to try' });
    await expect(buy).toBeVisible();
    await expect(tryBar.getByText('You have 82 credits: not enough for one try.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Try Agent/ })).toHaveCount(0);
    await buy.click();
    await expect(page).toHaveURL(`/credits?amount=50&next=%2Fagents%2F${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Buy Credits' })).toBeVisible();
    await expect(page.getByTestId('purchase-amount')).toHaveText('50 credits');
    await expect(page.getByRole('button', { name: '$50', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(context.pages()).toHaveLength(1);

    // Loaded as such, /credits is rendered for the person with that amount, and hydrates with it.
    await page.reload();
    await expect(page.getByTestId('purchase-amount')).toHaveText('50 credits');
    await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
    expect(context.pages()).toHaveLength(1);
  });

  test('Back to listings returns to the filtered list the agent was opened from', async ({ page, request }) => {
    const departments = (await (await request.get('/api/departments')).json()) as { id: number; name: string }[];
    const sales = departments.find((d) => d.name === 'Sales')!;
    const list = `/agents?department=${sales.id}`;
    await page.goto(list);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const agent = await agentNamed(request, 'LeadScout Pro');
    await page
      .getByRole('link', { name: /LeadScout Pro/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
    await page.getByRole('link', { name: 'Back to listings' }).click();
    await expect(page).toHaveURL(list);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();

    // Opened directly, there is no list to return to: home.
    await page.goto(`/agents/${agent.id}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Back to listings' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: 'Back to listings' }).click();
    await expect(page).toHaveURL('/');
  });

  test('Share copies the link where there is no share sheet, and a cancelled share sheet is no error', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { copied: string[]; shared: ShareData[]; shareAnswer: 'abort' | 'ok' | null };
      w.copied = [];
      w.shared = [];
      w.shareAnswer = null;
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void w.copied.push(text) },
      });
      // No share sheet unless a test asks for one.
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        get: () =>
          w.shareAnswer === null
            ? undefined
            : async (data: ShareData) => {
                w.shared.push(data);
                if (w.shareAnswer === 'abort') throw new DOMException('Share canceled', 'AbortError');
              },
      });
    });
    const agent = await agentNamed(request, 'LeadScout Pro');
    await page.goto(`/agent/${agent.id}`);
    await page.waitForLoadState('networkidle');
    const link = `${baseURL}/agents/${agent.id}`;
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(toast(page, 'Link copied')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([link]);

    // A phone's share sheet gets the link; closing it says nothing and copies nothing.
    await page.evaluate(() => ((window as unknown as { shareAnswer: string }).shareAnswer = 'abort'));
    await page.getByRole('button', { name: 'Share' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared.map((s) => s.url)))
      .toEqual([link]);
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toHaveLength(1);
  });

  test('a next that leaves the site is ignored: signing in lands on home', async ({ page }) => {
    await page.goto('/auth?next=//evil.example');
    await page.getByLabel('Username or email').fill('demo');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    expect(new URL(page.url()).host).not.toBe('evil.example');
  });
});
