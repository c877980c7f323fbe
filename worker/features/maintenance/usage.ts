// The hourly cron's usage refresh (docs/decisions/0043): each agent's recent_tries, the tries of the
// last 30 days that cards and pages show, summed from agent_activity (the counters insights read) so
// a card does not sum up to 2,880 quarter rows. Only the rows whose number changed are written.
import type { D1Database } from '@cloudflare/workers-types';
import { quarterOf, recentUsageSince } from '#worker/lib/recent-usage.ts';

/**
 * Sets recent_tries to the tries since recentUsageSince; answers how many agents changed. Driven from
 * agents: each one is an index range of agent_activity (agent_id, quarter), so the cost follows the
 * agents and the window's rows, never the whole history. recent_tries is in no trigger's column list:
 * writing it rewrites no search row and leaves updated_at alone.
 */
export async function refreshRecentTries(d1: D1Database, nowMs = Date.now()): Promise<number> {
  const tries = 'SELECT coalesce(sum(tries), 0) FROM agent_activity WHERE agent_id = agents.id AND quarter >= ?1';
  const result = await d1
    .prepare(`UPDATE agents SET recent_tries = (${tries}) WHERE recent_tries != (${tries})`)
    .bind(recentUsageSince(nowMs))
    .run();
  return result.meta.changes;
}

/**
 * Adds the tries of the quarters closed since the last run to each agent's tries_total (migration
 * 0031), and moves the mark, in one batch: a run twice in an hour adds nothing twice. A creator's page
 * reads the totals and the few quarters after the mark. Answers how many agents changed.
 */
export async function rollUpTries(d1: D1Database, nowMs = Date.now()): Promise<number> {
  // The quarter holding now is still open: rolled up at a later run.
  const through = quarterOf(nowMs);
  const window = `FROM agent_activity WHERE agent_id = agents.id AND tries > 0
    AND quarter >= (SELECT through_quarter FROM usage_rollup WHERE id = 1) AND quarter < ?1`;
  const [added] = await d1.batch([
    d1
      .prepare(
        `UPDATE agents SET tries_total = tries_total + (SELECT coalesce(sum(tries), 0) ${window})
         WHERE EXISTS (SELECT 1 ${window})`,
      )
      .bind(through),
    d1.prepare('UPDATE usage_rollup SET through_quarter = max(through_quarter, ?) WHERE id = 1').bind(through),
  ]);
  return added?.meta.changes ?? 0;
}
