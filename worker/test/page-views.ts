// Page views go through the PAGE_VIEWS queue (docs/decisions/0047). Miniflare delivers the real one
// on its own after the batch timeout; tests that count views use this stand-in instead, which keeps
// what is sent and hands it to the worker's consumer when the test says so.
import type { MessageBatch, Queue } from '@cloudflare/workers-types';
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { Bindings, PageView } from '#worker/env.ts';
import worker from '#worker/index.ts';

/** The queue wrangler.toml binds as PAGE_VIEWS for local runs and tests. */
const PAGE_VIEWS_QUEUE = 'agent-marketplace-page-views';

let delivered = 0;

/** `bodies` as a batch of PAGE_VIEWS handed to the worker's `queue` handler on `bindings`: its ack or retry. */
export async function deliverPageViews(bodies: unknown[], bindings: Bindings = env) {
  const batch = createMessageBatch(
    PAGE_VIEWS_QUEUE,
    bodies.map((body) => ({ id: `view-${++delivered}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as unknown as MessageBatch<unknown>, bindings);
  return getQueueResult(batch, ctx);
}

/**
 * A PAGE_VIEWS that keeps the views sent (`sent`), and `bindings`: the tests' own with it in place.
 * `deliver()` hands what was sent since the last delivery to the consumer as one batch.
 */
export function pageViewsQueue<B extends Bindings = typeof env>(base: B = env as unknown as B) {
  const sent: PageView[] = [];
  const queue = {
    send: (body: PageView) => {
      sent.push(body);
      return Promise.resolve();
    },
    sendBatch: (messages: Iterable<{ body: PageView }>) => {
      for (const message of messages) sent.push(message.body);
      return Promise.resolve();
    },
  } as unknown as Queue<PageView>;
  let next = 0;
  return {
    sent,
    bindings: { ...base, PAGE_VIEWS: queue } as B,
    async deliver() {
      const bodies = sent.slice(next);
      next = sent.length;
      return bodies.length ? deliverPageViews(bodies) : null;
    },
  };
}
