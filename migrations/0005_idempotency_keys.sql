-- One answer per Idempotency-Key (docs/decisions/0002). A client's key belongs to one user and one request
-- (request names what it does, e.g. 'POST /api/agents/3/try'). state: 'pending' while a request
-- holds it (updated_at, in ms, lets a retry take over from one that died), 'applied' once its
-- effect happened but no answer was stored yet, 'done' with the first answer (status and exact
-- body, replayed byte for byte), 'void' when a reloaded page settled it as never charged.
CREATE TABLE idempotency_keys (
  key TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  request TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'applied', 'done', 'void')),
  status INTEGER,
  body TEXT,
  updated_at INTEGER NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
