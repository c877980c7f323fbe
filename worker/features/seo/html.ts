import { escapeHtml } from '#worker/lib/html-text.ts';

// Agent pages' head (title, canonical, OpenGraph, JSON-LD) is written by worker/features/pages/document.ts
// from what the app's server renderer says (app/ssr/page-head.ts).
export { agentJsonLd } from '#common/agent-json-ld.ts';

export function sitemapXml(
  origin: string,
  agents: { id: number; updated_at: string }[],
  creators: string[] = [],
): string {
  const staticPaths = [
    '/',
    '/agents',
    '/categories',
    '/discover',
    '/propose-agent',
    '/about',
    '/documentation',
    '/tutorials',
    '/api',
    '/blog',
    '/careers',
    '/privacy',
    '/terms',
  ];
  const entries = [
    ...staticPaths.map((p) => `  <url><loc>${escapeHtml(origin + p)}</loc></url>`),
    ...agents.map(
      (a) =>
        `  <url><loc>${escapeHtml(`${origin}/agents/${a.id}`)}</loc><lastmod>${escapeHtml(a.updated_at.slice(0, 10))}</lastmod></url>`,
    ),
    // Creators with at least one agent (docs/decisions/0028).
    ...creators.map(
      (username) => `  <url><loc>${escapeHtml(`${origin}/creators/${encodeURIComponent(username)}`)}</loc></url>`,
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
    'Disallow: /saved',
    'Disallow: /submit-agent',
    'Disallow: /checkout/',
    'Disallow: /payouts/',
    // The consent screen and the OAuth endpoints: nothing to index, and each needs a person or a program.
    'Disallow: /authorize',
    'Disallow: /oauth/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
