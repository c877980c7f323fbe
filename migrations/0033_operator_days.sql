-- The operators' daily totals (docs/decisions/0056) read every ledger and earnings row of the days
-- asked for through two covering indexes: 8.6 million rows a day at the capacity model's 100 tries a
-- second, so a month's page was one statement over about 260 million rows on the single-threaded
-- database, past D1's time for a query, and each index was a row written on every try.
-- The hourly job now adds the rows written since its last run to one row per UTC day, walking each
-- table in the order it was written (its id); the page reads those days and the rows after the
-- mark (rollUpOperatorDays, worker/features/admin/totals.ts). The days so far are filled here, as
-- the job would have left them (scripts/lib/rollups.mjs holds the same SQL for data written in bulk).
CREATE TABLE operator_days (
  -- 'YYYY-MM-DD', a UTC day.
  day TEXT PRIMARY KEY,
  credits_sold INTEGER NOT NULL DEFAULT 0,
  credits_granted INTEGER NOT NULL DEFAULT 0,
  credits_spent INTEGER NOT NULL DEFAULT 0,
  credits_refunded INTEGER NOT NULL DEFAULT 0,
  creators_share_cents INTEGER NOT NULL DEFAULT 0,
  platform_share_cents INTEGER NOT NULL DEFAULT 0,
  moved_to_credits_cents INTEGER NOT NULL DEFAULT 0,
  paid_out_cents INTEGER NOT NULL DEFAULT 0
);
-- The last id of each table counted in operator_days.
CREATE TABLE operator_rollup (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  ledger_through INTEGER NOT NULL,
  earnings_through INTEGER NOT NULL
);
INSERT INTO operator_rollup (id, ledger_through, earnings_through) VALUES (1, 0, 0);

INSERT INTO operator_days (day, credits_sold, credits_granted, credits_spent, credits_refunded)
SELECT substr(created_at, 1, 10), sum(CASE WHEN kind = 'purchase' THEN amount ELSE 0 END),
  sum(CASE WHEN kind IN ('signup', 'admin_topup') THEN amount ELSE 0 END),
  -sum(CASE WHEN kind IN ('try', 'refund') THEN amount ELSE 0 END), sum(CASE WHEN kind = 'refund' THEN amount ELSE 0 END)
FROM credit_ledger GROUP BY 1;
INSERT INTO operator_days (day, creators_share_cents, platform_share_cents, moved_to_credits_cents, paid_out_cents)
SELECT substr(created_at, 1, 10), sum(CASE WHEN kind IN ('earning', 'reversal') THEN amount_cents ELSE 0 END),
  sum(platform_cents), -sum(CASE WHEN kind = 'to_credits' THEN amount_cents ELSE 0 END),
  -sum(CASE WHEN kind IN ('payout', 'payout_returned') THEN amount_cents ELSE 0 END)
FROM creator_earnings GROUP BY 1 HAVING 1
ON CONFLICT (day) DO UPDATE SET creators_share_cents = creators_share_cents + excluded.creators_share_cents,
  platform_share_cents = platform_share_cents + excluded.platform_share_cents,
  moved_to_credits_cents = moved_to_credits_cents + excluded.moved_to_credits_cents,
  paid_out_cents = paid_out_cents + excluded.paid_out_cents;
UPDATE operator_rollup SET ledger_through = (SELECT coalesce(max(id), 0) FROM credit_ledger),
  earnings_through = (SELECT coalesce(max(id), 0) FROM creator_earnings) WHERE id = 1;
DROP INDEX IF EXISTS credit_ledger_created;
DROP INDEX IF EXISTS creator_earnings_created;
