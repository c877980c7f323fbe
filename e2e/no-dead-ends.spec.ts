// No dead ends on the way to a try, and the polish list: each flow at 360 px with touch and
// at 1280 px. Buying from an agent comes back to it with Try Agent ready and the amount kept; signing
// up from an agent continues there from the confirmation mail; an empty search leads on; offline, an
// unseen agent offers Saved and Back; toasts cover no navigation and say each thing once; a revoked
// token leaves the screen; 'Reported'; one name per action; a signed-in home; tap targets.
import AxeBuilder from '@axe-core/playwright';
import { registerOn } from './support/accounts';
import { startTheApp } from './support/app-start';
import { expectNoSeriousViolations } from './support/axe';
import { agentNamed, type AgentJson } from './support/agents';
import { mailedLink } from './support/mail';
import { controlledBySw, reportOffline } from './support/pwa';
import { expect, test, type Locator, type Page } from './support/test';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false } as const;
const WIDTHS = [
  ['360 px, touch', PHONE],
  ['1280 px', DESKTOP],
] as const;

// Accounts made here count against a client of their own: registrations are limited per client
// per hour, and the whole suite, all from this machine, makes more than one client may.
const client = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
test.use({ extraHTTPHeaders: { 'CF-Connecting-IP': client() } });

const unique = () => `nd${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** A new account, signed in on `page` (its address not confirmed: the confirm-email banner shows). */
const register = (page: Page, baseURL: string | undefined) => registerOn(page, baseURL, 'nd');

/** Spends 18 of the 100 free credits (CallCoach): 82 left, 8 short of DealRoom Analyst (90). */
async function shortOfDealRoom(page: Page, baseURL: string | undefined): Promise<AgentJson> {
  const spent = await agentNamed(page.request, 'CallCoach');
  const tried = await page.request.post(`/api/agents/${spent.id}/try`, {
    headers: { Origin: baseURL ?? '', 'Idempotency-Key': `nd-${unique()}` },
  });
  expect(tried.status(), await tried.text()).toBe(200);
  const agent = await agentNamed(page.request, 'DealRoom Analyst');
  expect(agent.creditCost).toBe(90);
  return agent;
}

const boxesOverlap = async (a: Locator, b: Locator): Promise<boolean> => {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) throw new Error('both elements must be on screen');
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
};

/** Taps on a phone, clicks with a mouse. */
const press = (locator: Locator, touch: boolean) => (touch ? locator.tap() : locator.click());

for (const [width, device] of WIDTHS) {
  const touch = device.hasTouch;

  test.describe(`at ${width}`, () => {
    test.use(device);

    test('Buy credits to try: the checkout comes back to the agent with Try Agent ready, the amount kept, said once', async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await register(page, baseURL);
      const agent = await shortOfDealRoom(page, baseURL);
      await page.goto(`/agents/${agent.id}`);
      const buy = page.getByRole('link', { name: 'Buy credits to try' });
      await expect(buy).toBeVisible();
      await press(buy, touch);

      await expect(page).toHaveURL(`/credits?amount=50&next=%2Fagents%2F${agent.id}`);
      // Something leads back from the start, named after the agent.
      const back = page.getByRole('link', { name: `Back to ${agent.name}` });
      await expect(back).toHaveAttribute('href', `/agents/${agent.id}`);
      await expect(page.getByTestId('purchase-amount')).toHaveText('50 credits');
      await press(page.getByRole('button', { name: 'Continue to Payment' }), touch);

      await expect(page).toHaveURL(new RegExp(`/checkout/sandbox/cs_sandbox_[\\w-]+\\?next=%2Fagents%2F${agent.id}$`));
      await expect(page.getByTestId('sandbox-credits')).toHaveText('50');
      await press(page.getByRole('button', { name: 'Pay $50 (test)' }), touch);

      // Confirmed once, here (no toast besides); the amount chosen is still the one shown, not the default.
      await expect(page.getByText('Credits Purchased!')).toHaveCount(1);
      await expect(page.getByText('Successfully added 50 credits to your account')).toHaveCount(1);
      await expect(notifications(page).getByText(/Credits Purchased|Successfully added/)).toHaveCount(0);
      await expect(page).toHaveURL(`/credits?amount=50&next=%2Fagents%2F${agent.id}`);
      await expect(page.getByTestId('purchase-amount')).toHaveText('50 credits');
      await expect(page.getByRole('button', { name: '$50', exact: true })).toHaveAttribute('aria-pressed', 'true');
      if (!touch) await expect(page.getByTestId('navbar-credits')).toHaveText('132');
      await expectNoSeriousViolations(page);

      // The confirmation's own way back: the agent, with Try Agent ready for the new balance.
      await expect(back).toHaveCount(2);
      await press(back.last(), touch);
      await expect(page).toHaveURL(`/agents/${agent.id}`);
      const tryAgent = page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` });
      await expect(tryAgent).toBeVisible();
      await expect(tryAgent).toBeEnabled();
      await expect(page.getByRole('link', { name: 'Buy credits to try' })).toHaveCount(0);

      // Back on /credits later, the purchase is not confirmed again.
      await page.goto(`/credits?amount=50&next=%2Fagents%2F${agent.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Buy Credits' })).toBeVisible();
      await expect(page.getByText('Credits Purchased!')).toHaveCount(0);
    });

    test('cancelling the checkout returns to /credits with the amount, said once, the agent one tap away', async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await register(page, baseURL);
      const agent = await shortOfDealRoom(page, baseURL);
      await page.goto(`/credits?amount=50&next=%2Fagents%2F${agent.id}`);
      await press(page.getByRole('button', { name: 'Continue to Payment' }), touch);
      await expect(page).toHaveURL(/\/checkout\/sandbox\//);
      await press(page.getByRole('button', { name: 'Cancel' }), touch);
      await expect(page).toHaveURL(`/credits?purchase=cancelled&amount=50&next=%2Fagents%2F${agent.id}`);
      await expect(page.getByText('Checkout cancelled. No credits were added and nothing was charged.')).toHaveCount(1);
      await expect(notifications(page).getByText('Checkout cancelled')).toHaveCount(0);
      await expect(page.getByTestId('purchase-amount')).toHaveText('50 credits');
      await expect(page.getByRole('link', { name: `Back to ${agent.name}` })).toHaveAttribute(
        'href',
        `/agents/${agent.id}`,
      );
    });

    test('signing up from an agent: the confirmation mail continues to that agent', async ({ page }) => {
      test.slow();
      const agent = await agentNamed(page.request, 'LeadScout Pro');
      await page.goto(`/agents/${agent.id}`);
      await press(page.getByRole('link', { name: 'Login to Try Agent' }), touch);
      await expect(page).toHaveURL(`/auth?next=%2Fagents%2F${agent.id}`);
      const username = unique();
      const email = `${username}@example.com`;
      await press(page.getByRole('tab', { name: 'Register' }), touch);
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret-pass');
      await press(page.getByRole('button', { name: 'Create account' }), touch);
      await expect(page).toHaveURL(`/agents/${agent.id}`);

      const link = await mailedLink(email, /https?:\/\/[^\s"]+\/verify-email\?token=[\w-]+&next=[\w%.-]+/);
      expect(link).toMatch(new RegExp(`&next=%2Fagents%2F${agent.id}$`));
      await page.goto(link);
      const status = page.getByRole('status').filter({ hasText: 'is confirmed' });
      await expect(status).toBeVisible();
      const next = status.getByRole('link', { name: 'Continue to AgentMarket' });
      await expect(next).toHaveAttribute('href', `/agents/${agent.id}`);
      await expectNoSeriousViolations(page);
      await press(next, touch);
      await expect(page).toHaveURL(`/agents/${agent.id}`);
      await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
      // Confirmed: the banner asking for it is gone.
      await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);
    });

    test('a search with no results links to every agent and to a proposal prefilled with the words', async ({
      page,
    }) => {
      // Words nothing is like (the search corrects near misses to what it has).
      const words = 'zyxwvq kjhgfd';
      await page.goto(`/search?q=${encodeURIComponent(words)}`);
      await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
      await expectNoSeriousViolations(page);
      const browse = page.getByRole('link', { name: 'browse every agent' });
      await expect(browse).toHaveAttribute('href', '/agents');
      await press(browse, touch);
      await expect(page).toHaveURL('/agents');
      await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();

      await page.goBack();
      await expect(page.getByRole('heading', { name: 'No results found' })).toBeVisible();
      await press(page.getByRole('link', { name: `Propose “${words}”` }), touch);
      await expect(page).toHaveURL(`/propose-agent?idea=${words.replaceAll(' ', '+')}`);
      await expect(page.getByLabel('Agent name')).toHaveValue('Zyxwvq kjhgfd');
      await expect(page.getByLabel('Description')).toHaveValue(
        `I searched for “${words}” and found no agent that does it. It should `,
      );
      // In the server's HTML too: read before the app starts.
      const html = await (await page.request.get(`/propose-agent?idea=${encodeURIComponent(words)}`)).text();
      expect(html).toContain('value="Zyxwvq kjhgfd"');
    });

    test.describe('offline', () => {
      test.use({ allowedConsoleErrors: [/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch/] });

      test('an agent never seen offers the saved agents and Back', async ({ page, context }) => {
        test.slow();
        const agent = await agentNamed(page.request, 'DealRoom Analyst');
        await page.goto('/saved');
        await controlledBySw(page);
        await startTheApp(page);
        await context.setOffline(true);
        try {
          await reportOffline(page);
          // Opened from the Saved page as a tapped link would (the app's own navigation).
          await page.evaluate((path) => history.pushState(null, '', path), `/agents/${agent.id}`);
          await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
          await expect(page.getByText(/^This agent's details have not been saved on this device yet\./)).toBeVisible();
          const saved = page.getByRole('main').getByRole('link', { name: 'Your saved agents' });
          await expect(saved).toHaveAttribute('href', '/saved');
          const back = page.getByRole('main').getByRole('link', { name: 'Back', exact: true });
          await expect(back).toBeVisible();
          await expectNoSeriousViolations(page);
          await press(back, touch);
          await expect(page).toHaveURL('/saved');
          await expect(page.getByRole('heading', { level: 1, name: 'Saved agents' })).toBeVisible();

          // Loaded whole with no connection (no page before it): Back leads home, Saved still there.
          await page.goto(`/agents/${agent.id}`);
          await reportOffline(page);
          await expect(page.getByText('You are offline', { exact: true })).toBeVisible();
          await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
          await press(page.getByRole('main').getByRole('link', { name: 'Your saved agents' }), touch);
          await expect(page.getByRole('heading', { level: 1, name: 'Saved agents' })).toBeVisible();
        } finally {
          await context.setOffline(false);
        }
      });
    });

    test("reporting: the toast covers none of the page's navigation, says it once, and the button says 'Reported', also after a reload", async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await register(page, baseURL);
      const agent = await agentNamed(page.request, 'LeadScout Pro');
      await page.goto(`/agents/${agent.id}`);
      const report = page.getByRole('button', { name: `Report ${agent.name}` });
      await press(report, touch);
      const dialog = page.getByRole('dialog', { name: `Report ${agent.name}` });
      await press(dialog.getByText('Broken or does not work'), touch);
      await press(dialog.getByRole('button', { name: 'Send report' }), touch);
      const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Report sent' });
      await expect(toast).toHaveCount(1);
      await expect(toast).toBeVisible();

      const reported = page.getByRole('button', { name: `Reported ${agent.name}` });
      await expect(reported).toBeDisabled();
      await expect(reported).toHaveText('Reported');
      // Clear of the header and the page's own Back, Share and Reported, and of what sits at the bottom.
      await expect(toast).toBeInViewport();
      for (const control of [
        page.getByRole('banner'),
        page.getByRole('link', { name: 'Back to listings' }),
        page.getByRole('button', { name: 'Share' }),
        reported,
        page.getByRole('region', { name: 'Confirm your email address' }),
      ])
        expect(await boxesOverlap(toast, control), String(control)).toBe(false);
      if (touch) expect(await boxesOverlap(toast, page.getByRole('region', { name: `Try ${agent.name}` }))).toBe(false);
      await expectNoSeriousViolations(page);

      await page.reload();
      await expect(page.getByRole('button', { name: `Reported ${agent.name}` })).toBeDisabled();
      await expect(page.getByRole('button', { name: `Report ${agent.name}` })).toHaveCount(0);
    });

    test('a token revoked right after it was made leaves the screen', async ({ page, baseURL }) => {
      await register(page, baseURL);
      await page.goto('/settings');
      const name = `Build ${unique()}`;
      await page.getByLabel('Token name').fill(name);
      await press(page.getByRole('button', { name: 'Create token' }), touch);
      const secret = page.getByLabel('New API token');
      await expect(secret).toHaveValue(/\S{20,}/);

      await press(page.getByRole('button', { name: `Revoke token ${name}` }), touch);
      await press(page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }), touch);
      await expect(page.getByText(`Token revoked: ${name}`)).toBeVisible();
      await expect(secret).toHaveCount(0);
      await expect(page.getByText(/Copy it now/)).toHaveCount(0);
      await expect(page.getByRole('list', { name: /Where you are signed in/ }).getByText(name)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Create token' })).toBeVisible();
    });

    test('one name per action: List your agent, Log out', async ({ page, baseURL }) => {
      await page.goto('/');
      await expect(page.getByRole('main').getByRole('link', { name: 'List your agent' })).toHaveAttribute(
        'href',
        '/submit-agent',
      );
      await register(page, baseURL);
      await page.goto('/profile');
      await expect(page.getByRole('link', { name: 'List your agent' })).toHaveAttribute('href', '/submit-agent');
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
      await page.goto('/submit-agent');
      await expect(page.getByRole('heading', { level: 1, name: 'List your agent' })).toBeVisible();
      await expect(page).toHaveTitle(/^List your agent/);
      await expect(page.getByRole('button', { name: 'List your agent' })).toBeVisible();
      await page.goto('/settings');
      await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
      for (const other of [/Submit New Agent|Create New Agent|List Your Agent|Submit an Agent/, /Logout|Log Out/])
        await expect(page.getByText(other)).toHaveCount(0);

      // The header's own menu says it the same way.
      if (touch) {
        await page.getByRole('button', { name: 'Open menu' }).tap();
        await expect(page.getByRole('button', { name: 'Log out', exact: true }).first()).toBeVisible();
      } else {
        await startTheApp(page);
        await page.getByRole('button', { name: /, account menu$/ }).click();
        await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
      }
    });

    test('the home page speaks to the person signed in, in its HTML', async ({ page, baseURL }) => {
      await register(page, baseURL);
      const html = await (await page.request.get('/')).text();
      expect(html).not.toContain('free credits when you sign up');
      expect(html).toContain('You have 100 credits to try agents with');
      await page.goto('/');
      const main = page.getByRole('main');
      await expect(main.getByText(/free credits when you sign up/)).toHaveCount(0);
      await expect(main.getByRole('link', { name: 'You have 100 credits to try agents with' })).toHaveAttribute(
        'href',
        '/credits',
      );
      await expect(main.getByRole('link', { name: 'Your saved agents' })).toHaveAttribute('href', '/saved');
      await expect(main.getByRole('link', { name: 'Continue browsing' })).toHaveAttribute('href', '/agents');
      await expect(main.getByText('Your credits', { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}

test.describe('at 1280 px, signed in', () => {
  test.use(DESKTOP);

  test("the navbar's credit pill is named by what it shows (WCAG 2.5.3, Label in Name)", async ({ page, baseURL }) => {
    await register(page, baseURL);
    await page.goto('/agents');
    const pill = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /credits/ });
    await expect(pill).toHaveAccessibleName('100 credits available');
    // The rule is experimental in axe (off by default): run on its own, over the whole page.
    const { violations } = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await expectNoSeriousViolations(page);
  });
});

test.describe('tap targets at 360 px', () => {
  test.use(PHONE);

  const size = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return { width: Math.round(box.width), height: Math.round(box.height) };
  };
  const atLeast = async (locator: Locator, px: number) => {
    const { width, height } = await size(locator);
    expect(Math.min(width, height), String(locator)).toBeGreaterThanOrEqual(px);
  };

  test('the main controls are 44 px, and no control is under 24 px', async ({ page, baseURL }) => {
    await register(page, baseURL);
    const agent = await agentNamed(page.request, 'LeadScout Pro');
    await page.goto(`/agents/${agent.id}`);
    await expect(page.getByRole('heading', { level: 1, name: agent.name })).toBeVisible();
    for (const control of [
      page.getByRole('button', { name: 'Open menu' }),
      page.getByRole('button', { name: 'Open search' }),
      page.getByRole('button', { name: 'Share' }),
      page.getByRole('button', { name: `Report ${agent.name}` }),
    ])
      await atLeast(control, 44);
    expect(
      (await size(page.getByRole('main').getByRole('button', { name: 'Save' }).first())).height,
    ).toBeGreaterThanOrEqual(44);

    // A filtered list: the chip's ×, and a card's Save.
    const departments = (await (await page.request.get('/api/departments')).json()) as { id: number; name: string }[];
    const sales = departments.find((d) => d.name === 'Sales')!;
    await page.goto(`/agents?department=${sales.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
    const chip = page.getByRole('button', { name: /^Remove filter/ }).first();
    if (await chip.isVisible()) await atLeast(chip, 44);
    await atLeast(page.getByRole('article').first().getByRole('button', { name: 'Save' }), 44);

    // Inputs.
    await page.goto('/propose-agent');
    await atLeast(page.getByLabel('Agent name'), 44);

    // Nothing pressable on these pages is smaller than 24 px (text links inside sentences aside).
    for (const path of [`/agents/${agent.id}`, '/propose-agent']) {
      await page.goto(path);
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('button, input:not([type=hidden]), select, textarea')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            return (
              r.width > 1 &&
              r.height > 1 &&
              style.visibility !== 'hidden' &&
              !el.closest('[aria-hidden=true]') &&
              !el.closest('.sr-only')
            );
          })
          .filter((el) => {
            const r = el.getBoundingClientRect();
            // A radio or checkbox counts with its label around it.
            const target = el.matches('input[type=radio], input[type=checkbox]') ? (el.closest('label') ?? el) : el;
            const t = target.getBoundingClientRect();
            return Math.min(Math.max(r.width, t.width), Math.max(r.height, t.height)) < 24;
          })
          .map((el) => {
            const r = el.getBoundingClientRect();
            return `${el.outerHTML.slice(0, 160)} (${Math.round(r.width)}x${Math.round(r.height)})`;
          }),
      );
      expect(small, path).toEqual([]);
    }
  });
});
