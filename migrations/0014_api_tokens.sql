-- Personal API tokens (docs/decisions/0030): a program or an AI assistant acts for its owner with
-- the scopes the owner chose ('read', 'try'; stored space-separated). Only the SHA-256 of a token is
-- kept; the token itself is shown once. Revoked tokens stay listed (revoked_at) so their name and
-- last use remain visible in the owner's history, and can never be accepted again.
CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_tokens_user ON api_tokens (user_id);
