import { AGENT_DATA_ELEMENT_ID } from '../../../common/constants';
import type { Agent } from '../../../common/types';

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** JSON inside a <script> must not be able to close it. */
const safeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** schema.org SoftwareApplication for an agent, with its rating and price in credits (1 credit = $1). */
export function agentJsonLd(agent: Agent, url: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'SoftwareApplication',
    name: agent.name,
    description: agent.description,
    url,
    applicationCategory: 'BusinessApplication',
    applicationSubCategory: agent.businessCategory ?? undefined,
    operatingSystem: 'Web',
    image: agent.imageUrl ? new URL(agent.imageUrl, origin).toString() : undefined,
    datePublished: agent.createdAt,
    dateModified: agent.updatedAt,
    offers: { '@type': 'Offer', price: agent.creditCost.toFixed(2), priceCurrency: 'USD', url },
    ...(agent.voteCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: agent.averageRating.toFixed(1),
            ratingCount: agent.voteCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * The app shell with the agent's own title, description, canonical URL, social tags and JSON-LD,
 * plus the agent itself and early hints for what the page will load (its picture and script chunks
 * the shell does not already name).
 */
export function agentPageHtml(shell: string, agent: Agent, origin: string, chunks: string[] = []): string {
  const url = `${origin}/agents/${agent.id}`;
  const title = `${agent.name} · AI agent on AgentMarket`;
  const description = clip(agent.description, 200);
  const image = new URL(agent.imageUrl ?? '/icons/icon-512.png', origin).toString();
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="AgentMarket" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
    `<script type="application/ld+json">${safeJson(agentJsonLd(agent, url, origin))}</script>`,
    // The same answer GET /api/agents/{id} gives: the app shows it without waiting for a second request.
    `<script type="application/json" id="${AGENT_DATA_ELEMENT_ID}">${safeJson(agent)}</script>`,
    ...(agent.imageUrl ? [`<link rel="preload" as="image" href="${escapeHtml(agent.imageUrl)}" />`] : []),
    ...chunks.filter((file) => !shell.includes(file)).map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" fetchpriority="low" />`),
  ].join('\n    ');
  // Function replacers: a string replacement would read `$'`, `$&` or `$\`` in an agent's name as
  // patterns and splice parts of the page into it.
  return shell
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

export function sitemapXml(origin: string, agents: { id: number; updated_at: string }[]): string {
  const staticPaths = ['/', '/agents', '/categories', '/discover', '/propose-agent', '/about', '/documentation', '/tutorials', '/api', '/blog', '/careers', '/privacy', '/terms'];
  const entries = [
    ...staticPaths.map((p) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>`),
    ...agents.map(
      (a) => `  <url><loc>${escapeHtml(`${origin}/agents/${a.id}`)}</loc><lastmod>${escapeHtml(a.updated_at.slice(0, 10))}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /my-agents',
    'Disallow: /profile',
    'Disallow: /billing',
    'Disallow: /settings',
    'Disallow: /submit-agent',
    'Disallow: /checkout/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
