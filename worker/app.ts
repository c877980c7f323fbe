import { Hono, type Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { MESSAGES } from '#common/validation.ts';
import type { AppEnv } from './env';
import { a2aRoutes, agentCardRoutes } from './features/a2a/routes';
import { adminRoutes } from './features/admin/routes';
import { agentsRoutes } from './features/agents/routes';
import { accountRoutes } from './features/auth/account-routes';
import { healthRoutes } from './features/health/routes';
import { googleAuthRoutes } from './features/auth/google-routes';
import { authRoutes } from './features/auth/routes';
import { categoriesRoutes, departmentsRoutes } from './features/categories/routes';
import { configRoutes } from './features/config/routes';
import { creditsRoutes } from './features/credits/routes';
import { earningsRoutes } from './features/earnings/routes';
import { insightsRoutes } from './features/insights/routes';
import { myAgentsRoutes } from './features/my-agents/routes';
import { paymentsRoutes } from './features/payments/routes';
import { stripeWebhookRoutes } from './features/payments/webhook-routes';
import { proposalsRoutes, proposeAgentRoutes } from './features/proposals/routes';
import { agentRatingsRoutes, ratingsRoutes } from './features/ratings/routes';
import { moderationRoutes, reportsRoutes } from './features/moderation/routes';
import {
  asksForShell,
  clientRenderedPage,
  rendersPage,
  rendersShell,
  edgeCachedPage,
  shellPage,
  staticAsset,
} from './features/pages/routes';
import { savedRoutes } from './features/saved/routes';
import { seoRoutes } from './features/seo/routes';
import { mcpRoutes } from './features/mcp/routes';
import { connectionsRoutes } from './features/oauth/connections-routes';
import { consentRoutes } from './features/oauth/consent-routes';
import { oauthServerRoutes } from './features/oauth/server-routes';
import { bearerAuth } from './features/tokens/bearer';
import { tokensRoutes } from './features/tokens/routes';
import { usersRoutes } from './features/users/routes';
import { creatorsRoutes, followsRoutes } from './features/creators/routes';
import { mediaFileRoutes, mediaUploadRoutes } from './features/media/routes';
import { errorBody, HttpError } from './lib/http';
import { log } from './lib/log';
import { BODY_LIMIT_REFUSAL, CROSS_SITE_REFUSAL, json, openApiDocument, route, TOKEN_REFUSALS } from './lib/openapi';
import { openApiDocumentSchema } from '#common/api-schemas.ts';
import { catalogCache, onCatalogWrite } from './lib/catalog-cache';
import { edgeCache } from './lib/edge-cache';
import { methodNotAllowed } from './middleware/method-not-allowed';
import { limitBody, sameOriginOnly, securityHeaders } from './middleware/security';
import { requestLog } from './middleware/request-log';
import { loadSession } from './middleware/session';

const api = new Hono<AppEnv>()
  .use(securityHeaders)
  // A method a known path does not offer: 405 with Allow, before anything else is checked (docs/decisions/0040).
  .use(methodNotAllowed((): Hono<AppEnv> => app))
  .use(sameOriginOnly)
  .use(limitBody)
  .use(onCatalogWrite)
  // Before the session: the health check answers for D1 alone, whatever cookie comes with it.
  .route('/health', healthRoutes)
  // The API's own description, made from the routes' schemas (docs/decisions/0033). Before the
  // session and bearer checks: public, and a program holding a token may read it too.
  .get(
    '/openapi.json',
    route({
      tag: 'system',
      summary: 'This API as an OpenAPI 3.1 document',
      description: 'Generated from the route table; the /api page renders it. Cached for 5 minutes.',
      access: 'anyone',
      responses: { 200: json(openApiDocumentSchema, 'The OpenAPI 3.1 document') },
    }),
    // Typed apart from `app`, which is built from this sub-app. What the middleware refuses is listed
    // on every route it runs for.
    openApiDocument(
      (): Hono<AppEnv> => app,
      [
        [sameOriginOnly, CROSS_SITE_REFUSAL],
        [limitBody, BODY_LIMIT_REFUSAL],
        [bearerAuth, TOKEN_REFUSALS],
      ],
    ),
  )
  .use(loadSession)
  // A personal API token replaces the session for what its scopes allow (docs/decisions/0030).
  .use(bearerAuth)
  // The data centre's cache first, then the isolate's, both under the catalogue's version (docs/decisions/0046).
  .use('/agents/*', edgeCache, catalogCache)
  .use('/categories/*', edgeCache, catalogCache)
  .use('/departments/*', edgeCache, catalogCache)
  .route('/config', configRoutes)
  .route('/agents', agentsRoutes)
  .route('/agents', insightsRoutes)
  // An agent's reviews, mounted here as insights are: ratings imports agents, so agents cannot mount it.
  .route('/agents', agentRatingsRoutes)
  // The creator's console (docs/decisions/0043).
  .route('/my-agents', myAgentsRoutes)
  .route('/categories', categoriesRoutes)
  .route('/departments', departmentsRoutes)
  .route('/auth', authRoutes)
  .route('/auth', googleAuthRoutes)
  .route('/auth', accountRoutes)
  .route('/users', usersRoutes)
  .route('/creators', creatorsRoutes)
  .route('/follows', followsRoutes)
  .route('/media', mediaUploadRoutes)
  .route('/ratings', ratingsRoutes)
  .route('/saved', savedRoutes)
  .route('/reports', reportsRoutes)
  .route('/moderation', moderationRoutes)
  .route('/propose-agent', proposeAgentRoutes)
  .route('/proposals', proposalsRoutes)
  .route('/credits', creditsRoutes)
  .route('/earnings', earningsRoutes)
  // Before the session-only payment routes: Stripe calls this without a session.
  .route('/payments/webhook', stripeWebhookRoutes)
  .route('/payments', paymentsRoutes)
  .route('/admin', adminRoutes)
  .route('/tokens', tokensRoutes)
  // Assistants connected through OAuth (docs/decisions/0042): the consent page's calls, Settings' list.
  .route('/oauth', consentRoutes)
  .route('/connections', connectionsRoutes);

// Public pages are rendered by React in the worker, sitemap and robots.txt too; signed-in pages get
// the plain shell naming their chunks; files come from the static assets (run_worker_first in wrangler.toml).
const pages = new Hono<AppEnv>()
  .use(securityHeaders)
  .route('/', seoRoutes)
  .route('/', mediaFileRoutes)
  .get('*', (c) => {
    // Unknown API paths stay JSON 404s, never the app.
    if (c.req.path.startsWith('/api/')) return c.json(errorBody(MESSAGES.notFound), 404);
    if (asksForShell(c)) return shellPage(c);
    if (rendersShell(c)) return clientRenderedPage(c);
    return rendersPage(c) ? edgeCachedPage(c) : staticAsset(c);
  });

/** The request's ExecutionContext, when the runtime gave one (Hono throws when asked without). */
function executionContextOf(c: Context<AppEnv>) {
  try {
    return c.executionCtx;
  } catch {
    return undefined;
  }
}

// The MCP endpoint's tools call the API through the whole app, as any request would (docs/decisions/0030).
const mcp = mcpRoutes(async (request, c) => app.fetch(request, c.env, executionContextOf(c)));

export const app = new Hono<AppEnv>()
  .use(requestLog)
  .route('/api', api)
  .route('/mcp', mcp)
  // The marketplace as an A2A agent: its card and its JSON-RPC endpoint (worker/features/a2a).
  .route('/.well-known/agent-card.json', agentCardRoutes)
  .route('/a2a', a2aRoutes)
  // OAuth for /mcp (docs/decisions/0042): discovery, registration, tokens and the consent page.
  .route('/', oauthServerRoutes(clientRenderedPage))
  .route('/', pages);

app.notFound((c) => {
  if (c.req.path.startsWith('/api/')) return c.json(errorBody(MESSAGES.notFound), 404);
  // Anything else (a write to a page's address): the static assets answer, 404 for what is not a file.
  if (!c.env.ASSETS) return c.text('Not found', 404);
  // A copy with mutable headers: the security headers middleware adds to it.
  return (c.env.ASSETS.fetch(c.req.raw as never) as unknown as Promise<Response>).then(
    (res) => new Response(res.body, res),
  );
});

app.onError((err, c) => {
  if (err instanceof HttpError) return c.json(errorBody(err.message), err.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    // Hono raises 400 for malformed JSON bodies; keep our wording and never echo internals.
    const message =
      status === 400 ? MESSAGES.invalidJson : status === 413 ? MESSAGES.tooLarge : err.message || 'Request failed';
    return c.json(errorBody(message), status);
  }
  log('error', 'unhandled error', { requestId: c.var.requestId, method: c.req.method, path: c.req.path, error: err });
  return c.json(errorBody(MESSAGES.serverError), 500);
});

export type AppType = typeof api;
