-- Accounts (docs/decisions/0024 and 0032, docs/product.md#roles and #accounts): verified mailboxes, mailed one-time tokens,
-- Unicode-aware username uniqueness and prunable throttle counters.

-- NFKC-normalised, lower-cased username (set by the worker): SQLite's NOCASE folds ASCII only.
ALTER TABLE users ADD COLUMN username_key TEXT;
UPDATE users SET username_key = lower(username);
CREATE UNIQUE INDEX users_username_key_unique ON users (username_key) WHERE username_key IS NOT NULL;

-- When the owner proved the address is theirs (a mailed link, or Google's email_verified); NULL: not yet.
ALTER TABLE users ADD COLUMN email_verified_at TEXT;
-- Roles come only from a verified mailbox (docs/product.md#roles): nothing is verified yet.
UPDATE users SET role = 'user' WHERE role <> 'user';

-- Mailed links: only the SHA-256 of each token is kept; single use, with an expiry.
-- purpose 'verify' confirms `email` (the account's address, or the new one of an email change);
-- purpose 'reset' sets a new password.
CREATE TABLE email_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);
CREATE INDEX email_tokens_expires ON email_tokens (expires_at);

-- Old throttle windows are pruned by age.
CREATE INDEX auth_throttle_window_start ON auth_throttle (window_start);

-- The operators' inbox is paged and filtered by status.
CREATE INDEX proposals_status_created ON proposals (status, created_at DESC);
