// Page views off the request's path (docs/decisions/0047): a view is a message on the PAGE_VIEWS
// queue, sent after the answer; the worker's `queue` handler adds a batch of them to agent_views in
// one D1 batch, on the primary.
import type { MessageBatch } from '@cloudflare/workers-types';
import type { Context } from 'hono';
import type { AppEnv, Bindings, PageView } from '#worker/env.ts';
import { afterAnswer } from '#worker/lib/after-answer.ts';
import { log } from '#worker/lib/log.ts';
import { countViewsStatements, type ViewCount } from './data';

/** The UTC hour of `ms` as agent_views keeps it (SQLite's '%Y-%m-%dT%H:00'). */
export const viewHour = (ms = Date.now()): string => `${new Date(ms).toISOString().slice(0, 13)}:00`;

const HOUR = /^\d{4}-\d{2}-\d{2}T\d{2}:00$/;
const isId = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/** A message as sendPageView sends it; anything else (an older or foreign shape) is dropped. */
function isPageView(body: unknown): body is PageView {
  if (typeof body !== 'object' || body === null) return false;
  const { agentId, viewerId, hour } = body as Record<string, unknown>;
  return isId(agentId) && (viewerId === null || isId(viewerId)) && typeof hour === 'string' && HOUR.test(hour);
}

/**
 * Sends one view of agent `agentId` by `viewerId` (null: not signed in), stamped with this hour,
 * after the answer. A send that fails is logged and never fails the request: the view is lost.
 */
export function sendPageView(c: Context<AppEnv>, agentId: number, viewerId: number | null): Promise<unknown> {
  const view: PageView = { agentId, viewerId, hour: viewHour() };
  const sending = (async () => {
    if (!c.env.PAGE_VIEWS) throw new Error('no PAGE_VIEWS queue is bound');
    await c.env.PAGE_VIEWS.send(view, { contentType: 'json' });
  })().catch((error: unknown) => log('error', 'page view not sent', { requestId: c.var.requestId, agentId, error }));
  return afterAnswer(c, sending);
}

/**
 * The consumer: a batch's views added up by agent, hour and viewer, written in one D1 batch (atomic,
 * so a retry never counts a view twice) on the primary, `env.DB` itself. A failed write retries the
 * whole batch (after wrangler.toml's retry_delay); a message of another shape is dropped and logged.
 */
export async function countPageViews(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
  const counts = new Map<string, ViewCount>();
  let malformed = 0;
  for (const { body } of batch.messages) {
    if (!isPageView(body)) {
      malformed += 1;
      continue;
    }
    const key = `${body.agentId}/${body.hour}/${body.viewerId ?? ''}`;
    const count = counts.get(key);
    if (count) count.views += 1;
    else counts.set(key, { agentId: body.agentId, hour: body.hour, viewerId: body.viewerId, views: 1 });
  }
  if (malformed > 0) log('warn', 'page views of an unknown shape: dropped', { queue: batch.queue, malformed });
  if (counts.size === 0) {
    batch.ackAll();
    return;
  }
  try {
    await env.DB.batch(countViewsStatements(env.DB, [...counts.values()]));
    batch.ackAll();
  } catch (error) {
    const attempts = Math.max(...batch.messages.map((message) => message.attempts));
    log('error', 'page views not counted: the batch is retried', {
      queue: batch.queue,
      messages: batch.messages.length,
      attempts,
      error,
    });
    batch.retryAll();
  }
}
