// The hourly cron's usage refresh (docs/decisions/0043): each agent's recent_tries, the tries of the
// last 30 days that cards and pages show, summed from agent_activity (the counters insights read) so
// a card does not sum up to 2,880 quarter rows. Only the rows whose number changed are written.
import type { D1Database } from '@cloudflare/workers-types';
import { recentUsageSince } from '#worker/lib/recent-usage.ts';

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
