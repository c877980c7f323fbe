-- Reviews people can trust (docs/decisions/0025, docs/product.md#reviews): creator replies,
-- helpful votes, reports, a moderation queue and hidden reviews and agents.

-- Hidden by a moderator (NULL: shown). A hidden review or agent leaves every public list and count.
ALTER TABLE ratings ADD COLUMN hidden_at TEXT;
ALTER TABLE agents ADD COLUMN hidden_at TEXT;
-- Averages and counts are taken over the shown reviews of one agent.
CREATE INDEX ratings_agent_shown ON ratings (agent_id, rating) WHERE hidden_at IS NULL;

-- The creator's one public answer to a review (the primary key makes it one).
CREATE TABLE review_replies (
  rating_id INTEGER PRIMARY KEY REFERENCES ratings (id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- 'Helpful' marks: one per person and review.
CREATE TABLE review_helpful (
  rating_id INTEGER NOT NULL REFERENCES ratings (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (rating_id, user_id)
);

-- Reports of a review or an agent. One open report per person and item; a moderator's decision
-- closes every open report of the item at once.
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  item_type TEXT NOT NULL CHECK (item_type IN ('review', 'agent')),
  item_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'misleading', 'broken', 'other')),
  details TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  closed_at TEXT
);
CREATE UNIQUE INDEX reports_open_unique ON reports (item_type, item_id, user_id) WHERE status = 'open';
CREATE INDEX reports_status_item ON reports (status, item_type, item_id);
CREATE INDEX reports_user_created ON reports (user_id, created_at);

-- Every moderator decision, with who and when.
CREATE TABLE moderation_actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  item_type TEXT NOT NULL CHECK (item_type IN ('review', 'agent')),
  item_id INTEGER NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('hide', 'restore', 'dismiss')),
  moderator_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX moderation_actions_item ON moderation_actions (item_type, item_id, id DESC);

-- A hidden agent leaves its category's count, and comes back to it when restored.
CREATE TRIGGER agents_count_hide AFTER UPDATE OF hidden_at ON agents
WHEN old.hidden_at IS NULL AND new.hidden_at IS NOT NULL BEGIN
  UPDATE categories SET agent_count = agent_count - 1 WHERE id = new.category_id;
END;
CREATE TRIGGER agents_count_restore AFTER UPDATE OF hidden_at ON agents
WHEN old.hidden_at IS NOT NULL AND new.hidden_at IS NULL BEGIN
  UPDATE categories SET agent_count = agent_count + 1 WHERE id = new.category_id;
END;
-- Deleting or moving a hidden agent must not take it from a count it already left.
DROP TRIGGER IF EXISTS agents_count_delete;
CREATE TRIGGER agents_count_delete AFTER DELETE ON agents WHEN old.hidden_at IS NULL BEGIN
  UPDATE categories SET agent_count = agent_count - 1 WHERE id = old.category_id;
END;
DROP TRIGGER IF EXISTS agents_count_update;
CREATE TRIGGER agents_count_update AFTER UPDATE OF category_id ON agents
WHEN old.category_id IS NOT new.category_id AND new.hidden_at IS NULL BEGIN
  UPDATE categories SET agent_count = agent_count - 1 WHERE id = old.category_id;
  UPDATE categories SET agent_count = agent_count + 1 WHERE id = new.category_id;
END;
