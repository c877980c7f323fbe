import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { orm } from '#worker/db/client.ts';
import { agents, users } from '#worker/db/schema.ts';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { APP_CSP } from '#worker/middleware/security.ts';
import { mergedCatalog } from '#worker/features/agents/index.ts';
import { providerConfig } from '#worker/features/provider/index.ts';
import { robotsTxt, sitemapXml } from './html';

/** The same headers public/_headers gives static assets, for what the worker writes. */
function pageHeaders(c: Context<AppEnv>, contentType: string) {
  c.header('Content-Type', contentType);
  c.header('Content-Security-Policy', APP_CSP);
  c.header('Cache-Control', 'public, max-age=300');
}

export const seoRoutes = new Hono<AppEnv>()
  .get('/sitemap.xml', async (c) => {
    const results = await orm(c.env.DB)
      .select({ id: agents.id, updated_at: agents.updatedAt })
      .from(agents)
      .where(isNull(agents.hiddenAt))
      .orderBy(asc(agents.id));
    // Provider mode: the provider's agents have pages too (best effort; D1's list always stands).
    const config = providerConfig(c.env);
    if (config) {
      const catalog = await mergedCatalog(c.env.DB, config).catch(() => []);
      const known = new Set(results.map((r) => r.id));
      for (const a of catalog) if (!known.has(a.id)) results.push({ id: a.id, updated_at: a.updatedAt });
    }
    const creators = await orm(c.env.DB)
      .selectDistinct({ username: users.username })
      .from(users)
      // A creator whose only agents were hidden by moderators has no page worth listing.
      .innerJoin(agents, and(eq(agents.creatorId, users.id), isNull(agents.hiddenAt)))
      .orderBy(asc(users.username));
    pageHeaders(c, 'application/xml; charset=utf-8');
    return c.body(
      sitemapXml(
        appOrigin(c.env),
        results,
        creators.map((r) => r.username),
      ),
    );
  })
  .get('/robots.txt', (c) => {
    pageHeaders(c, 'text/plain; charset=utf-8');
    return c.body(robotsTxt(appOrigin(c.env)));
  });
