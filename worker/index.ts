import type { MessageBatch, ScheduledController } from '@cloudflare/workers-types';
import { app } from './app';
import type { Bindings } from './env';
import { countPageViews } from './features/insights/index';
import { checkListingHealth } from './features/listing-health/check';
import { pruneExpired } from './features/maintenance/prune';
import { refreshRecentTries } from './features/maintenance/usage';
import { withD1Sessions } from './lib/d1-session';
import { log } from './lib/log';

export default {
  /** Every request on its own D1 session: replicas for reads, the bookmark of a person's write in a cookie (docs/decisions/0045). */
  fetch: withD1Sessions(app.fetch),
  /** The PAGE_VIEWS queue's batches (wrangler.toml, docs/decisions/0047), counted on the primary (env.DB itself). */
  queue: (batch: MessageBatch<unknown>, env: Bindings): Promise<void> => countPageViews(batch, env),
  /** The cron trigger of wrangler.toml, on the primary (env.DB itself): checks listed agents' health, prunes what has expired. */
  async scheduled(controller: ScheduledController, env: Bindings): Promise<void> {
    const health = await listingHealthJob(controller, env);
    const usage = await recentTriesJob(controller, env);
    const started = Date.now();
    try {
      const deleted = await pruneExpired(env.DB, controller.scheduledTime);
      // As a list: table names such as email_tokens would read as secrets to the log's redaction.
      const rows = Object.entries(deleted).map(([table, n]) => ({ table, rows: n }));
      log('info', 'prune', { cron: controller.cron, deleted: rows, ms: Date.now() - started });
    } catch (error) {
      log('error', 'prune failed', { cron: controller.cron, error });
      throw error;
    }
    if (health) throw health.error;
    if (usage) throw usage.error;
  },
};

/**
 * The listing-health check (docs/decisions/0043), apart from the other jobs: its failure is logged and
 * returned, and thrown only after they ran, so neither keeps the other from running.
 */
async function listingHealthJob(controller: ScheduledController, env: Bindings): Promise<{ error: unknown } | null> {
  const started = Date.now();
  try {
    const summary = await checkListingHealth(env, controller.scheduledTime);
    log('info', 'listing health', { cron: controller.cron, ...summary, ms: Date.now() - started });
    return null;
  } catch (error) {
    log('error', 'listing health failed', { cron: controller.cron, error });
    return { error };
  }
}

/** Tries in the last 30 days on every agent (docs/decisions/0043), logged and failing on its own as the health check. */
async function recentTriesJob(controller: ScheduledController, env: Bindings): Promise<{ error: unknown } | null> {
  const started = Date.now();
  try {
    const changed = await refreshRecentTries(env.DB, controller.scheduledTime);
    log('info', 'recent tries', { cron: controller.cron, changed, ms: Date.now() - started });
    return null;
  } catch (error) {
    log('error', 'recent tries failed', { cron: controller.cron, error });
    return { error };
  }
}
