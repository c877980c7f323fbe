// A try (and a checkout) is paid once whatever the network does (docs/decisions/0002): the answer of the first
// request is lost after the server handled it (route.fetch() then route.abort()), and the person or
// the app asks again with the same Idempotency-Key.
import { expect, test, type BrowserContext, type Page, type Route } from './support/test';

interface AgentJson {
  id: number;
  name: string;
  creditCost: number;
  externalUrl: string;
}

interface Transaction {
  kind: string;
  amount: number;
}

async function setUp(page: Page, context: BrowserContext, baseURL: string | undefined) {
  const username = `once_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, password: 'correct-horse-battery', isInternalLogin: false },
    headers: { Origin: baseURL ?? '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const found = await page.request.get('/api/agents/search?q=LeadScout%20Pro');
  const agent = ((await found.json()) as AgentJson[]).find((a) => a.name === 'LeadScout Pro')!;
  // The agent's own site stands in for the real one (no network in tests).
  await context.route(`${new URL(agent.externalUrl).origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Agent site</title>' }),
  );
  // An aborted request is logged by the browser; anything else is a failure.
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().includes('net::ERR_FAILED')) errors.push(msg.text());
  });
  return { agent, errors };
}

// What the browser logs for an aborted request, and for the settle GET's 'nothing was charged' 404;
// each test's own list below says which of them it expects.
test.use({ allowedConsoleErrors: [/net::ERR_FAILED|status of 404/] });

/** Lets the server handle each matching request, then loses its answer on the way back. */
function loseAnswers(page: Page, url: string | RegExp) {
  const lost: string[] = [];
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    lost.push(await response.text());
    await route.abort();
  };
  return { lost, start: () => page.route(url, handler), stop: () => page.unroute(url, handler) };
}

const tries = async (page: Page) =>
  ((await (await page.request.get('/api/credits/transactions')).json()) as Transaction[]).filter(
    (t) => t.kind === 'try',
  );

test.describe('a try is paid once', () => {
  test('its lost answer is asked for again with the same key: one charge, the agent opens once', async ({
    page,
    context,
    baseURL,
  }) => {
    const { agent, errors } = await setUp(page, context, baseURL);
    await page.goto(`/agent/${agent.id}`);
    await expect(page.getByTestId('navbar-credits')).toHaveText('100');
    const tryUrl = `**/api/agents/${agent.id}/try`;
    const network = loseAnswers(page, tryUrl);
    let first = true;
    // Only the first answer is lost; the app's own retry gets through.
    await page.route(tryUrl, async (route) => {
      if (!first) return route.fallback();
      first = false;
      await route.fetch();
      await route.abort();
    });
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` }).click();
    const popup = await popupOpened;
    await expect(page.getByRole('button', { name: 'Checking your try…' })).toBeVisible();
    await expect(page.getByText('Credits deducted')).toHaveCount(1);
    await expect.poll(() => popup.url()).toContain(new URL(agent.externalUrl).host);
    await expect(page.getByTestId('navbar-credits')).toHaveText(String(100 - agent.creditCost));
    expect(await tries(page)).toHaveLength(1);
    expect(context.pages()).toHaveLength(2);
    expect(network.lost).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('when every answer of the first tap is lost, the next tap gets that try: one charge, the agent opens', async ({
    page,
    context,
    baseURL,
  }) => {
    const { agent, errors } = await setUp(page, context, baseURL);
    await page.goto(`/agent/${agent.id}`);
    const network = loseAnswers(page, `**/api/agents/${agent.id}/try`);
    await network.start();
    const button = page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` });
    await button.click();
    await expect(page.getByRole('button', { name: 'Checking your try…' })).toBeVisible();
    // The app gives up after a few tries with backoff, and says so.
    const notifications = page.getByRole('region', { name: /Notifications/ });
    await expect(notifications.getByText('Failed to process credit usage', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    expect(network.lost.length).toBeGreaterThan(1);
    // Every repeat that was answered with the try got the first answer back, byte for byte.
    const paid = network.lost.filter((body) => body.includes('"balance"'));
    expect(new Set(paid).size, network.lost.join('\n')).toBe(1);
    expect(await tries(page)).toHaveLength(1);
    await network.stop();

    const popupOpened = context.waitForEvent('page');
    await button.click();
    const popup = await popupOpened;
    await expect(page.getByText('Credits deducted')).toHaveCount(1);
    await expect.poll(() => popup.url()).toContain(new URL(agent.externalUrl).host);
    await expect(page.getByTestId('navbar-credits')).toHaveText(String(100 - agent.creditCost));
    expect(await tries(page)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  test('with a reload between the taps: the page finds the paid try, and the tap opens it without a second charge', async ({
    page,
    context,
    baseURL,
  }) => {
    const { agent, errors } = await setUp(page, context, baseURL);
    await page.goto(`/agent/${agent.id}`);
    const network = loseAnswers(page, `**/api/agents/${agent.id}/try`);
    await network.start();
    const blank = context.waitForEvent('page');
    await page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` }).click();
    await expect.poll(() => network.lost.length).toBeGreaterThan(0);
    // The person gives up waiting and reloads; the tab opened for the agent is left blank.
    await (await blank).close();
    await page.reload();
    await network.stop();

    // The reloaded page asks how that try ended: paid, so the agent is one tap away.
    await expect(page.getByText('Credits deducted')).toHaveCount(1);
    await expect(
      page.getByText(`${agent.creditCost} credits used. Your balance is ${100 - agent.creditCost} credits.`),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: `Open ${agent.name}` })).toHaveAttribute('href', agent.externalUrl);
    await expect(page.getByTestId('navbar-credits')).toHaveText(String(100 - agent.creditCost));

    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` }).click();
    const popup = await popupOpened;
    await expect.poll(() => popup.url()).toContain(new URL(agent.externalUrl).host);
    await expect(page.getByText('Credits deducted')).toHaveCount(1);
    await expect(page.getByTestId('navbar-credits')).toHaveText(String(100 - agent.creditCost));
    expect(await tries(page)).toHaveLength(1);

    // Settled: the next reload finds nothing pending, and the next tap is a new try.
    await page.reload();
    await expect(page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` })).toBeEnabled();
    await expect(page.getByText('Credits deducted')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a try whose request never reached the server is cleared after a reload: nothing charged', async ({
    page,
    context,
    baseURL,
  }) => {
    const { agent, errors } = await setUp(page, context, baseURL);
    await page.goto(`/agent/${agent.id}`);
    const tryUrl = `**/api/agents/${agent.id}/try`;
    await page.route(tryUrl, (route) => route.abort());
    const blank = context.waitForEvent('page');
    await page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` }).click();
    await expect(page.getByRole('button', { name: 'Checking your try…' })).toBeVisible();
    await (await blank).close();
    await page.reload();
    await page.unroute(tryUrl);
    await expect(page.getByText('This try did not go through: nothing was charged')).toBeVisible();
    await expect(page.getByTestId('navbar-credits')).toHaveText('100');
    expect(await tries(page)).toHaveLength(0);
    // The browser logs the check's 404 (the answer 'nothing was charged'); nothing else may fail.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });
});

test('a checkout whose answer was lost is the same checkout when asked again', async ({ page, context, baseURL }) => {
  const { errors } = await setUp(page, context, baseURL);
  await page.goto('/credits');
  const network = loseAnswers(page, '**/api/payments/create-checkout');
  let first = true;
  await page.route('**/api/payments/create-checkout', async (route) => {
    if (!first) return route.continue();
    first = false;
    network.lost.push(await (await route.fetch()).text());
    await route.abort();
  });
  await page.getByRole('button', { name: '$50', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  const { url } = JSON.parse(network.lost[0]!) as { url: string };
  expect(new URL(page.url()).pathname).toBe(url);
  expect(errors).toEqual([]);
});
