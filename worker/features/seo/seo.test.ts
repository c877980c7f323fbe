import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../common/types';
import { call, seedCatalog } from '../../test/fixtures';
import { agentJsonLd, agentPageHtml, robotsTxt, sitemapXml } from './html';

beforeAll(seedCatalog);

const SHELL = `<!doctype html><html><head><title>AgentMarket</title>
<meta name="description" content="generic" /></head><body><div id="root"></div></body></html>`;

const agent = (over: Partial<Agent> = {}): Agent =>
  ({
    id: 5, name: 'LedgerLens', description: 'Reconciles invoices.', imageUrl: '/agents/ledgerlens.webp', creditCost: 12,
    averageRating: 4.25, voteCount: 8, businessCategory: 'Finance', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-02-01T00:00:00Z',
    ...over,
  }) as Agent;

describe('agent page HTML', () => {
  it('carries title, description, canonical, OpenGraph, Twitter and JSON-LD', () => {
    const html = agentPageHtml(SHELL, agent(), 'https://agents.example');
    expect(html).toContain('<title>LedgerLens · AI agent on AgentMarket</title>');
    expect(html).toContain('<meta name="description" content="Reconciles invoices." />');
    expect(html).toContain('<link rel="canonical" href="https://agents.example/agents/5" />');
    expect(html).toContain('<meta property="og:title" content="LedgerLens · AI agent on AgentMarket" />');
    expect(html).toContain('<meta property="og:image" content="https://agents.example/agents/ledgerlens.webp" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      '@type': 'SoftwareApplication',
      name: 'LedgerLens',
      offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'USD' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.3', ratingCount: 8 },
    });
    // The agent itself, for the app to show without another request.
    const embedded = JSON.parse(html.match(/<script type="application\/json" id="agent-data">(.*?)<\/script>/)![1]!);
    expect(embedded).toEqual(agent());
  });

  it('escapes hostile names so they cannot break out of tags or the JSON scripts', () => {
    const html = agentPageHtml(SHELL, agent({ name: '"><script>alert(1)</script>', description: '</script><img src=x>' }), 'https://a.example');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x>');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it('puts names with replacement patterns in literally ($& $\' $` $$ $1)', () => {
    const name = "Agent $' $` $& $$ $1";
    const html = agentPageHtml(SHELL, agent({ name, description: "Costs $' and $`." }), 'https://a.example');
    expect(html).toContain(`<title>Agent $&#39; $\` $&amp; $$ $1 · AI agent on AgentMarket</title>`);
    expect(html).toContain('<meta name="description" content="Costs $&#39; and $`." />');
    // The shell's parts appear once each; the embedded agent still parses.
    expect(html.match(/<html>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const embedded = JSON.parse(html.match(/<script type="application\/json" id="agent-data">(.*?)<\/script>/)![1]!);
    expect(embedded.name).toBe(name);
  });

  it('hints the picture and the script chunks the shell does not already load', () => {
    const shell = SHELL.replace('</head>', '<link rel="modulepreload" href="/assets/app-1.js"></head>');
    const html = agentPageHtml(shell, agent(), 'https://a.example', ['/assets/agent-detail-2.js', '/assets/app-1.js']);
    expect(html).toContain('<link rel="preload" as="image" href="/agents/ledgerlens.webp" />');
    // At low priority like the shell's own scripts: the first paint does not need them.
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/agent-detail-2.js" fetchpriority="low" />');
    expect(html.match(/assets\/app-1\.js/g)).toHaveLength(1);
    expect(agentPageHtml(SHELL, agent({ imageUrl: null }), 'https://a.example')).not.toContain('as="image"');
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
    for (const path of ['/agents/', '/agent/', '/agents/1/x', '/agent/1/', '/agents/abc', '/agents/999999', '/agent/0', '/agents/1.5']) {
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
