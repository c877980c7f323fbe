-- The operators' daily totals (docs/decisions/0056) read every ledger and earnings row of the days
-- asked for through two covering indexes: 8.6 million rows a day at the capacity model's 100 tries a
-- second, so a month's page was one statement over about 260 million rows on the single-threaded
-- database, past D1's time for a query, and each index was a row written on every try.
-- The hourly job now adds the rows written since its last run to one row per UTC day, walking each
-- table in the order it was written (its id); the page reads those days and the rows after the
-- mark. No backfill: the mark starts at 0, so the page counts every row until the job has walked
-- them (worker/features/maintenance/operator-days.ts).
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
DROP INDEX IF EXISTS credit_ledger_created;
DROP INDEX IF EXISTS creator_earnings_created;
