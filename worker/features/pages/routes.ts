import { isKnownPage, lazyPageFile, renderPage } from '#app-ssr';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { appOrigin, type AppEnv } from '#worker/env.ts';
import { APP_CSP } from '#worker/middleware/security.ts';
import { listTransactions } from '#worker/domain/credits/index.ts';
import { readSession } from '#worker/middleware/session.ts';
import { newFromFollowed } from '#worker/features/creators/index.ts';
import { listSavedAgentIds } from '#worker/features/saved/index.ts';
import { myAgentsConsole } from '#worker/features/my-agents/index.ts';
import { openReportsOnAgent } from '#worker/features/moderation/index.ts';
import { pageViewKind, takePageView } from '#worker/features/insights/index.ts';
import { throughEdgeCache } from '#worker/lib/edge-cache.ts';
import { ENTRY_COOKIES } from '#common/constants.ts';
import { NEW_FROM_FOLLOWED } from '#common/creators.ts';
import { REQUEST_COOKIES_META } from '#common/ssr.ts';
import { parseSavedAgentsCookie, SAVED_AGENTS_COOKIE, SAVED_AGENTS_DRAWN } from '#common/saved-agents.ts';
import { catalogSource } from './catalog-source';
import { concatStream, pageDocument, shellDocument } from './document';

/**
 * Pages that need a signed-in person: the plain shell, rendered in the browser (decision 0012).
 * /credits, /billing and /my-agents are not among them: the server renders them (ACCOUNT_PAGE,
 * decisions 0019 and 0043). Nor is
 * /saved, which anyone has: the server draws it from the ids the device's cookie names (decision 0036).
 */
const CLIENT_RENDERED =
  /^\/(auth|login|my-agents|profile|checkout|submit-agent|proposals|moderation|finance|support|billing|settings)(\/|$)/i;

/**
 * Pages about the signed-in person's account that the server renders (for them, from their session,
 * as every page it renders; for anyone else the frame a visitor sees, which sends them to sign in
 * once hydrated), although they are under the signed-in prefixes.
 */
const ACCOUNT_PAGE = /^\/(credits|billing|my-agents)\/?$/i;

/** A path naming a file (an icon, the manifest, a picture): a static asset, never a page. */
const FILE = /\/[^/]+\.[a-z0-9]+$/i;

/** Whether the worker renders this request as a page (GET or HEAD navigations to public routes and unknown paths). */
export const rendersPage = (c: Context<AppEnv>): boolean =>
  (c.req.method === 'GET' || c.req.method === 'HEAD') &&
  !c.req.path.startsWith('/api/') &&
  !FILE.test(c.req.path) &&
  (ACCOUNT_PAGE.test(c.req.path) || !CLIENT_RENDERED.test(c.req.path));

/** Used when the built app is not there (worker tests, a worker deployed without its assets). */
const BARE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>AgentMarket</title>
    <meta name="description" content="" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const builtFiles = new Map<string, Promise<unknown>>();

/**
 * A built file, read once per isolate (a new version is a new isolate); a failed read is tried again
 * next time. `type`: its Content-Type, so an SPA fallback (index.html with 200 for a file that is not
 * there, were the assets given one) is not taken for it.
 */
function builtFile<T>(
  c: Context<AppEnv>,
  path: string,
  type: string,
  read: (res: Response) => Promise<T>,
): Promise<T | null> {
  if (!c.env.ASSETS) return Promise.resolve(null);
  let file = builtFiles.get(path) as Promise<T | null> | undefined;
  if (!file) {
    file = c.env.ASSETS.fetch(new URL(path, c.req.url).toString())
      .then((res) =>
        res.ok && res.headers.get('Content-Type')?.startsWith(type) ? read(res as unknown as Response) : null,
      )
      .catch(() => null)
      .then((value) => {
        if (value === null) builtFiles.delete(path);
        return value;
      });
    builtFiles.set(path, file);
  }
  return file;
}

/** The built index.html. */
const appShell = (c: Context<AppEnv>): Promise<string | null> => builtFile(c, '/', 'text/html', (res) => res.text());

/** A page's script chunks (`page`: its file in app/routes/) from the build's route-chunks.json. */
async function pageChunks(c: Context<AppEnv>, page: string): Promise<string[]> {
  const routes = await builtFile(
    c,
    '/route-chunks.json',
    'application/json',
    (res) => res.json() as Promise<Record<string, string[]> | null>,
  );
  const chunks = routes?.[page];
  return Array.isArray(chunks) ? chunks.filter((file) => typeof file === 'string' && file.startsWith('/assets/')) : [];
}

/**
 * Whether this is a navigation to a signed-in page (the plain shell, rendered in the browser): one the
 * app's routes know. Other paths under those prefixes get the shell too, from staticAsset.
 */
export const rendersShell = (c: Context<AppEnv>): boolean =>
  (c.req.method === 'GET' || c.req.method === 'HEAD') &&
  !ACCOUNT_PAGE.test(c.req.path) &&
  CLIENT_RENDERED.test(c.req.path) &&
  isKnownPage(c.req.path);

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': APP_CSP,
  // As public/_headers gives the static files: no page asks for these.
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  // The HTML names this version's chunks (and a page carries current data): always revalidated, so
  // pages and chunks of two versions never mix and listings are never served stale.
  'Cache-Control': 'no-cache',
};

/**
 * A public page rendered by React on the server and streamed (docs/decisions/0012): its content,
 * head and query data in the HTML; the browser hydrates it.
 */
async function serverRenderedPage(c: Context<AppEnv>): Promise<Response> {
  const shell = (await appShell(c)) ?? BARE_SHELL;
  // The page's address on the configured origin, never the request's Host (docs/decisions/0024): the
  // renderer builds the JSON-LD's links from it, as the worker builds the canonical one.
  const requested = new URL(c.req.url);
  const url = new URL(appOrigin(c.env));
  url.pathname = requested.pathname;
  url.search = requested.search;
  // Rendered for the person when they are signed in (decisions 0019 and 0031): their header in the
  // HTML, so a page they only read need not start the app to show it. A session that cannot be read
  // (D1 failing) gets the page a visitor sees, not an error page.
  const user = (await readSession(c).catch(() => null))?.user;
  const session = user && {
    user,
    transactions: () => listTransactions(c.env.DB, user.id),
    newFromFollowed: () => newFromFollowed(c.env.DB, user.id, NEW_FROM_FOLLOWED),
    savedAgentIds: () => listSavedAgentIds(c.env.DB, user.id, SAVED_AGENTS_DRAWN),
    myAgentsConsole: () => myAgentsConsole(c.env.DB, user.id),
    myReports: (agentId: number) => openReportsOnAgent(c.env.DB, user.id, agentId),
  };
  // The agents saved on this device (only /saved is sent the cookie): that page is drawn from them.
  const sent = getCookie(c);
  const device = { savedAgentIds: parseSavedAgentsCookie(sent[SAVED_AGENTS_COOKIE]) };
  const page = await renderPage(url, catalogSource(c.env), session, device);
  const chunks = page.pageFile ? await pageChunks(c, page.pageFile) : [];
  const metas = {
    // The cookies the entry script acts on, named for it: it need not read document.cookie (common/ssr.ts).
    [REQUEST_COOKIES_META]: ENTRY_COOKIES.filter((name) => sent[name] !== undefined).join(' '),
    // An agent page's view, counted as the page is served rather than by a request from the page
    // once it runs, wherever the request says it will be shown (docs/decisions/0031).
    ...takePageView(c, page.status, user?.id ?? null),
  };
  const { before, after } = pageDocument(shell, page.head, appOrigin(c.env), page.state, chunks, metas);
  return new Response(c.req.method === 'HEAD' ? null : concatStream(before, page.body, after), {
    status: page.status,
    // One person's name and balance: never kept, not even by their browser (Back after signing out
    // on a shared computer must not show it). Vary: the same address is a visitor's page without it.
    // /saved names one device's agents (decision 0036): never kept either, so the list a page
    // arrives with is always as fresh as its load.
    headers:
      session || device.savedAgentIds.length > 0
        ? { ...PAGE_HEADERS, 'Cache-Control': 'private, no-store', Vary: 'Cookie' }
        : { ...PAGE_HEADERS, Vary: 'Cookie' },
  });
}

/**
 * A page the server renders, kept for visitors in the data centre's cache (docs/decisions/0046). The
 * HTML names the entry cookies the request carried and says whether the view was counted, so both
 * are in the key; a view served from the cache is counted as a rendered one is. /saved drawn from a
 * device's cookie is that device's, never kept (nor served from what was kept).
 */
export function edgeCachedPage(c: Context<AppEnv>): Promise<Response> {
  const sent = getCookie(c);
  if (sent[SAVED_AGENTS_COOKIE] !== undefined) return serverRenderedPage(c);
  return throughEdgeCache(c, () => serverRenderedPage(c), {
    variant: () => `${pageViewKind(c)}-${ENTRY_COOKIES.map((name) => (sent[name] === undefined ? 0 : 1)).join('')}`,
    onHit: () => void takePageView(c, 200, null),
  });
}

/**
 * The service worker's precache fetch of /index.html (not a person's navigation, which the static
 * assets redirect to /). It must get the plain shell: through that redirect it stored the rendered
 * home page, and offline every route then hydrated the home page's markup and data (a hydration
 * mismatch, the home page's content flashing on /agents).
 */
export const asksForShell = (c: Context<AppEnv>): boolean =>
  c.req.path === '/index.html' &&
  (c.req.method === 'GET' || c.req.method === 'HEAD') &&
  c.req.header('Sec-Fetch-Mode') !== 'navigate';

/** The built index.html as it is: nothing rendered into #root, no query state; the app renders the route itself. */
export async function shellPage(c: Context<AppEnv>): Promise<Response> {
  const shell = (await appShell(c)) ?? BARE_SHELL;
  return new Response(c.req.method === 'HEAD' ? null : shell, {
    headers: PAGE_HEADERS,
  });
}

/**
 * A signed-in page: the plain shell, which starts the app at once, naming the page's own chunks so
 * they download with the app rather than once it has run (docs/decisions/0018).
 */
export async function clientRenderedPage(c: Context<AppEnv>): Promise<Response> {
  const shell = (await appShell(c)) ?? BARE_SHELL;
  const page = lazyPageFile(c.req.path);
  const html = shellDocument(shell, page ? await pageChunks(c, page) : []);
  return new Response(c.req.method === 'HEAD' ? null : html, { headers: PAGE_HEADERS });
}

/** The build's own files: chunks named by their content, which a deploy replaces. */
const BUILD_FILE = /^\/assets\//;

/**
 * Anything else a GET can ask for: a file (one that is there is mostly served without the worker,
 * wrangler.toml), or the plain shell for the signed-in pages' other paths, as an SPA fallback would.
 */
export async function staticAsset(c: Context<AppEnv>): Promise<Response> {
  if (!c.env.ASSETS) return c.text('Not found', 404);
  const asset = (await c.env.ASSETS.fetch(c.req.raw as never)) as unknown as Response;
  // Not there: a 404 from the assets, or (were they given an SPA fallback) the shell for a file's path.
  const missing =
    asset.status === 404 ||
    (FILE.test(c.req.path) &&
      !/\.html?$/i.test(c.req.path) &&
      asset.ok &&
      asset.headers.get('Content-Type')?.startsWith('text/html'));
  // A copy with mutable headers, so the security headers can still be added.
  if (!missing) return new Response(asset.body, asset);
  await asset.body?.cancel();
  // A chunk an old page asks for during or after a deploy: 404, kept by nobody, so its next load (with
  // the new page) works. Never the assets' own 404, which has /assets/*'s year-long immutable header.
  if (BUILD_FILE.test(c.req.path)) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  // Another path naming a file (/agents/1.5, /x.png) is a missing page: the Not Found page with 404.
  if (FILE.test(c.req.path)) return serverRenderedPage(c);
  return shellPage(c);
}
