import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '#worker/app.ts';
import {
  browserRequest,
  call,
  createUser,
  db,
  htmlPage as page,
  insertAgents,
  seedCatalog,
  signIn,
} from '#worker/test/fixtures.ts';
import { pageViewsQueue } from '#worker/test/page-views.ts';

beforeAll(seedCatalog);

const queryState = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="query-state">(.*?)<\/script>/)![1]!) as {
    queries: { queryKey: unknown[] }[];
  };

/** Checks that a page shares `image` as a large preview: absolute, with its size and alt text. */
function expectLargeCard(html: string, image: string, alt: string) {
  expect(html).toContain(`<meta property="og:image" content="${image}" />`);
  expect(html).toContain('<meta property="og:image:width" content="640" />');
  expect(html).toContain('<meta property="og:image:height" content="400" />');
  expect(html).toContain(`<meta property="og:image:alt" content="${alt}" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
}

describe('server-rendered pages', () => {
  it('home, listings and search arrive with the agents in the HTML and their data dehydrated', async () => {
    for (const path of ['/', '/agents', '/all-agents', '/discover', '/search?q=lead']) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type')).toContain('text/html');
      expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
      expect(html, path).toContain('LeadScout Pro');
      expect(queryState(html).queries.length, path).toBeGreaterThan(0);
    }
  });

  it('an agent page carries the agent, its reviews section and its own head', async () => {
    const { res, html } = await page('/agents/2');
    expect(res.status).toBe(200);
    expect(html).toContain('<title>LedgerLens · AI agent on AgentMarket</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost/agents/2" />');
    expect(html).toMatch(/<h1[^>]*>LedgerLens<\/h1>/);
    expect(queryState(html).queries.map((q) => q.queryKey)).toContainEqual(['agents', 'detail', 2]);
  });

  it("an agent page carries its 'What's new' notes, health and use in the HTML; one without notes asks for none", async () => {
    await insertAgents({
      id: 45,
      name: 'NoteKeeper',
      whats_new_at: '2026-11-20T12:00:00.000Z',
      recent_tries: 52,
      health_status: 'down',
      health_since: '2026-11-28T12:00:00.000Z',
      health_checked_at: '2026-11-29T12:00:00.000Z',
    });
    await env.DB.prepare(
      `INSERT INTO agent_changes (agent_id, note, created_at) VALUES
       (45, 'First release.', '2026-11-01T12:00:00.000Z'), (45, 'Reads PDF invoices now.', '2026-11-20T12:00:00.000Z')`,
    ).run();
    const { html } = await page('/agents/45');
    expect(html).toMatch(/<section id="whats-new"[^>]*>/);
    expect(html.indexOf('Reads PDF invoices now.')).toBeLessThan(html.indexOf('First release.'));
    expect(html).toContain('Show all <!-- -->2<!-- --> changes');
    expect(html).toContain('52 tries this month');
    expect(html).toContain('Not responding<!-- --> since Nov 28, 2026');
    expect(queryState(html).queries.map((q) => q.queryKey)).toContainEqual([
      'agents',
      'changes',
      45,
      '2026-11-20T12:00:00.000Z',
    ]);

    const plain = await page('/agents/2');
    expect(plain.html).not.toContain('id="whats-new"');
    expect(queryState(plain.html).queries.some((q) => q.queryKey[1] === 'changes')).toBe(false);
    expect(plain.html).toContain('No tries yet this month');
  });

  it("an agent page's shared link has a large preview picture: its cover, absolute, with size and alt", async () => {
    await insertAgents({ id: 41, name: 'CoverCast', image_url: '/agents/ledgerlens.webp' });
    const { html } = await page('/agents/41');
    expectLargeCard(html, 'http://localhost/agents/ledgerlens.webp', 'CoverCast cover image');
    expect(html).toContain('<meta name="twitter:image" content="http://localhost/agents/ledgerlens.webp" />');
    // The cover is the picture in view: fetched with the page.
    expect(html).toContain('<link rel="preload" as="image" href="/agents/ledgerlens.webp" />');
  });

  it('an agent without a picture shares the fallback cover, which the page itself does not fetch', async () => {
    const { html } = await page('/agents/2');
    expectLargeCard(html, 'http://localhost/agents/fallback.webp', 'LedgerLens on AgentMarket');
    expect(html).not.toContain('rel="preload" as="image"');
    // Other pages keep the app icon as a small card.
    const home = (await page('/')).html;
    expect(home).toContain('<meta property="og:image" content="http://localhost/icons/icon-512.png" />');
    expect(home).toContain('<meta name="twitter:card" content="summary" />');
    expect(home).not.toContain('og:image:width');
  });

  it('listing, category and search pages have title, description, canonical and OpenGraph', async () => {
    const cases: [string, string, string][] = [
      ['/agents', 'Browse Agents · AgentMarket', 'http://localhost/agents'],
      ['/categories?categoryId=2', 'Finance agents · AgentMarket', 'http://localhost/categories?categoryId=2'],
      ['/search?q=lead', 'Search: lead · AgentMarket', 'http://localhost/search?q=lead'],
    ];
    for (const [path, title, canonical] of cases) {
      const { html } = await page(path);
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html, path).toContain(`<link rel="canonical" href="${canonical}" />`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]+" \/>/);
    }
    expect((await page('/categories?categoryId=2')).html).toContain('LedgerLens');
  });

  it('unknown paths, unknown agents and non-agent paths under /agent(s)/ answer 404 with the Not Found page', async () => {
    for (const path of ['/no-such-page', '/agents/999', '/agent/abc', '/agents/1/extra']) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(404);
      expect(html, path).toContain('noindex');
    }
    expect((await page('/no-such-page')).html).toContain('<title>Page Not Found');
    // Titled as the page the app shows there (app/routes.tsx): the agent page's own 'Agent Not Found'
    // for one segment, an id or not; Not Found for more, or a trailing slash.
    for (const path of ['/agents/999', '/agent/abc', '/agents/abc'])
      expect((await page(path)).html, path).toContain('<title>Agent Not Found');
    for (const path of ['/agents/1/extra', '/agents/abc/'])
      expect((await page(path)).html, path).toContain('<title>Page Not Found');
  });

  it("the service worker's fetch of /index.html gets the plain shell: nothing rendered, no query state", async () => {
    const { res, html } = await page('/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('query-state');
    expect(html).not.toContain('Find the AI agent');
  });

  it('signed-in pages get the plain shell with the security headers: nothing rendered, no query state', async () => {
    for (const path of ['/settings', '/auth', '/checkout/sandbox/cs_1', '/billing/receipts/1', '/SETTINGS/']) {
      const { res, html } = await page(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Content-Type'), path).toContain('text/html');
      expect(res.headers.get('Content-Security-Policy'), path).toContain("script-src 'self'");
      expect(res.headers.get('Permissions-Policy'), path).toContain('camera=()');
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('query-state');
    }
  });

  it('/saved is drawn from the agents the device names in its cookie, in its order, and never indexed', async () => {
    await insertAgents({ id: 44, name: 'HiddenHelper', hidden_at: '2026-04-02T00:00:00.000Z' });
    // Newest save first: LedgerLens, then LeadScout Pro; a hidden agent, one that does not exist and
    // what is no id at all are left out.
    const { res, html } = await page('/saved', 'saved-agents=2.44.1.999999.x.-3.2');
    expect(res.status).toBe(200);
    expect(res.headers.get('Vary')).toBe('Cookie');
    // One device's list: never kept by any cache, the browser's included.
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(html).toContain('<title>Saved agents · AgentMarket</title>');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(html).toMatch(/<h1[^>]*>Saved agents<\/h1>/);
    expect(html).toMatch(/2 agents (<!-- -->)?kept on this device/);
    expect(html).toContain('data-saved-ids="2 1"');
    expect(html.indexOf('LedgerLens')).toBeLessThan(html.indexOf('LeadScout Pro'));
    expect(html).not.toContain('HiddenHelper');
    // Each card's Save button drawn pressed: every agent here is saved.
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(2);
    // The list is hydrated, never fetched, and never kept for offline reading (the device has its own).
    const served = (
      queryState(html).queries as {
        queryKey: unknown[];
        meta?: { persist?: boolean };
        state: { data: { name: string }[] };
      }[]
    ).find((q) => q.queryKey.join() === 'saved-agents,served');
    expect(served?.state.data.map((agent) => agent.name)).toEqual(['LedgerLens', 'LeadScout Pro']);
    expect(served?.meta).toEqual({ persist: false });
  });

  it('/saved with no cookie (a first visit, nothing saved) is the empty list, drawn by the server', async () => {
    for (const cookie of [undefined, 'saved-agents=', 'saved-agents=abc']) {
      const { res, html } = await page('/saved', cookie);
      expect(res.status, cookie).toBe(200);
      expect(html, cookie).toContain('No saved agents yet');
      expect(html, cookie).toContain('data-saved-ids=""');
      expect(html, cookie).not.toContain('data-loads-in-app');
    }
  });

  it('/saved signed in is drawn for the person, and waits for the app to merge the list with their account', async () => {
    const user = await createUser();
    const { res, html } = await page('/saved', `${await signIn(user.id)}; saved-agents=3`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(html).toContain('ContractSentry');
    expect(html).toContain('on your account for your other devices');
    expect(html).toContain('data-loads-in-app');
  });

  it("/saved signed in on a new device is drawn with the account's saves, not as an empty list", async () => {
    const user = await createUser();
    // On the account: ContractSentry (newest), then LeadScout Pro.
    await db()
      .prepare('INSERT INTO saved_agents (user_id, agent_id, saved_at) VALUES (?1, 1, 1000), (?1, 3, 2000)')
      .bind(user.id)
      .run();
    const session = await signIn(user.id);
    const fresh = await page('/saved', session);
    expect(fresh.res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(fresh.html).not.toContain('No saved agents yet');
    expect(fresh.html).toMatch(/2 agents (<!-- -->)?kept on this device/);
    expect(fresh.html.indexOf('ContractSentry')).toBeLessThan(fresh.html.indexOf('LeadScout Pro'));
    expect(fresh.html.match(/aria-pressed="true"/g)).toHaveLength(2);
    // A save made on this device and not on the account yet comes first; one both have, once.
    const both = await page('/saved', `${session}; saved-agents=2.1`);
    const served = (
      queryState(both.html).queries as { queryKey: unknown[]; state: { data: { name: string }[] } }[]
    ).find((q) => q.queryKey.join() === 'saved-agents,served');
    expect(served?.state.data.map((agent) => agent.name)).toEqual(['LedgerLens', 'ContractSentry', 'LeadScout Pro']);
    // Someone else's saves are never drawn for them.
    const other = await page('/saved', await signIn((await createUser()).id));
    expect(other.html).toContain('No saved agents yet');
  });

  it("/credits arrives with the frame everyone sees, and nothing of anyone's account", async () => {
    const { res, html } = await page('/credits');
    expect(res.status).toBe(200);
    expect(html).toContain('<title>Buy Credits · AgentMarket</title>');
    expect(html).toMatch(/<h1[^>]*>Buy Credits<\/h1>/);
    expect(html).toContain('How credits work');
    expect(html).not.toContain('Current balance');
    expect(queryState(html).queries.map((q) => q.queryKey)).not.toContainEqual(['auth', 'session']);
    // A path below it is no page: Not Found, not the shell.
    expect((await page('/credits/extra')).res.status).toBe(404);
  });

  it('/credits is rendered for the signed-in person: their balance, navbar and session in the HTML, for their browser only', async () => {
    const user = await createUser({ credits: 1234 });
    const { res, html } = await page('/credits', await signIn(user.id));
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(html).toMatch(/Current balance: <span[^>]*>1,234<\/span> credits/);
    expect(html).toMatch(/data-testid="navbar-credits"[^>]*>1,234</);
    // The address is not confirmed: the notice is in the page from the start.
    expect(html).toContain('Please confirm your email address');
    expect(html).toContain(user.email);
    const session = queryState(html).queries.find((q) => JSON.stringify(q.queryKey) === '["auth","session"]') as
      { state: { data: { id: number } } } | undefined;
    expect(session?.state.data.id).toBe(user.id);
    // A session that has ended, or was never there, is a visitor's page.
    const cookie = await signIn(user.id);
    await db()
      .prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1000, user.id)
      .run();
    for (const gone of [cookie, 'am_session=no-such-session']) {
      const ended = await page('/credits', gone);
      expect(ended.res.headers.get('Cache-Control')).toBe('no-cache');
      expect(ended.html).not.toContain('Current balance');
      expect(queryState(ended.html).queries.map((q) => q.queryKey)).not.toContainEqual(['auth', 'session']);
    }
  });

  it("public pages are rendered for the signed-in person who asks, for their browser only; a visitor's stay shareable", async () => {
    const user = await createUser({ credits: 4321, verified: true });
    const cookie = await signIn(user.id);
    // They follow alice (agent 1's creator): the home page shows her agents under 'New from creators you follow'.
    expect((await call('/api/follows/1', { method: 'PUT', cookie })).status).toBe(200);
    for (const path of [
      '/',
      '/agents',
      '/agents/2',
      '/search?q=lead',
      '/creators/alice',
      '/categories',
      '/no-such-page',
    ]) {
      const { res, html } = await page(path, cookie);
      expect(res.headers.get('Cache-Control'), path).toBe('private, no-store');
      expect(res.headers.get('Vary'), path).toContain('Cookie');
      expect(html, path).toMatch(/data-testid="navbar-credits"[^>]*>4,321</);
      const session = queryState(html).queries.find((q) => JSON.stringify(q.queryKey) === '["auth","session"]') as
        { state: { data: { id: number } } } | undefined;
      expect(session?.state.data.id, path).toBe(user.id);
    }
    const home = await page('/', cookie);
    expect(home.html).toMatch(/<h2[^>]*>New from creators you follow<\/h2>/);
    expect(queryState(home.html).queries.map((q) => q.queryKey)).toContainEqual(['follows', 'agents']);
    // Their Try Agent, with the cost, waits for a tap: on screen it does not start the app (docs/decisions/0044).
    const agentPage = (await page('/agents/2', cookie)).html;
    const tryAgent = agentPage.match(/<button[^>]*>(?:(?!<\/button>).)*Try Agent \(12 credits\)/)?.[0];
    expect(tryAgent).toBeDefined();
    expect(tryAgent).not.toContain('data-awaits-app');
    // An agent they reported says so in the HTML; another agent's page offers Report.
    expect(
      (await call('/api/reports', { method: 'POST', cookie, json: { itemType: 'agent', itemId: 2, reason: 'spam' } }))
        .status,
    ).toBe(201);
    expect((await page('/agents/2', cookie)).html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-label="Reported LedgerLens"/,
    );
    expect((await page('/agents/1', cookie)).html).toMatch(/aria-label="Report LeadScout Pro"/);

    // The same addresses for a visitor, or a session that has ended: nobody's.
    await db()
      .prepare('UPDATE sessions SET expires_at = ? WHERE user_id = ?')
      .bind(Date.now() - 1000, user.id)
      .run();
    for (const other of [undefined, cookie]) {
      for (const path of ['/', '/agents/2']) {
        const { res, html } = await page(path, other);
        expect(res.headers.get('Cache-Control'), path).toBe('no-cache');
        expect(res.headers.get('Vary'), path).toContain('Cookie');
        expect(html, path).not.toContain('navbar-credits');
        expect(html, path).not.toContain('New from creators you follow');
        if (path !== '/') expect(html, path).toContain('Login to Try Agent');
        const keys = queryState(html).queries.map((q) => JSON.stringify(q.queryKey));
        expect(
          keys.filter((key) => key.startsWith('["auth"') || key.startsWith('["follows"')),
          path,
        ).toEqual([]);
      }
    }
  });

  it('/billing is rendered for the signed-in person with their history; anyone else gets the frame, never indexed', async () => {
    const user = await createUser({ credits: 100 });
    const cookie = await signIn(user.id);
    expect((await call('/api/agents/1/try', { method: 'POST', cookie })).status).toBe(200);
    // Someone else's try is not on their page.
    await call('/api/agents/2/try', { method: 'POST', cookie: await signIn((await createUser()).id) });

    const { res, html } = await page('/billing', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(html).toContain('<title>Billing · AgentMarket</title>');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(html).toMatch(/<h1[^>]*>Billing<\/h1>/);
    expect(html).toMatch(/Available credits<\/dt><dd[^>]*>93<\/dd>/);
    expect(html).toMatch(/<ol aria-label="Credit history"/);
    expect(html).toMatch(/<a href="\/agents\/1"[^>]*>LeadScout Pro<\/a>/);
    expect(html).not.toContain('LedgerLens');
    const keys = queryState(html).queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['auth', 'session']);
    expect(keys).toContainEqual(['credits', 'transactions']);

    for (const other of [undefined, 'am_session=no-such-session']) {
      const visitor = await page('/BILLING/', other);
      expect(visitor.res.status).toBe(200);
      expect(visitor.res.headers.get('Cache-Control')).toBe('no-cache');
      expect(visitor.html).toMatch(/<h1[^>]*>Billing<\/h1>/);
      expect(visitor.html).not.toContain('Credit history');
      expect(visitor.html).not.toContain('Available credits');
      const visitorKeys = queryState(visitor.html).queries.map((q) => q.queryKey);
      expect(visitorKeys).not.toContainEqual(['auth', 'session']);
      expect(visitorKeys).not.toContainEqual(['credits', 'transactions']);
    }
  });

  it('/my-agents is rendered for its creator with the console; anyone else gets the frame, never indexed', async () => {
    const creator = await createUser();
    const other = await createUser();
    await insertAgents(
      { id: 460, name: 'ConsoleOwn', creator_id: creator.id, vote_count: 2, average_rating: 4.5 },
      { id: 461, name: 'ConsoleHidden', creator_id: creator.id, hidden_at: '2026-04-02T00:00:00.000Z' },
      { id: 462, name: 'ConsoleOther', creator_id: other.id },
    );
    const cookie = await signIn(creator.id);

    const { res, html } = await page('/my-agents', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(html).toContain('<title>My Agents · AgentMarket</title>');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    expect(html).toMatch(/<h1[^>]*>My Agents<\/h1>/);
    expect(html).toContain('2 agents you have listed on the marketplace.');
    expect(html).toContain('ConsoleOwn');
    expect(html).toContain('ConsoleHidden');
    expect(html).not.toContain('ConsoleOther');
    // Read without the app: no skeleton that would start it at once.
    expect(html).not.toContain('Loading your agents');
    expect(html).not.toContain('data-loads-in-app');
    const keys = queryState(html).queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['auth', 'session']);
    expect(keys).toContainEqual(['my-agents', 'console']);

    // The Insights tab's figures are the app's to fetch: its placeholder starts the app at once.
    const insights = await page('/my-agents?tab=insights&agent=460', cookie);
    expect(insights.res.status).toBe(200);
    expect(insights.html).toMatch(/<h1[^>]*>My Agents<\/h1>/);
    expect(insights.html).toContain('data-loads-in-app');

    for (const visitor of [undefined, 'am_session=no-such-session']) {
      const frame = await page('/MY-AGENTS/', visitor);
      expect(frame.res.status).toBe(200);
      expect(frame.res.headers.get('Cache-Control')).toBe('no-cache');
      expect(frame.html).toMatch(/<h1[^>]*>My Agents<\/h1>/);
      expect(frame.html).not.toContain('ConsoleOwn');
      // The skeleton starts the app, which sends the visitor to sign in.
      expect(frame.html).toContain('data-loads-in-app');
      expect(queryState(frame.html).queries.map((q) => q.queryKey)).not.toContainEqual(['my-agents', 'console']);
    }
  });

  it('two people asking for /credits at once each get their own page', async () => {
    const people = await Promise.all([createUser({ credits: 111 }), createUser({ credits: 222 })]);
    const cookies = await Promise.all(people.map((person) => signIn(person.id)));
    const pages = await Promise.all([...cookies, ...cookies].map((cookie) => page('/credits', cookie)));
    pages.forEach(({ html }, i) => {
      const [own, other] = i % 2 === 0 ? people : [...people].reverse();
      expect(html).toContain(own!.email);
      expect(html).not.toContain(other!.email);
      expect(html).toMatch(new RegExp(`Current balance: <span[^>]*>${i % 2 === 0 ? 111 : 222}</span>`));
    });
  });

  it.each([
    ['/about', 'About'],
    ['/privacy', 'Privacy Policy'],
    ['/propose-agent', 'Propose'],
    ['/agent91', 'LeadScout Pro'],
    ['/agents-agent91', 'LeadScout Pro'],
    ['/categories', 'Finance'],
  ])('footer pages, landings and the proposal form are rendered too: %s shows %j', async (path, text) => {
    const { res, html } = await page(path);
    expect(res.status).toBe(200);
    expect(html).toContain(text);
  });
});

describe('structured data (JSON-LD)', () => {
  const jsonLd = (html: string) =>
    JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as Record<string, unknown>;
  /** Every address in it. */
  const links = (value: unknown): string[] =>
    typeof value === 'string'
      ? /^[a-z]+:\/\//i.test(value)
        ? [value]
        : []
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(links)
        : [];
  /** The page's HTML as a client forging its Host gets it (a Worker's request URL is made from the Host). */
  const forged = async (path: string) => {
    const res = await exports.default.fetch(
      new Request(`http://evil.test${path}`, { headers: { Accept: 'text/html', Host: 'evil.test' } }),
    );
    expect(res.status, path).toBe(200);
    return res.text();
  };

  it("agent and creator pages take every link from APP_ORIGIN, never the request's Host (docs/decisions/0024)", async () => {
    await db().batch([
      db().prepare("UPDATE agents SET image_url = '/agents/ledgerlens.webp' WHERE id = 1"),
      db().prepare("UPDATE users SET profile_picture = '/media/avatars/alice.webp' WHERE id = 1"),
    ]);
    const agentHtml = await forged('/agents/1');
    expect(jsonLd(agentHtml)).toMatchObject({
      '@type': 'SoftwareApplication',
      url: 'http://localhost/agents/1',
      image: 'http://localhost/agents/ledgerlens.webp',
    });

    const creatorHtml = await forged('/creators/alice');
    expect(jsonLd(creatorHtml)).toMatchObject({
      '@type': 'ProfilePage',
      url: 'http://localhost/creators/alice',
      mainEntity: { url: 'http://localhost/creators/alice', image: 'http://localhost/media/avatars/alice.webp' },
    });
    for (const html of [agentHtml, creatorHtml]) {
      const found = links(jsonLd(html));
      expect(found.length).toBeGreaterThan(1);
      for (const link of found.filter((l) => !l.startsWith('https://schema.org')))
        expect(link).toMatch(/^http:\/\/localhost\//);
      expect(html).not.toContain('evil.test');
    }
  });
});

describe('files the worker hands to the static assets', () => {
  /** Static assets answering as Workers Static Assets do, with public/_headers' rules by path. */
  const ASSETS = {
    fetch: async (input: Request | string) => {
      const { pathname } = new URL(typeof input === 'string' ? input : input.url);
      const immutable: Record<string, string> = pathname.startsWith('/assets/')
        ? { 'Cache-Control': 'public, max-age=31536000, immutable' }
        : {};
      if (pathname === '/assets/app-1a2b3c.js')
        return new Response('export {};', { headers: { 'Content-Type': 'text/javascript', ...immutable } });
      return new Response(null, { status: 404, headers: immutable });
    },
  };
  const ask = (path: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers }, { ...env, ASSETS: ASSETS as unknown as Fetcher });

  it("a missing build file (an old page's chunk during a deploy) is a 404 nobody keeps; one that is there keeps its year", async () => {
    const gone = await ask('/assets/gone-abc123.js', { 'Sec-Fetch-Dest': 'script' });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('Cache-Control')).toBe('no-store');
    expect(gone.headers.get('Content-Type')).not.toContain('text/html');
    const there = await ask('/assets/app-1a2b3c.js');
    expect(there.status).toBe(200);
    expect(there.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await there.text()).toBe('export {};');
  });

  it("another missing file is the Not Found page; a signed-in page's unknown path is the app", async () => {
    const icon = await ask('/icons/gone.png');
    expect(icon.status).toBe(404);
    expect(icon.headers.get('Cache-Control')).toBe('no-cache');
    expect(await icon.text()).toContain('Page Not Found');
    const shell = await ask('/settings/no-such-tab', { 'Sec-Fetch-Mode': 'navigate' });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('Content-Type')).toContain('text/html');
    expect(await shell.text()).toContain('<div id="root"></div>');
  });
});

describe('what a rendered page tells its entry script', () => {
  const meta = (html: string, name: string) =>
    [...html.matchAll(/<meta name="([^"]+)" content="([^"]*)" \/>/g)].find((m) => m[1] === name)?.[2];
  /** PAGE_VIEWS kept in the test (docs/decisions/0047): `views` delivers what was sent, then counts. */
  const pageViews = pageViewsQueue();
  const views = async (agentId: number) => {
    await pageViews.deliver();
    return (await db()
      .prepare('SELECT coalesce(sum(views), 0) AS n FROM agent_views WHERE agent_id = ?1')
      .bind(agentId)
      .first<{ n: number }>())!.n;
  };
  /** A browser's navigation, as Chromium sends it. */
  const navigation = { 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Mode': 'navigate', Accept: 'text/html' };
  /** The page, once the work it left to run after its answer (the view's message) is done. */
  async function served(path: string, init: Parameters<typeof browserRequest>[1] = {}) {
    const ctx = createExecutionContext();
    const res = await app.fetch(browserRequest(path, init), pageViews.bindings, ctx);
    const html = await res.text();
    await waitOnExecutionContext(ctx);
    return { status: res.status, html };
  }

  it('names the cookies the entry script acts on that the request carried, and no other', async () => {
    const user = await createUser();
    const cookie = `${await signIn(user.id)}; am_signed_in=1; am_display=1; flash-toast=1; saved-agents=1.2; other=x`;
    for (const path of ['/', '/agents/1', '/credits']) {
      const { html } = await page(path, cookie);
      expect(meta(html, 'request-cookies'), path).toBe('am_display flash-toast am_signed_in');
    }
    // None sent: named as none, which the entry script reads as none (not as "ask document.cookie").
    expect(meta((await page('/agents')).html, 'request-cookies')).toBe('');
    expect(meta((await page('/agents', 'other=x')).html, 'request-cookies')).toBe('');
  });

  it("a browser's navigation to an agent page counts its view once, after the answer; the page says so", async () => {
    const before = await views(2);
    const { status, html } = await served('/agents/2', { headers: navigation });
    expect(status).toBe(200);
    expect(meta(html, 'view-counted')).toBe('2');
    // Sent to the queue, not written: counted once the consumer has the batch.
    expect(pageViews.sent.at(-1)).toMatchObject({ agentId: 2, viewerId: null });
    expect(await views(2)).toBe(before + 1);
    // Through the service worker's navigation preload, and under the other spelling of the address.
    expect(
      meta(
        (await served('/agent/2', { headers: { ...navigation, 'Service-Worker-Navigation-Preload': 'true' } })).html,
        'view-counted',
      ),
    ).toBe('2');
    expect(await views(2)).toBe(before + 2);
  });

  it('a prefetch, a prerender or a request that does not say it navigates leaves the count to the page; nothing for a HEAD, a missing agent or the creator', async () => {
    const creator = await signIn(2); // bob, ContractSentry's creator
    const before = await views(3);
    const answers = [];
    for (const [path, init] of [
      ['/agents/3', { headers: { ...navigation, 'Sec-Purpose': 'prefetch' } }],
      ['/agents/3', { headers: { ...navigation, 'Sec-Purpose': 'prefetch;prerender' } }],
      ['/agents/3', { headers: { ...navigation, Purpose: 'prefetch' } }],
      ['/agents/3', { headers: { Accept: 'text/html' } }],
      ['/agents/3', { method: 'HEAD', headers: navigation }],
      ['/agents/3/reviews', { headers: navigation }],
      ['/agents/999999', { headers: navigation }],
      ['/agents/3', { headers: navigation, cookie: creator }],
    ] as const) {
      answers.push(await served(path, init));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 404, 404, 200]);
    const word = (html: string) => ({ counted: meta(html, 'view-counted'), toCount: meta(html, 'view-to-count') });
    expect(answers.map((answer) => word(answer.html))).toEqual([
      ...Array.from({ length: 4 }, () => ({ counted: undefined, toCount: '3' })),
      ...Array.from({ length: 3 }, () => ({ counted: undefined, toCount: undefined })),
      // The creator's visit is taken, not counted: the app does not count it either.
      { counted: '3', toCount: undefined },
    ]);
    expect(await views(3)).toBe(before);
  });

  it("a hidden agent's page, which only its creator and moderators see, counts no view", async () => {
    const moderator = await signIn((await createUser({ role: 'staff' })).id);
    await db().prepare(`UPDATE agents SET hidden_at = '2026-11-01T00:00:00.000Z' WHERE id = 1`).run();
    try {
      const before = await views(1);
      // Its page is Not Found for the server's rendering; a moderator's app counts it as it shows it.
      expect((await served('/agents/1', { headers: navigation, cookie: moderator })).status).toBe(404);
      expect((await served('/api/agents/1/views', { method: 'POST', cookie: moderator })).status).toBe(204);
      expect(await views(1)).toBe(before);
    } finally {
      await db().prepare('UPDATE agents SET hidden_at = NULL WHERE id = 1').run();
    }
  });
});
