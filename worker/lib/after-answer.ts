import type { Context } from 'hono';
import type { AppEnv } from '#worker/env.ts';

/**
 * Work that need not hold the answer back (a mail, a count, a cache write): left to run after it
 * where the runtime gives the request an ExecutionContext, and then resolved at once. Without one (a
 * test calling the app directly) the work itself is returned, for callers that must finish it before
 * answering; the others let it run on its own.
 */
export function afterAnswer(c: Context<AppEnv>, work: Promise<unknown>): Promise<unknown> {
  try {
    c.executionCtx.waitUntil(work);
    return Promise.resolve();
  } catch {
    return work;
  }
}
