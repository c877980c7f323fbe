import { asc } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { orm } from '../../db/client';
import { agents } from '../../db/schema';
import type { AppEnv } from '../../env';
import { APP_CSP } from '../../middleware/security';
import { positiveInt } from '../../lib/http';
import { getCatalogAgent } from '../agents/catalog';
import { mergedCatalog } from '../provider/catalog';
import { providerConfig } from '../provider/client';
import { getAgent } from '../agents/data';
import { agentPageHtml, robotsTxt, sitemapXml } from './html';

/** The same headers public/_headers gives static assets, for the HTML the worker renders. */
function pageHeaders(c: Context<AppEnv>, contentType: string) {
  c.header('Content-Type', contentType);
  c.header('Content-Security-Policy', APP_CSP);
  c.header('Cache-Control', 'public, max-age=300');
}

let routeChunks: Promise<Record<string, string[]>> | null = null;

/** The agent page's script chunks from the build's route-chunks.json (read once per isolate). */
async function agentPageChunks(c: Context<AppEnv>): Promise<string[]> {
  if (!c.env.ASSETS) return [];
  routeChunks ??= c.env.ASSETS.fetch(new URL('/route-chunks.json', c.req.url).toString())
    .then((res) => (res.ok ? (res.json() as Promise<Record<string, string[]>>) : {}))
    .catch(() => ({}));
  const chunks = (await routeChunks)['agent-detail'];
  return Array.isArray(chunks) ? chunks.filter((file) => typeof file === 'string' && file.startsWith('/assets/')) : [];
}

async function appShell(c: Context<AppEnv>): Promise<string | null> {
  if (!c.env.ASSETS) return null;
  const res = await c.env.ASSETS.fetch(new URL('/', c.req.url).toString());
  return res.ok ? res.text() : null;
}

/** What follows /agent/ or /agents/ in the path: an agent id, a static file's name, or anything else. */
const pathRest = (c: Context<AppEnv>) => c.req.path.replace(/^\/agents?\//, '');

/**
 * Agent pages rendered with their own metadata so links unfurl and crawlers index them without
 * running scripts; the app then boots from the same shell as any other route. Every other path under
 * the prefix is the app's 404 page with status 404 (never a 5xx).
 */
async function agentPage(c: Context<AppEnv>) {
  // '/agents/*' also matches '/agents' itself: that is the browse page, an ordinary app route.
  if (!/^\/agents?\//.test(c.req.path)) return c.notFound();
  const rest = pathRest(c);
  const id = positiveInt(rest);
  // Not an agent id: a static file under the same prefix (agent images live at /agents/<name>.webp).
  if (!id && /^[^/]+\.[a-z0-9]+$/i.test(rest) && c.env.ASSETS) {
    const asset = (await c.env.ASSETS.fetch(c.req.raw as never)) as unknown as Response;
    // A missing file comes back as the SPA shell (status 200): that is a 404 here.
    // A copy with mutable headers, so the security headers can still be added.
    if (!asset.headers.get('Content-Type')?.startsWith('text/html')) return new Response(asset.body, asset);
    await asset.body?.cancel();
  }
  const shell = await appShell(c);
  pageHeaders(c, 'text/html; charset=utf-8');
  if (!shell) return c.body('Not found', 404);
  // In provider mode the agent may be the provider's; if the provider is down, our own copy serves.
  const agent = id ? await getCatalogAgent(c.env, id).catch(() => getAgent(c.env.DB, id)) : null;
  // Unknown agents and other paths still get the app (it shows its not-found page), with a 404 status.
  if (!agent) return c.body(shell, 404);
  return c.body(agentPageHtml(shell, agent, new URL(c.req.url).origin, await agentPageChunks(c)));
}

export const seoRoutes = new Hono<AppEnv>()
  .get('/agent/*', agentPage)
  .get('/agents/*', agentPage)
  .get('/sitemap.xml', async (c) => {
    const results = await orm(c.env.DB).select({ id: agents.id, updated_at: agents.updatedAt }).from(agents).orderBy(asc(agents.id));
    // Provider mode: the provider's agents have pages too (best effort; D1's list always stands).
    const config = providerConfig(c.env);
    if (config) {
      const catalog = await mergedCatalog(c.env.DB, config).catch(() => []);
      const known = new Set(results.map((r) => r.id));
      for (const a of catalog) if (!known.has(a.id)) results.push({ id: a.id, updated_at: a.updatedAt });
    }
    pageHeaders(c, 'application/xml; charset=utf-8');
    return c.body(sitemapXml(new URL(c.req.url).origin, results));
  })
  .get('/robots.txt', (c) => {
    pageHeaders(c, 'text/plain; charset=utf-8');
    return c.body(robotsTxt(new URL(c.req.url).origin));
  });
