-- Account security (docs/decisions/0024.

-- Mailed links gain a third purpose: 'undo', mailed to the address an email change replaced, which
-- restores it for 7 days. SQLite cannot change a CHECK in place, so the table is made again.
CREATE TABLE email_tokens_new (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset', 'undo')),
  email TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO email_tokens_new (token_hash, user_id, purpose, email, expires_at, created_at)
  SELECT token_hash, user_id, purpose, email, expires_at, created_at FROM email_tokens;
DROP TABLE email_tokens;
ALTER TABLE email_tokens_new RENAME TO email_tokens;
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);
CREATE INDEX email_tokens_expires ON email_tokens (expires_at);

-- The UTS #39 confusables skeleton of each username and agent name (worker/lib/confusables.ts), so a
-- look-alike of an existing name is refused. Filled by the worker (SQL has no confusables table):
-- NULL until then, and the worker fills what is missing before it compares.
ALTER TABLE users ADD COLUMN username_skeleton TEXT;
CREATE INDEX users_username_skeleton ON users (username_skeleton);
ALTER TABLE agents ADD COLUMN name_skeleton TEXT;
CREATE INDEX agents_name_skeleton ON agents (name_skeleton);
