import { agentNamed, type AgentJson } from './support/agents';
import { startTheApp } from './support/app-start';
import { confirmEmail } from './support/mail';
import { expect, test, type Page } from './support/test';
import { tapStar } from './support/rating';

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

test.describe('Agent detail for a visitor', () => {
  test('shows the hero, the sidebar and keyboard-usable tabs', async ({ page, request }) => {
    const agent = await agentNamed(request, 'LeadScout Pro');
    await page.goto(`/agent/${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'LeadScout Pro' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Rated \d\.\d out of 5$/ })).toBeVisible();
    await expect(page.getByText('Category: Sales')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Back to listings' })).toHaveAttribute('href', '/');

    // Info card.
    const info = page.getByRole('region', { name: 'Agent info' });
    await expect(info.getByText('Created')).toBeVisible();
    await expect(info.getByText('AgentMarket')).toBeVisible();

    // Description is open first; arrow keys move between the tabs.
    await expect(tab(page, 'Description')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('LeadScout Pro turns a one-paragraph description');
    await tab(page, 'Description').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Features')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('tabpanel')).toContainText('Lead scoring with written rationale');

    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Demo Video')).toHaveAttribute('aria-selected', 'true');
    const video = page.getByRole('link', { name: /Watch the demo video/ });
    await expect(video).toHaveAttribute('href', /youtube\.com/);
    await expect(video).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('tabpanel')).toContainText('hosted on YouTube');

    // Visitors are sent to sign in to try, and back here afterwards.
    await page.getByRole('link', { name: 'Login to Try Agent' }).click();
    await expect(page).toHaveURL(`/auth?next=%2Fagent%2F${agent.id}`);
  });

  test('another agent opened from this page starts at its own Description, not the tab left open here', async ({
    page,
    request,
  }) => {
    const ledgerLens = await agentNamed(request, 'LedgerLens');
    await page.goto(`/agents/${ledgerLens.id}`);
    // The app running, each next agent opens inside it; one seen before shows at once, from what the
    // app holds, on the page already there.
    await startTheApp(page);
    /** Another agent from the header's search, as a person looking for the next one would. */
    const openFromSearch = async (typed: string, name: string) => {
      await page.getByRole('combobox', { name: 'Search agents' }).fill(typed);
      await page
        .getByRole('listbox', { name: 'Suggestions' })
        .getByRole('option', { name: new RegExp(name) })
        .click();
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveURL(/\/agents\/\d+$/);
    };
    await openFromSearch('leadsc', 'LeadScout Pro');
    await tab(page, /^Reviews/).click();
    await expect(tab(page, /^Reviews/)).toHaveAttribute('aria-selected', 'true');

    await openFromSearch('ledg', 'LedgerLens');
    await expect(tab(page, 'Description')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, /^Reviews/)).toHaveAttribute('aria-selected', 'false');
    await expect(page.getByRole('tabpanel')).toContainText('LedgerLens pulls statements from your bank feeds');
  });

  test('an agent without a video says so', async ({ page, request }) => {
    const agent = await agentNamed(request, 'LedgerLens');
    await page.goto(`/agents/${agent.id}`);
    await tab(page, 'Demo Video').click();
    await expect(page.getByText('No video available for this agent')).toBeVisible();
  });

  test('reviews: visitors are asked to log in; reviews show with their authors', async ({ page, request }) => {
    const agent = await agentNamed(request, 'LedgerLens');
    await page.goto(`/agent/${agent.id}`);
    await tab(page, /^Reviews \(\d+\)$/).click();
    await expect(page.getByRole('list', { name: 'Reviews' }).getByText('maria_k')).toBeVisible();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect(page.getByText('Please log in to write a review')).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(`/auth?next=%2Fagent%2F${agent.id}`);
  });

  test('an agent without reviews invites the first one', async ({ page, request }) => {
    const agent = await agentNamed(request, 'GrantGuide');
    await page.goto(`/agent/${agent.id}`);
    await tab(page, 'Reviews (0)').click();
    await expect(page.getByText('No reviews yet. Be the first to review this agent!')).toBeVisible();
  });

  test.describe(() => {
    // The missing agent answers 404, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test('a missing agent shows Agent Not Found', async ({ page }) => {
      for (const path of ['/agent/999999', '/agents/not-a-number']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Agent Not Found' })).toBeVisible();
      }
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

test.describe('Agent detail for a signed-in user', () => {
  /** A fresh account per test (100 credits); the API call's cookies are the page's. */
  async function signUp(page: Page, baseURL: string | undefined) {
    const username = `e2e_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const res = await page.request.post('/api/auth/register', {
      data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', isInternalLogin: false },
      headers: { Origin: baseURL ?? '' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return username;
  }

  test('tries an agent in a new tab, pays for it and reviews it', async ({ page, context, request, baseURL }) => {
    const username = await signUp(page, baseURL);
    // Reviews need a confirmed address (docs/product.md#reviews): follow the mailed link.
    await confirmEmail(page.request, `${username}@example.com`, baseURL ?? '');
    const agent = await agentNamed(request, 'LeadScout Pro');
    await page.goto(`/agent/${agent.id}`);
    const credits = page.getByTestId('navbar-credits');
    await expect(credits).toHaveText('100');

    // The agent's own site stands in for the real one (no network in tests).
    const site = new URL(agent.externalUrl);
    await context.route(`${site.origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Agent site</title>' }),
    );
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` }).click();
    const popup = await popupOpened;
    await expect(page.getByText('Credits deducted')).toBeVisible();
    await expect.poll(() => popup.url()).toContain(site.host);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(credits).toHaveText(String(100 - agent.creditCost));
    await popup.close();

    await tab(page, /^Reviews/).click();
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const stars = page.getByRole('group', { name: 'Your rating' });
    await expect(stars.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await tapStar(stars, '4 stars');
    await page.getByLabel(/Comment/).fill('Found twelve solid leads in my first run.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    // Their own review shows once, pinned on top as 'Your review', not again in the list.
    const mine = page.getByRole('region', { name: 'Your review' });
    await expect(mine.getByText('Found twelve solid leads in my first run.')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Reviews', exact: true }).getByRole('listitem', { name: `Review by ${username}` }),
    ).toHaveCount(0);
    await expect(tab(page, /^Reviews/)).toHaveAttribute('aria-selected', 'true');
    // Paid for a try first: the review says so.
    await expect(mine.getByText('Tried it')).toBeVisible();
  });

  test.describe(() => {
    // The refused try answers 402, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 402/] });
    test('without enough credits the server message shows with a way to buy more', async ({
      page,
      request,
      baseURL,
      context,
    }) => {
      const username = await signUp(page, baseURL);
      const agent = await agentNamed(request, 'RentRoll Analyst');
      expect(agent.creditCost).toBeGreaterThan(50);
      await page.goto(`/agent/${agent.id}`);
      const button = page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` });
      await expect(button).toBeVisible();

      // Spent elsewhere (another device) meanwhile: this page still shows the old balance, and the
      // server refuses the try.
      const elsewhere = await page.request.post(`/api/agents/${agent.id}/try`, {
        headers: { Origin: baseURL ?? '', 'Idempotency-Key': `elsewhere-${username}` },
      });
      expect(elsewhere.status()).toBe(200);
      const blank = context.waitForEvent('page');
      await button.click();
      // The blank tab opened in the tap is closed again on the refusal.
      const tab = await blank;
      await expect.poll(() => tab.isClosed()).toBe(true);
      const card = page.getByRole('region', { name: 'Credits required' });
      await expect(card.getByText('Not enough credits to try this agent')).toBeVisible();
      await expect(card.getByRole('link', { name: 'Buy credits', exact: true })).toHaveAttribute('href', /^\/credits/);

      // With the balance known short, the page offers to buy instead of trying.
      await page.reload();
      await expect(page.getByTestId('navbar-credits')).toHaveText(String(100 - agent.creditCost));
      await expect(page.getByRole('link', { name: 'Buy credits to try' })).toHaveAttribute(
        'href',
        `/credits?amount=50&next=%2Fagents%2F${agent.id}`,
      );
      await expect(page.getByRole('button', { name: /Try Agent/ })).toHaveCount(0);
    });
  });

  test('a creator tries for free, and can edit and delete the agent', async ({ page, baseURL }) => {
    await signUp(page, baseURL);
    const created = await page.request.post('/api/agents', {
      data: {
        name: `E2E Delete Me ${Date.now()}`,
        description: 'An agent made by the end-to-end tests.',
        categoryId: 1,
        creditCost: 7,
      },
      headers: { Origin: baseURL ?? '' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agent = (await created.json()) as AgentJson;
    await page.goto(`/agent/${agent.id}`);

    await expect(page.getByRole('button', { name: 'Try Agent', exact: true })).toBeVisible();
    // The everyday tools: Edit and Insights. Delete is in Edit Agent's danger zone, not beside them.
    const manage = page.getByRole('region', { name: 'Manage Agent' });
    await expect(manage.getByRole('link', { name: 'Insights' })).toHaveAttribute(
      'href',
      `/my-agents?tab=insights&agent=${agent.id}`,
    );
    await expect(page.getByRole('button', { name: 'Delete Agent' })).toHaveCount(0);
    await manage.getByRole('link', { name: 'Edit Agent' }).click();
    await expect(page).toHaveURL(`/submit-agent?edit=${agent.id}`);
    const danger = page.getByRole('region', { name: 'Danger zone' });

    await danger.getByRole('button', { name: 'Delete Agent' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await danger.getByRole('button', { name: 'Delete Agent' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Agent' }).click();
    await expect(page).toHaveURL(/\/my-agents$/);
    expect((await page.request.get(`/api/agents/${agent.id}`)).status()).toBe(404);
  });
});
