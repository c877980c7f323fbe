import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '#common/types.ts';
import { call, seedCatalog } from '#worker/test/fixtures.ts';
import type { PageHead } from '#common/ssr.ts';
import { pageDocument, shellDocument } from '#worker/features/pages/document.ts';
import { agentJsonLd, robotsTxt, sitemapXml } from './html';

beforeAll(seedCatalog);

const SHELL = `<!doctype html><html><head><title>AgentMarket</title>
<meta name="description" content="generic" /></head><body><div id="root"></div></body></html>`;

const agent = (over: Partial<Agent> = {}): Agent =>
  ({
    id: 5,
    name: 'LedgerLens',
    description: 'Reconciles invoices.',
    imageUrl: '/agents/ledgerlens.webp',
    creditCost: 12,
    averageRating: 4.25,
    voteCount: 8,
    businessCategory: 'Finance',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-02-01T00:00:00Z',
    ...over,
  }) as Agent;

describe('page HTML', () => {
  const head: PageHead = {
    title: 'LedgerLens · AI agent on AgentMarket',
    description: 'Reconciles invoices.',
    canonicalPath: '/agents/5',
    image: '/agents/ledgerlens.webp',
    jsonLd: agentJsonLd(agent(), 'https://agents.example/agents/5', 'https://agents.example'),
  };
  const html = (h: PageHead, shell = SHELL, chunks: string[] = []) => {
    const { before, after } = pageDocument(shell, h, 'https://agents.example', '{"queries":[]}', chunks);
    return `${before}<p>app</p>${after}`;
  };

  it('carries title, description, canonical, OpenGraph, Twitter and JSON-LD', () => {
    const page = html(head);
    expect(page).toContain('<title>LedgerLens · AI agent on AgentMarket</title>');
    expect(page).toContain('<meta name="description" content="Reconciles invoices." />');
    expect(page).toContain('<link rel="canonical" href="https://agents.example/agents/5" />');
    expect(page).toContain('<meta property="og:title" content="LedgerLens · AI agent on AgentMarket" />');
    expect(page).toContain('<meta property="og:image" content="https://agents.example/agents/ledgerlens.webp" />');
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const ld = JSON.parse(page.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'LedgerLens',
      offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.3', ratingCount: 8 },
    });
    expect(page).toContain('<div id="root"><p>app</p></div>');
    expect(JSON.parse(page.match(/<script type="application\/json" id="query-state">(.*?)<\/script>/)![1]!)).toEqual({
      queries: [],
    });
  });

  it('escapes hostile text so it cannot break out of tags or the JSON scripts, and treats $ patterns as text', () => {
    const hostile = agent({ name: '"><script>alert(1)</script> $& $1 $`', description: '</script><img src=x>' });
    const page = html({
      ...head,
      title: hostile.name,
      description: hostile.description,
      jsonLd: agentJsonLd(hostile, 'u', 'https://a.example'),
    });
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).not.toContain('<img src=x>');
    expect(page).toContain('$&amp; $1 $`</title>');
    expect(page.match(/<\/script>/g)).toHaveLength(2);
  });

  it("puts names with replacement patterns in literally ($' $` $& $$ $1)", () => {
    const name = "Agent $' $` $& $$ $1";
    const page = html({
      ...head,
      title: `${name} · AI agent on AgentMarket`,
      description: "Costs $' and $`.",
      jsonLd: agentJsonLd(agent({ name }), 'u', 'https://a.example'),
    });
    expect(page).toContain(`<title>Agent $&#39; $\` $&amp; $$ $1 · AI agent on AgentMarket</title>`);
    expect(page).toContain('<meta name="description" content="Costs $&#39; and $`." />');
    // The shell's parts appear once each; the embedded JSON still parses.
    expect(page.match(/<html>/g)).toHaveLength(1);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
    expect(page.match(/<\/script>/g)).toHaveLength(2);
    expect(JSON.parse(page.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!).name).toBe(name);
  });

  it('hints the picture and names the script chunks the shell does not already load', () => {
    const shell = SHELL.replace('</head>', '<link rel="modulepreload" href="/assets/app-1.js"></head>');
    const page = html(head, shell, ['/assets/agent-detail-2.js', '/assets/app-1.js']);
    expect(page).toContain('<link rel="preload" as="image" href="/agents/ledgerlens.webp" />');
    // Named, not fetched: the entry script fetches them with the app once the page is painted.
    expect(page).toContain('<meta name="page-modules" content="/assets/agent-detail-2.js" />');
    expect(page).not.toContain('agent-detail-2.js" fetchpriority');
    expect(page.match(/assets\/app-1\.js/g)).toHaveLength(1);
    expect(html({ ...head, image: undefined })).not.toContain('as="image"');
  });

  it('names the first-load chunks the plain shell preloads from its header bar, which it drops', () => {
    const bar =
      '<!-- app-shell-bar --><div id="app-shell"></div><link rel="modulepreload" crossorigin href="/assets/main-3.js" fetchpriority="low"><link rel="modulepreload" crossorigin href="/assets/app-4.js" fetchpriority="low"><!-- /app-shell-bar -->';
    const page = html(head, SHELL.replace('<body>', `<body>${bar}`), ['/assets/agent-detail-2.js', '/assets/app-4.js']);
    expect(page).toContain(
      '<meta name="page-modules" content="/assets/main-3.js /assets/app-4.js /assets/agent-detail-2.js" />',
    );
    expect(page).not.toContain('rel="modulepreload"');
    expect(page).not.toContain('app-shell');
    expect(html(head, SHELL.replace('<body>', `<body>${bar}`))).toContain(
      '<meta name="page-modules" content="/assets/main-3.js /assets/app-4.js" />',
    );
  });

  it("names a signed-in page's chunks in the plain shell, leaving out those it already preloads", () => {
    const shell = SHELL.replace('<body>', '<body><link rel="modulepreload" href="/assets/app-4.js">');
    const html = shellDocument(shell, ['/assets/credits-5.js', '/assets/app-4.js']);
    expect(html).toContain('<meta name="page-modules" content="/assets/credits-5.js" />\n  </head>');
    expect(html.match(/app-4\.js/g)).toHaveLength(1);
    expect(shellDocument(shell, ['/assets/app-4.js'])).toBe(shell);
  });

  it('leaves out aggregateRating for an agent without reviews', () => {
    expect(agentJsonLd(agent({ voteCount: 0 }), 'u', 'https://a.example')).not.toHaveProperty('aggregateRating');
  });

  it('lists every agent in the sitemap and points robots at it', () => {
    const xml = sitemapXml('https://a.example', [{ id: 1, updated_at: '2026-03-04T05:06:07Z' }]);
    expect(xml).toContain('<loc>https://a.example/agents/1</loc><lastmod>2026-03-04</lastmod>');
    expect(robotsTxt('https://a.example')).toContain('Sitemap: https://a.example/sitemap.xml');
  });
});

describe('routes', () => {
  it('answers 404 (never 5xx) for every path under /agent(s)/ that is not an agent', async () => {
    for (const path of [
      '/agents/',
      '/agent/',
      '/agents/1/x',
      '/agent/1/',
      '/agents/abc',
      '/agents/999999',
      '/agent/0',
      '/agents/1.5',
    ]) {
      const res = await call(path, { headers: { Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' } });
      expect(res.status, path).toBe(404);
    }
  });

  it('serves the sitemap with every agent and robots.txt', async () => {
    const res = await call('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/xml');
    const xml = await res.text();
    for (const id of [1, 2, 3]) expect(xml).toContain(`<loc>http://localhost/agents/${id}</loc>`);
    const robots = await call('/robots.txt');
    expect(await robots.text()).toContain('Disallow: /api/');
  });
});
