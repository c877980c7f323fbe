-- Creator payouts through Stripe Connect (docs/decisions/0029, '## Payouts').
--
-- 1. creator_earnings gains two kinds: 'payout' (negative: the amount taken off the available
--    earnings when a payout is requested) and 'payout_returned' (positive: written once when that
--    payout fails, so the money is available again). SQLite cannot change a CHECK in place, so the
--    table is rebuilt with the same columns in the same order, the same ids and the same indexes.
-- 2. payout_accounts: the creator's connected Stripe account (Express) or the sandbox's pretend one.
-- 3. payouts: one row per requested payout, its state as Stripe's webhooks report it.
--    Credits sold + grants = people's credits + creators' earnings + platform share + paid out
--    (payouts pending or paid), at all times.
PRAGMA defer_foreign_keys = on;

CREATE TABLE creator_earnings_0019 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- NULL for agents without a creator (the platform's share is then the whole price).
  creator_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('earning', 'reversal', 'to_credits', 'payout', 'payout_returned')),
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
INSERT INTO creator_earnings_0019 (id, creator_id, kind, amount_cents, platform_cents, agent_id, try_key, idempotency_key, available_at, created_at)
SELECT id, creator_id, kind, amount_cents, platform_cents, agent_id, try_key, idempotency_key, available_at, created_at FROM creator_earnings;
DROP TABLE creator_earnings;
ALTER TABLE creator_earnings_0019 RENAME TO creator_earnings;
CREATE INDEX creator_earnings_creator_available ON creator_earnings (creator_id, available_at);
CREATE INDEX creator_earnings_agent_created ON creator_earnings (agent_id, created_at);

CREATE TABLE payout_accounts (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- 'acct_…' from Stripe, or 'acct_sandbox_…' for the sandbox's pretend account.
  stripe_account_id TEXT NOT NULL UNIQUE,
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  -- From the account (accounts.retrieve or the account.updated webhook): onboarding finished and
  -- Stripe lets the account receive transfers.
  details_submitted INTEGER NOT NULL DEFAULT 0,
  payouts_enabled INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE payouts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  -- SET NULL like creator_earnings: the money that left stays on the books when an account goes.
  creator_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'paid', 'failed')),
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  stripe_account_id TEXT NOT NULL,
  -- Set once transfers.create answered (the sandbox's are 'tr_sandbox_…').
  stripe_transfer_id TEXT UNIQUE,
  -- The key of the 'payout' row in creator_earnings that took the money off the balance.
  idempotency_key TEXT NOT NULL UNIQUE,
  failure_reason TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- The creator's payouts, newest first.
CREATE INDEX payouts_creator ON payouts (creator_id, id DESC);
