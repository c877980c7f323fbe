// The insights feature's public file: what other features may use of it (docs/decisions/0034).
// Anything not exported here is the feature's own.
import type { Context } from 'hono';
import { VIEW_COUNTED_META, VIEW_TO_COUNT_META } from '#common/ssr.ts';
import type { AppEnv } from '#worker/env.ts';
import { sendPageView } from './page-views';

/** The PAGE_VIEWS queue's consumer (docs/decisions/0047), for the worker's `queue` handler. */
export { countPageViews } from './page-views';

/** An agent's page by its number, as the app's routes name it (either spelling). */
const AGENT_PAGE = /^\/agents?\/(\d{1,9})\/?$/i;

/**
 * Whether the request says it is a browser's navigation to be shown: `Sec-Fetch-Dest: document`,
 * which every current engine sends (the service worker's navigation preload too), and not a
 * prefetch or a prerender (`Sec-Purpose`, or the older `Purpose`), which may never be shown.
 */
const browserNavigation = (c: Context<AppEnv>): boolean =>
  c.req.header('Sec-Fetch-Dest') === 'document' &&
  c.req.header('Sec-Purpose') === undefined &&
  c.req.header('Purpose') === undefined;

/** Which of takePageView's two answers a request for a page gets: its HTML differs by it. */
export const pageViewKind = (c: Context<AppEnv>): 'shown' | 'fetched' => (browserNavigation(c) ? 'shown' : 'fetched');

/**
 * The view of an agent page the server rendered (`status`: its status), as it serves it
 * (docs/decisions/0029, 0031), and the meta tag that tells the page what became of it. A browser's
 * navigation is counted here: sent to the PAGE_VIEWS queue after the answer, so the page never
 * waits on it; the queue's consumer leaves out the creator's own visits. Any other request for the
 * page leaves the count to the page (VIEW_TO_COUNT_META): one prefetched or prerendered is counted
 * once it is shown, and a program that fetches the HTML runs no script. Nothing for a page that is not an agent's, a HEAD
 * or an agent that is not there.
 */
export function takePageView(c: Context<AppEnv>, status: number, viewerId: number | null): Record<string, string> {
  const agentId = Number(AGENT_PAGE.exec(c.req.path)?.[1]);
  if (c.req.method !== 'GET' || status !== 200 || !(agentId > 0)) return {};
  if (!browserNavigation(c)) return { [VIEW_TO_COUNT_META]: String(agentId) };
  // Sent to the queue after the answer: nothing is written on the page's path (docs/decisions/0047).
  void sendPageView(c, agentId, viewerId);
  return { [VIEW_COUNTED_META]: String(agentId) };
}
