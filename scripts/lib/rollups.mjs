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

/**
 * Every ledger row after the marks added to its UTC day, and the marks moved to each ledger's last
 * row, as the hourly roll-up leaves them (rollUpOperatorDays of worker/features/admin/totals.ts,
 * migration 0033): the operators' totals. A worker test checks it against the job.
 */
export const OPERATOR_DAYS_SQL = `INSERT INTO operator_days (day, credits_sold, credits_granted, credits_spent, credits_refunded)
SELECT substr(created_at, 1, 10), sum(CASE WHEN kind = 'purchase' THEN amount ELSE 0 END),
  sum(CASE WHEN kind IN ('signup', 'admin_topup') THEN amount ELSE 0 END),
  -sum(CASE WHEN kind IN ('try', 'refund') THEN amount ELSE 0 END), sum(CASE WHEN kind = 'refund' THEN amount ELSE 0 END)
FROM credit_ledger WHERE id > (SELECT ledger_through FROM operator_rollup WHERE id = 1) GROUP BY 1 HAVING 1
ON CONFLICT (day) DO UPDATE SET credits_sold = credits_sold + excluded.credits_sold,
  credits_granted = credits_granted + excluded.credits_granted, credits_spent = credits_spent + excluded.credits_spent,
  credits_refunded = credits_refunded + excluded.credits_refunded;
INSERT INTO operator_days (day, creators_share_cents, platform_share_cents, moved_to_credits_cents, paid_out_cents)
SELECT substr(created_at, 1, 10), sum(CASE WHEN kind IN ('earning', 'reversal') THEN amount_cents ELSE 0 END),
  sum(platform_cents), -sum(CASE WHEN kind = 'to_credits' THEN amount_cents ELSE 0 END),
  -sum(CASE WHEN kind IN ('payout', 'payout_returned') THEN amount_cents ELSE 0 END)
FROM creator_earnings WHERE id > (SELECT earnings_through FROM operator_rollup WHERE id = 1) GROUP BY 1 HAVING 1
ON CONFLICT (day) DO UPDATE SET creators_share_cents = creators_share_cents + excluded.creators_share_cents,
  platform_share_cents = platform_share_cents + excluded.platform_share_cents,
  moved_to_credits_cents = moved_to_credits_cents + excluded.moved_to_credits_cents,
  paid_out_cents = paid_out_cents + excluded.paid_out_cents;
UPDATE operator_rollup SET ledger_through = (SELECT coalesce(max(id), ledger_through) FROM credit_ledger),
  earnings_through = (SELECT coalesce(max(id), earnings_through) FROM creator_earnings) WHERE id = 1;`;
