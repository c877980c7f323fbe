-- Creators' monthly statements and the operators' daily totals (docs/decisions/0029.
-- Each read is one range of one index:
-- 1. A creator's statement of a month, the balance before it and the list of months with rows:
--    creator_earnings (creator_id, created_at).
-- 2. The operators' totals per day over a date range, across all people and creators: covering
--    indexes on created_at with the columns summed, so the range never reads the tables' rows.
CREATE INDEX creator_earnings_creator_created ON creator_earnings (creator_id, created_at);
CREATE INDEX creator_earnings_created ON creator_earnings (created_at, kind, amount_cents, platform_cents);
CREATE INDEX credit_ledger_created ON credit_ledger (created_at, kind, amount);
