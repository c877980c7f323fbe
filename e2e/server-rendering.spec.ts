import type { Page } from '@playwright/test';
import { appRunning, startTheApp } from './support/app-start';
import { fillProposal } from './support/pwa';
import { expect, test } from './support/test';

/** Every public route the worker renders (docs/decisions/0012), with a heading each shows. */
const PUBLIC_ROUTES: [path: string, heading: RegExp][] = [
  ['/', /Find the AI agent/],
  ['/agents', /^Browse Agents$/],
  ['/all-agents', /^Browse Agents$/],
  ['/categories', /^Explore AI Agents by Category$/],
  ['/discover', /^Discover AI Agents$/],
  ['/search?q=lead', /lead/i],
  ['/agents-agent91', /AI Agents/i],
  ['/agent91', /./],
  ['/alternative', /./],
  ['/alternative1', /./],
  ['/alternative2', /./],
  ['/propose-agent', /Propose/i],
  ['/documentation', /Documentation/],
  ['/tutorials', /Tutorials/],
  ['/api', /API/],
  ['/about', /About/],
  ['/blog', /Blog/],
  ['/careers', /Careers/],
  ['/privacy', /Privacy/],
  ['/terms', /Terms/],
];

// Navigations here test what the worker answers. The installed app's service worker (its own specs)
// would answer later navigations in the same page from its cache.
test.use({ serviceWorkers: 'block' });

async function someAgents(page: Page, query = 'limit=3') {
  const res = await page.request.get(`/api/agents?${query}`);
  return (await res.json()) as { id: number; name: string }[];
}

/**
 * A new account, signed in on `page`; its name. From a client address of its own (`ip`):
 * registrations are limited per client per hour, and the suite makes many.
 */
async function registerNew(page: Page, prefix: string, ip: string): Promise<string> {
  const name = `${prefix}${Date.now()}`;
  const res = await page.request.post('/api/auth/register', {
    data: { username: name, email: `${name}@example.com`, password: 'a-long-password' },
    headers: { 'CF-Connecting-IP': ip },
  });
  expect(res.ok()).toBe(true);
  return name;
}

/** Holds the requests matching `url` until the returned function is called: a slow network, on demand. */
async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const html = (text: string) => text.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');

test('the raw HTML of /, /agents, /search?q=lead and an agent page carries agents’ names', async ({ page }) => {
  const [top] = await someAgents(page, 'sort=rating&limit=1');
  const [newest] = await someAgents(page, 'limit=1');
  const search = (await (await page.request.get('/api/agents/search?q=lead&limit=1')).json()) as { name: string }[];
  expect(search.length).toBeGreaterThan(0);
  const cases: [string, string][] = [
    ['/', top!.name],
    ['/agents', newest!.name],
    ['/search?q=lead', search[0]!.name],
    [`/agents/${newest!.id}`, newest!.name],
  ];
  for (const [path, name] of cases) {
    // As curl sees it: no script runs.
    const res = await page.request.get(path, { headers: { Accept: 'text/html' } });
    expect(res.status(), path).toBe(200);
    expect(html(await res.text()), path).toContain(name);
  }
});

test.describe('without scripts', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test('the first paint is the real content: with every script blocked, the listing is there', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/agents');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Agent results' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'AgentMarket' })).toBeVisible();
  });

  test('search works before any script runs: the browser opens the results the app would', async ({ page }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search agents' }).fill('lead');
    await page.getByRole('searchbox', { name: 'Search agents' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=lead$/);
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
    await page.getByRole('combobox', { name: 'Search agents' }).fill('invoice');
    await page.getByRole('combobox', { name: 'Search agents' }).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=invoice$/);
  });
});

test('a form on a server-rendered page cannot be sent before the app runs it, and nothing typed is lost or put in the address', async ({
  page,
}) => {
  // The page's scripts are held back: the form is on screen, React is not yet.
  const release = await holdRequests(page, '**/assets/*.js');
  await page.goto('/propose-agent', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Propose an Agent' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Proposal' })).toBeDisabled();
  await expect(page.getByLabel('Agent name')).toBeDisabled();

  release();
  await expect(page.getByLabel('Agent name')).toBeEnabled();
  await page.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(page.getByText('Agent name is required')).toBeVisible();
  await fillProposal(page, 'Hydration-safe idea');
  await page.getByRole('button', { name: 'Submit Proposal' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your proposal!' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
});

test('a sort chosen and text typed in the header search before the app runs are both kept', async ({ page }) => {
  const release = await holdRequests(page, /\/assets\/app-[\w-]{8}\.js$/);
  await page.goto('/search?q=invoices', { waitUntil: 'commit' });
  // The choices work while the page is only HTML: choosing one starts the app, and the choice is kept.
  await page.getByLabel('Sort by').filter({ visible: true }).selectOption({ label: 'Highest Rated' });
  const box = page.getByRole('combobox', { name: 'Search agents' });
  await box.fill('ledg');

  release();
  await expect(page).toHaveURL(/\/search\?q=invoices&sort=rating$/);
  await expect(page.getByLabel('Sort by').filter({ visible: true })).toHaveValue('rating');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible();
  // What was typed while the page was only HTML is the app's now: its suggestions open.
  await expect(box).toHaveValue('ledg');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toHaveText(/LedgerLens/);
});

test("a search typed into the page's own box before the app runs is kept, and its Enter searches once the app does", async ({
  page,
}) => {
  const release = await holdRequests(page, /\/assets\/app-[\w-]{8}\.js$/);
  await page.goto('/search?q=invoices', { waitUntil: 'commit' });
  const refine = page.getByRole('searchbox', { name: 'Refine your search' });
  await refine.fill('ledger');
  await refine.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=invoices$/);

  release();
  await expect(page).toHaveURL(/\/search\?q=ledger$/);
  await expect(refine).toHaveValue('ledger');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('article').first().getByRole('heading'),
  ).toHaveText(/Ledger/);
});

// What is held back, as on a slow network: the first-load chunk (the page is painted and its entry
// script has run, its buttons do nothing yet), or the entry script itself (none of the page's own
// code has run: the inline tap holder in the page's head keeps the tap).
for (const [what, held] of [
  ['the app runs', /\/assets\/app-[\w-]{8}\.js$/],
  ["even the page's entry script has arrived", /\/assets\/boot-[\w-]{8}\.js$/],
] as const) {
  test(`a tab tapped before ${what} opens, and stays open once the app runs`, async ({ page }) => {
    const agents = (await (await page.request.get('/api/agents/search?q=LedgerLens')).json()) as {
      id: number;
      name: string;
    }[];
    const agent = agents.find((a) => a.name === 'LedgerLens')!;
    const release = await holdRequests(page, held);
    await page.goto(`/agents/${agent.id}`, { waitUntil: 'commit' });
    const reviews = page.getByRole('tab', { name: /^Reviews \(\d+\)$/ });
    await reviews.click();
    // The entry script answers it at once (docs/decisions/0044); before it, the page's inline script keeps it.
    await expect(reviews).toHaveAttribute('aria-selected', String(what === 'the app runs'));
    release();
    await expect(reviews).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Reviews' }).getByText('maria_k')).toBeVisible();
  });
}

test('arrow keys on the tabs before the app runs move between them, and the tab reached opens once it does', async ({
  page,
}) => {
  const agents = (await (await page.request.get('/api/agents/search?q=LedgerLens')).json()) as {
    id: number;
    name: string;
  }[];
  const agent = agents.find((a) => a.name === 'LedgerLens')!;
  const release = await holdRequests(page, /\/assets\/app-[\w-]{8}\.js$/);
  await page.goto(`/agents/${agent.id}`, { waitUntil: 'commit' });
  const description = page.getByRole('tab', { name: 'Description' });
  const features = page.getByRole('tab', { name: 'Features' });
  await description.focus();
  await page.keyboard.press('ArrowRight');
  await expect(features).toBeFocused();
  // Chosen at once, as the tablist will (docs/decisions/0044).
  await expect(features).toHaveAttribute('aria-selected', 'true');
  release();
  await expect(features).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
});

test('a search made while the page itself is still hydrating opens the results, with no hydration mismatch', async ({
  page,
}) => {
  // The About page's code is held back: the navbar hydrates, the page's slice keeps its server HTML.
  const release = await holdRequests(page, /\/assets\/about-[^/]*\.js$/);
  await page.goto('/about', { waitUntil: 'commit' });
  const box = page.getByRole('combobox', { name: 'Search agents' });
  await box.click();
  await page.keyboard.type('ledg');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toHaveText(/LedgerLens/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=ledg$/);
  release();
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /About/ })).toHaveCount(0);
});

test('a phone reading pages never starts the app: links open server-rendered pages, and the first tap on a control is answered', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);

  await page.goto('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
  await page.mouse.wheel(0, 300);
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);

  // A card is a link: the agent's page comes whole from the server.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const card = page.getByRole('list', { name: 'Agent results' }).getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())!;
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  // Its Save button works before the app: the page is read without it, and a tap is kept.
  const save = page.getByRole('button', { name: 'Save', exact: true }).first();
  await expect(save).toHaveAttribute('aria-pressed', 'false');
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);
  await save.click();
  await expect(save).toHaveAttribute('aria-pressed', 'true');
  // Saved on this device: the entry script shows it pressed, after a reload too.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save', exact: true }).first()).toHaveAttribute('aria-pressed', 'true');

  // Back on the list, the first tap on Filters is answered by the page itself (a dialog the browser
  // opens: docs/decisions/0044), the app not needed for it.
  await page.goto('/agents');
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  expect(await appRunning(page)).toBe(false);
});

test('pages hydrate from the data in the HTML: no catalogue request at start', async ({ page }) => {
  const [agent] = await someAgents(page);
  for (const path of ['/', '/agents', '/search?q=lead', `/agents/${agent!.id}`, '/categories', '/discover']) {
    const api: string[] = [];
    const listener = (req: { url(): string; method(): string }) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) api.push(`${req.method()} ${url.pathname}${url.search}`);
    };
    page.on('request', listener);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await startTheApp(page);
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    // Nothing is read again, and nothing written: the server counted the agent page's view as it served it.
    expect(api, path).toEqual([]);
  }
});

test('after hydration the page is the app: links navigate inside it and search works', async ({ page }) => {
  await page.goto('/');
  await startTheApp(page);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
  // No full page load happened.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('every public route renders on the server and hydrates without a console error or hydration warning', async ({
  page,
}) => {
  test.setTimeout(240_000);
  for (const [path, heading] of PUBLIC_ROUTES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), path).toBeVisible();
    // Started, so that React hydrates the page's HTML and would warn of a mismatch.
    await startTheApp(page);
    await page.waitForLoadState('networkidle');
  }
});

test.describe('not found', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown path answers 404 with the Not Found page', async ({ page }) => {
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    const agentPath = await page.request.get('/agents/not-a-number');
    expect(agentPath.status()).toBe(404);
    // Paths that look like files are the static assets' to answer; one that is not there is not the
    // app shell with 200 but the Not Found page with 404.
    for (const path of ['/agents/1.5', '/no-such-file.png']) {
      const missing = await page.request.get(path);
      expect(missing.status(), path).toBe(404);
      expect(await missing.text(), path).toMatch(/Not Found/);
    }
  });
});

test("a signed-in person's public pages come rendered for them and are read without the app, Try Agent's too; signed out, Back shows nothing of theirs", async ({
  page,
}) => {
  const name = await registerNew(page, 'reader', '198.51.100.250');
  const own = await page.request.get('/agents', { headers: { Accept: 'text/html' } });
  expect(own.headers()['cache-control']).toBe('private, no-store');
  expect(html(await own.text())).toContain(`${name}@example.com`);

  // A phone reading: their header and their notice come with each page, and nothing starts the app.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', '/agents', '/search?q=lead', '/categories']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirm your email address' })).toContainText(`${name}@example.com`);
    await page.waitForLoadState('networkidle');
    expect(await appRunning(page), path).toBe(false);
  }
  // Their menu: the first tap starts the app and opens it.
  await page.goto('/agents');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.locator('#mobile-menu').getByText('100 credits')).toBeVisible();

  // An agent page: Try Agent, at the bottom of the screen, waits for a tap like any control (its
  // first tap is held for the app: e2e/first-tap.spec.ts); the confirm-email notice under it leaves
  // it uncovered before the app runs.
  const [agent] = await someAgents(page);
  await page.goto(`/agents/${agent!.id}`);
  const tryAgent = page.getByRole('button', { name: /^Try Agent \(/ });
  await expect(tryAgent).toBeEnabled();
  // Above the notice, not under it: a tap meant for it must not reach the notice's Resend.
  const notice = page.getByRole('region', { name: 'Confirm your email address' });
  await expect
    .poll(async () => {
      const [button, bar] = [await tryAgent.boundingBox(), await notice.boundingBox()];
      return button && bar ? Math.round(bar.y - (button.y + button.height)) : null;
    })
    .toBeGreaterThanOrEqual(0);
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);

  // Signed out in the app on a shared phone, then Back: the page is a visitor's.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await page.goBack();
  await expect(page).toHaveURL(`/agents/${agent!.id}`);
  await expect(page.getByRole('link', { name: 'Login to Try Agent' }).first()).toBeVisible();
  expect(await page.content()).not.toContain(`${name}@example.com`);

  // Pages read without the app are documents of their own: signed out (another tab), Back to one is
  // asked of the server again, never shown from a copy the browser kept.
  const other = await registerNew(page, 'reader2', '198.51.100.248');
  await page.goto('/agents');
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toBeVisible();
  await page.goto('/categories');
  expect((await page.request.post('/api/auth/logout', { headers: { Origin: new URL(page.url()).origin } })).ok()).toBe(
    true,
  );
  await page.goBack();
  await expect(page).toHaveURL('/agents');
  await expect(page.getByRole('heading', { level: 1, name: 'Browse Agents' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toHaveCount(0);
  expect(await page.content()).not.toContain(`${other}@example.com`);
});

test('Try Agent tapped before the app runs is tried once it does: one request, charged once, the agent opened', async ({
  page,
  context,
}) => {
  await registerNew(page, 'earlytry', '198.51.100.249');
  const agents = (await (await page.request.get('/api/agents?limit=40')).json()) as {
    id: number;
    name: string;
    creditCost: number;
    externalUrl: string | null;
  }[];
  const agent = agents.find((a) => a.externalUrl && a.creditCost <= 100)!;
  // The agent's own site stands in for the real one (no network in tests).
  const site = new URL(agent.externalUrl!);
  await context.route(`${site.origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Agent site</title>' }),
  );
  const tries: string[] = [];
  page.on(
    'request',
    (request) =>
      /^\/api\/agents\/\d+\/try/.test(new URL(request.url()).pathname) &&
      tries.push(`${request.method()} ${new URL(request.url()).pathname}`),
  );

  // The tap lands on the server's button while the app's code is still on its way.
  const release = await holdRequests(page, /\/assets\/app-[\w-]{8}\.js$/);
  await page.goto(`/agents/${agent.id}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: `Try Agent (${agent.creditCost} credits)` }).click();
  expect(await appRunning(page)).toBe(false);
  release();
  await expect(page.getByText('Credits deducted')).toBeVisible();
  await expect(page.getByTestId('navbar-credits')).toHaveText(String(100 - agent.creditCost));
  expect(tries).toEqual([`POST /api/agents/${agent.id}/try`]);
});

test('/credits: a visitor gets the frame naming its code; a signed-in person gets their balance and notice in the HTML, hydrated without a mismatch', async ({
  page,
}) => {
  // As curl sees it without a session: the frame everyone gets, and the page's chunks named so they
  // download with the app.
  const visitor = await (await page.request.get('/credits', { headers: { Accept: 'text/html' } })).text();
  expect(visitor).toMatch(/<h1[^>]*>Buy Credits<\/h1>/);
  expect(visitor).not.toContain('Current balance');
  const chunks = visitor.match(/<meta name="page-modules" content="([^"]+)"/)![1]!.split(' ');
  expect(chunks.some((file) => /\/assets\/credits-[\w-]+\.js$/.test(file))).toBe(true);
  for (const file of chunks) expect((await page.request.get(file)).status(), file).toBe(200);

  // A new account (address not yet confirmed) signed in: the page is rendered for them.
  const name = await registerNew(page, 'ssr', '198.51.100.251');
  const own = await page.request.get('/credits', { headers: { Accept: 'text/html' } });
  expect(own.headers()['cache-control']).toBe('private, no-store');
  const ownHtml = html(await own.text());
  expect(ownHtml).toMatch(/Current balance: <span[^>]*>100<\/span> credits/);
  expect(ownHtml).toContain(`${name}@example.com`);

  // The session came with the page: the browser does not ask for it again at start.
  const sessionRequests: string[] = [];
  page.on(
    'request',
    (request) => new URL(request.url()).pathname === '/api/auth/session' && sessionRequests.push(request.url()),
  );
  await page.goto('/credits');
  await expect(page.getByText('Current balance: 100 credits')).toBeVisible();
  await expect(page.getByTestId('navbar-credits')).toHaveText('100');
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await expect(page).toHaveURL('/credits');
  await page.waitForLoadState('networkidle');
  expect(sessionRequests).toEqual([]);

  // Signed out in the app, then Back on a shared device: nothing of theirs is left in the document
  // (the page's query state held the session; it goes once the app has read it).
  await startTheApp(page);
  await expect(page.locator(`script#query-state`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await page.goBack();
  await expect(page).toHaveURL(/\/(credits|auth\?next=%2Fcredits)$/);
  expect(await page.content()).not.toContain(`${name}@example.com`);
  await expect(page).toHaveURL('/auth?next=%2Fcredits');
  expect(await page.content()).not.toContain(`${name}@example.com`);
});

test.describe('/billing away from UTC', () => {
  // A reader five hours behind UTC: every time on the page differs from the server's.
  test.use({ timezoneId: 'America/New_York' });

  test('/billing is rendered for the person with their history, read without the app, and hydrated in their time zone without a mismatch', async ({
    page,
  }) => {
    await registerNew(page, 'bill', '198.51.100.253');
    const [agent] = await someAgents(page, 'limit=1');
    expect((await page.request.post(`/api/agents/${agent!.id}/try`)).ok()).toBe(true);

    // Only read: the history is in the page, its times in UTC and said so, and the app does not start.
    await page.goto('/billing');
    const history = page.getByRole('list', { name: 'Credit history' });
    await expect(history.getByRole('link', { name: agent!.name })).toBeVisible();
    await expect(history.getByText('Sign-up bonus')).toBeVisible();
    await expect(history.getByText(/UTC$/).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await appRunning(page)).toBe(false);

    // Started, it hydrates (the fixture fails on the console error a mismatch gives) and shows the
    // reader's own clock.
    await startTheApp(page);
    await expect(history.getByText(/UTC$/)).toHaveCount(0);
    const tried = await page.request.get('/api/credits/transactions');
    const createdAt = ((await tried.json()) as { createdAt: string }[])[0]!.createdAt;
    const local = await page.evaluate((iso) => {
      const d = new Date(iso);
      return `${d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}, ${d.toLocaleTimeString('en-US', { timeStyle: 'short' }).replace(/\u202f/g, ' ')}`;
    }, createdAt);
    await expect(history.locator(`time[datetime="${createdAt}"]`)).toHaveText(local);

    // A link followed before the app is the server's page.
    await page.goto('/billing');
    await history.getByRole('link', { name: agent!.name }).click();
    await expect(page).toHaveURL(`/agents/${agent!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: agent!.name })).toBeVisible();
  });
});

test("the page's own scripts are fetched at low priority, after the style sheet its first paint needs", async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests: { path: string; type?: string; priority: string; byParser: boolean }[] = [];
  cdp.on('Network.requestWillBeSent', (event) =>
    requests.push({
      path: new URL(event.request.url).pathname,
      type: event.type,
      priority: event.request.initialPriority,
      byParser: event.initiator.type === 'parser',
    }),
  );
  for (const path of ['/agents', '/']) {
    requests.length = 0;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const scripts = requests.filter((r) => r.byParser && r.type === 'Script');
    expect(scripts.length, path).toBeGreaterThan(0);
    for (const script of scripts) expect(script.priority, script.path).toBe('Low');
    expect(requests.find((r) => r.type === 'Stylesheet')?.priority).toBe('VeryHigh');
  }
});

test('static assets and the server-rendered pages carry the security headers', async ({ page, request }) => {
  for (const path of ['/', '/agents', '/manifest.webmanifest', '/favicon.svg', '/credits']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(headers['content-security-policy'], path).toContain("base-uri 'none'");
    expect(headers['strict-transport-security'], path).toContain('max-age=');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
  // The policy does not get in the app's own way (the fixture fails on any console error).
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Top Performing Agents' }).getByRole('article')).toHaveCount(6);
});

test('/credits is read without the app, and a choice and Continue made before it runs go to checkout with that amount', async ({
  page,
}) => {
  await registerNew(page, 'early', '198.51.100.252');

  // Only read: the page is whole and the app does not start.
  await page.goto('/credits');
  await expect(page.getByText('Current balance: 100 credits')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await appRunning(page)).toBe(false);

  // A preset and Continue tapped while the app's code is still on its way: both are kept, in order.
  let release = await holdRequests(page, /\/assets\/app-[\w-]{8}\.js$/);
  await page.goto('/credits', { waitUntil: 'commit' });
  await page.getByRole('button', { name: '$200', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page).toHaveURL('/credits');
  release();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByTestId('sandbox-credits')).toHaveText('200');

  // An amount typed and sent with Enter before the app runs: the amount typed is the one sent.
  await page.unrouteAll({ behavior: 'wait' });
  release = await holdRequests(page, /\/assets\/app-[\w-]{8}\.js$/);
  await page.goto('/credits', { waitUntil: 'commit' });
  const custom = page.getByLabel(/Custom amount/);
  await custom.fill('120');
  await custom.press('Enter');
  await expect(page).toHaveURL('/credits');
  release();
  await expect(page).toHaveURL(/\/checkout\/sandbox\//);
  await expect(page.getByTestId('sandbox-credits')).toHaveText('120');
});
