// The insights feature's public file: what other features may use of it (docs/decisions/0034).
// Anything not exported here is the feature's own.
import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';
import { log } from '#worker/lib/log.ts';
import { countView } from './data';

/** An agent's page by its number, as the app's routes name it (either spelling). */
const AGENT_PAGE = /^\/agents?\/(\d{1,9})\/?$/i;

/**
 * The agent whose page view this request is, or null: a browser's navigation to an agent page
 * (`Sec-Fetch-Dest: document`, which every current engine sends, the service worker's navigation
 * preload too), not a prefetch or prerender (`Sec-Purpose`), not a HEAD, not a program that
 * fetches the HTML without saying it displays it (a crawler, curl). Whether the agent exists is
 * the caller's to know (the page it rendered).
 */
export function viewedAgent(c: Context<AppEnv>): number | null {
  if (c.req.method !== 'GET' || c.req.header('Sec-Fetch-Dest') !== 'document' || c.req.header('Sec-Purpose') !== undefined || c.req.header('Purpose') !== undefined) return null;
  const id = Number(AGENT_PAGE.exec(c.req.path)?.[1]);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Counts the view of the agent page the server just rendered (docs/decisions/0029, 0031): after the
 * response, so the page never waits on the write; a failed count is logged, never the page's error.
 */
export function countPageView(c: Context<AppEnv>, agentId: number, viewerId: number | null): void {
  const counting = countView(c.env.DB, agentId, viewerId).catch((error: unknown) => log('error', 'page view not counted', { requestId: c.var.requestId, agentId, error }));
  try {
    c.executionCtx.waitUntil(counting);
  } catch {
    // No execution context (a test calling the app directly): the write runs on its own.
  }
}
