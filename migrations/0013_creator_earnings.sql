-- Creators earn (docs/decisions/0029, docs/product.md#creators-and-earnings).
--
-- 1. credit_ledger gains two kinds: 'refund' (an operator gave a try's credits back) and 'earnings'
--    (a creator moved available earnings into their own credits). SQLite cannot change a CHECK in
--    place, so the table is rebuilt with the same columns in the same order and the same ids.
-- 2. creator_earnings: the earnings ledger, in cents. Each paid try writes one 'earning' row (the
--    creator's share and the platform's share, which sum to the price) in the same batch as the
--    debit; a refund writes its 'reversal'; 'to_credits' moves available earnings into credits.
--    Credits sold + grants = people's credits + creators' earnings + platform share, at all times.
-- 3. agent_views: page views per agent per UTC hour, a counter only (no person, address or agent
--    string is kept); hours so that a creator's own time zone can group them into their days.
PRAGMA defer_foreign_keys = on;

CREATE TABLE credit_ledger_0013 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('signup', 'purchase', 'try', 'admin_topup', 'refund', 'earnings')),
  amount INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  consumed_after INTEGER NOT NULL DEFAULT 0,
  reference TEXT,
  description TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  agent_name TEXT
);
INSERT INTO credit_ledger_0013 (id, user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key, created_at, agent_name)
SELECT id, user_id, kind, amount, balance_after, consumed_after, reference, description, idempotency_key, created_at, agent_name FROM credit_ledger;
DROP TABLE credit_ledger;
ALTER TABLE credit_ledger_0013 RENAME TO credit_ledger;
CREATE INDEX credit_ledger_user_created ON credit_ledger (user_id, id DESC);
-- Insights: an agent's tries and refunds (reference 'agent:{id}') in a time window.
CREATE INDEX credit_ledger_reference_created ON credit_ledger (reference, created_at);

CREATE TABLE creator_earnings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- NULL for agents without a creator (the platform's share is then the whole price).
  creator_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('earning', 'reversal', 'to_credits')),
  amount_cents INTEGER NOT NULL,
  platform_cents INTEGER NOT NULL DEFAULT 0,
  -- No foreign key: a deleted agent's earnings stay in the creator's balance and statements.
  agent_id INTEGER,
  -- The credit ledger key of the try this row belongs to (earning and reversal).
  try_key TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  -- When the amount counts as available (after EARNINGS_HOLD_DAYS for an earning; a reversal keeps
  -- its earning's, so it comes off the same side of the balance).
  available_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX creator_earnings_creator_available ON creator_earnings (creator_id, available_at);
CREATE INDEX creator_earnings_agent_created ON creator_earnings (agent_id, created_at);

CREATE TABLE agent_views (
  agent_id INTEGER NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  -- 'YYYY-MM-DDTHH:00', UTC.
  hour TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  UNIQUE (agent_id, hour)
);
