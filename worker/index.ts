import type { ScheduledController } from '@cloudflare/workers-types';
import { app } from './app';
import type { Bindings } from './env';
import { pruneExpired } from './features/maintenance/prune';
import { log } from './lib/log';

export default {
  fetch: app.fetch,
  /** The cron trigger of wrangler.toml: prunes what has expired. */
  async scheduled(controller: ScheduledController, env: Bindings): Promise<void> {
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
  },
};
