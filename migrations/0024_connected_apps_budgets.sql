-- Assistants connected through OAuth and monthly budgets (docs/decisions/0042).
--
-- One table holds every credential a program acts with: a personal API token (kind 'token', found
-- by the SHA-256 of its secret) or an app a person connected through OAuth (kind 'app': its tokens
-- live with the OAuth provider in KV, which names this row in the grant; token_hash is NULL). Both
-- carry scopes, a last use, a revocation and spend_limit: the credits it may spend per UTC calendar
-- month, NULL for no limit. SQLite cannot relax NOT NULL in place, so the table is rebuilt.
CREATE TABLE api_tokens_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT UNIQUE,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_used_at TEXT,
  revoked_at TEXT,
  kind TEXT NOT NULL DEFAULT 'token',
  -- The OAuth client (as registered) of an app; NULL for a token.
  client_id TEXT,
  spend_limit INTEGER,
  CONSTRAINT api_tokens_kind CHECK (kind IN ('token', 'app')),
  CONSTRAINT api_tokens_secret CHECK ((kind = 'token') = (token_hash IS NOT NULL)),
  CONSTRAINT api_tokens_client CHECK ((kind = 'app') = (client_id IS NOT NULL)),
  CONSTRAINT api_tokens_spend_limit CHECK (spend_limit IS NULL OR spend_limit > 0)
);
INSERT INTO api_tokens_new (id, user_id, name, token_hash, scopes, created_at, last_used_at, revoked_at)
  SELECT id, user_id, name, token_hash, scopes, created_at, last_used_at, revoked_at FROM api_tokens;
DROP TABLE api_tokens;
ALTER TABLE api_tokens_new RENAME TO api_tokens;
CREATE INDEX api_tokens_user ON api_tokens (user_id, kind);

-- The credential a try was made with (and its refund's, when the try was made this UTC month, so a
-- refund counts in the month of its try): what a credential spent this month is read from the ledger
-- itself, so it can never disagree with the balance.
ALTER TABLE credit_ledger ADD COLUMN credential_id INTEGER;
CREATE INDEX credit_ledger_credential_created ON credit_ledger (credential_id, created_at)
  WHERE credential_id IS NOT NULL;

-- The owner is mailed once a month per credential and level (80 and 100 per cent of its limit):
-- the row is the 'once', inserted by whichever try crossed the level first.
CREATE TABLE budget_notices (
  credential_id INTEGER NOT NULL REFERENCES api_tokens (id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  level INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CONSTRAINT budget_notices_once UNIQUE (credential_id, month, level),
  CONSTRAINT budget_notices_level CHECK (level IN (80, 100))
);
