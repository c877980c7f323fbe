// What the hourly jobs would have left after data written in bulk, in SQL for `wrangler d1 execute`
// (the seed and the scale bench's generation): their rows skip the worker, and the migrations
// computed these over the tables as they were.

/**
 * Every agent's stored damped average under the live prior, as a refresh leaves it
 * (worker/features/maintenance/rank-scores.ts, migration 0028; the prior's weight is 5).
 */
export const RANK_SCORES_SQL = `UPDATE rating_prior SET scores_done_to = NULL, score_prior =
  CASE WHEN rated_count > 0 THEN rating_hundredths / 100.0 / rated_count ELSE 0 END WHERE id = 1;
UPDATE agents SET rank_score =
  (vote_count * average_rating + 5 * (SELECT score_prior FROM rating_prior WHERE id = 1)) / (vote_count + 5);`;

/**
 * Each agent's tries of the quarters closed before the roll-up's mark, as the hourly roll-up leaves
 * them (worker/features/maintenance/usage.ts, migration 0031): creators' pages.
 */
export const TRIES_TOTAL_SQL = `UPDATE agents SET tries_total = (SELECT coalesce(sum(tries), 0) FROM agent_activity
  WHERE agent_id = agents.id AND quarter < (SELECT through_quarter FROM usage_rollup WHERE id = 1))
WHERE id IN (SELECT DISTINCT agent_id FROM agent_activity);`;
