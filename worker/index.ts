import type { MessageBatch, ScheduledController } from '@cloudflare/workers-types';
import { app } from './app';
import type { Bindings } from './env';
import { rollUpOperatorDays } from './features/admin/totals';
import { countPageViews } from './features/insights/index';
import { checkListingHealth } from './features/listing-health/check';
import { pruneExpired } from './features/maintenance/prune';
import { refreshRankScores } from './features/maintenance/rank-scores';
import { refreshRecentTries, rollUpTries } from './features/maintenance/usage';
import { withD1Sessions } from './lib/d1-session';
import { log } from './lib/log';

export default {
  /** Every request on its own D1 session: replicas for reads, the bookmark of a person's write in a cookie (docs/decisions/0045). */
  fetch: withD1Sessions(app.fetch),
  /** The PAGE_VIEWS queue's batches (wrangler.toml, docs/decisions/0047), counted on the primary (env.DB itself). */
  queue: (batch: MessageBatch<unknown>, env: Bindings): Promise<void> => countPageViews(batch, env),
  /**
   * The cron trigger of wrangler.toml, on the primary (env.DB itself): checks listed agents' health,
   * counts recent tries and rolls up closed quarters, refreshes the stored damped averages, adds the
   * ledgers' new rows to the operators' days, prunes what has expired. Each job is logged and fails
   * on its own; the first failure is thrown once all have run, so none keeps another from running.
   */
  async scheduled(controller: ScheduledController, env: Bindings): Promise<void> {
    const jobs: [name: string, run: () => Promise<Record<string, unknown>>][] = [
      // docs/decisions/0043
      ['listing health', async () => ({ ...(await checkListingHealth(env, controller.scheduledTime)) })],
      [
        'recent tries',
        async () => ({
          changed: await refreshRecentTries(env.DB, controller.scheduledTime),
          rolledUp: await rollUpTries(env.DB, controller.scheduledTime),
        }),
      ],
      // docs/decisions/0050
      ['rank scores', async () => ({ ...(await refreshRankScores(env.DB)) })],
      // docs/decisions/0056
      ['operator days', async () => ({ ...(await rollUpOperatorDays(env.DB)) })],
      [
        'prune',
        async () => {
          const deleted = await pruneExpired(env.DB, controller.scheduledTime);
          // As a list: table names such as email_tokens would read as secrets to the log's redaction.
          return { deleted: Object.entries(deleted).map(([table, n]) => ({ table, rows: n })) };
        },
      ],
    ];
    const failures: unknown[] = [];
    for (const [name, run] of jobs) {
      const started = Date.now();
      try {
        log('info', name, { cron: controller.cron, ...(await run()), ms: Date.now() - started });
      } catch (error) {
        log('error', `${name} failed`, { cron: controller.cron, error });
        failures.push(error);
      }
    }
    if (failures.length) throw failures[0];
  },
};
