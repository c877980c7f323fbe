import { expect, test } from './support/test';

test('an agent page carries its own metadata in the HTML, before any script runs', async ({ request }) => {
  const agents = (await (await request.get('/api/agents?limit=1')).json()) as {
    id: number;
    name: string;
    description: string;
  }[];
  const agent = agents[0]!;
  for (const path of [`/agents/${agent.id}`, `/agent/${agent.id}`]) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${agent.name} · AI agent on AgentMarket</title>`);
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card"');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/agents/${agent.id}"`));
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({ '@type': 'SoftwareApplication', name: agent.name, offers: { priceCurrency: 'USD' } });
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  }
  // The page's own script chunks are named up front, and they exist.
  const html = await (await request.get(`/agents/${agent.id}`)).text();
  const chunks = html.match(/<meta name="page-modules" content="([^"]+)"/)![1]!.split(' ');
  expect(chunks.some((file) => /\/assets\/agent-detail-[\w-]+\.js$/.test(file))).toBe(true);
  for (const file of chunks) expect((await request.get(file)).status(), file).toBe(200);
  const missing = await request.get('/agents/999999');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toContain('<div id="root">');
});

test('the sitemap lists every agent and robots.txt points to it', async ({ request }) => {
  const total = Number((await request.get('/api/agents?limit=1')).headers()['x-total-count']);
  const xml = await (await request.get('/sitemap.xml')).text();
  expect(xml.match(/\/agents\/\d+<\/loc>/g)).toHaveLength(total);
  expect(await (await request.get('/robots.txt')).text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
});

test('the browse listing at /agents stays the app, not an agent page', async ({ request }) => {
  const res = await request.get('/agents');
  expect(res.status()).toBe(200);
  expect(await res.text()).not.toContain('application/ld+json');
});

test('agent images under /agents/ are served as images, and show on the listing', async ({ page, request }) => {
  const res = await request.get('/agents/ledgerlens.webp');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('image/webp');
  await page.goto('/search?q=LedgerLens');
  await expect(
    page.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: 'LedgerLens', exact: true }),
  ).toBeVisible();
  // The card's picture is decorative (alt=""), so it is found by its source.
  const image = page.locator('img[src="/agents/ledgerlens.webp"]').first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('an agent page opened directly shows the agent from the page itself, without asking the API again', async ({
  page,
  request,
}) => {
  const [agent] = (await (await request.get('/api/agents?limit=1')).json()) as { id: number; name: string }[];
  const detailCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === `/api/agents/${agent!.id}`) detailCalls.push(req.url());
  });
  await page.goto(`/agents/${agent!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: agent!.name })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Description' })).toBeVisible();
  expect(detailCalls).toEqual([]);
});
