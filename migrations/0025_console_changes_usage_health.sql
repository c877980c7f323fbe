-- The creator's console (docs/decisions/0043): what changed in an agent, how much it is used and
-- whether it answers, kept on the agent's row so a card reads them with the rest of the catalogue.
-- None of these columns is in a search trigger's column list, so refreshing them rewrites no index
-- of the search tables.

-- 'What's new': an edit may carry a note, kept as the agent's dated changelog (latest first).
CREATE TABLE agent_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  agent_id INTEGER NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  note TEXT NOT NULL CHECK (length(note) BETWEEN 1 AND 500),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX agent_changes_agent_created ON agent_changes (agent_id, created_at DESC);
-- When the latest note was written: a saved agent's card says it changed since it was saved.
ALTER TABLE agents ADD COLUMN whats_new_at TEXT;

-- Tries in the last 30 days, summed from agent_activity (the counters insights read) by the hourly
-- cron: a card would otherwise sum up to 2,880 quarter rows per agent.
ALTER TABLE agents ADD COLUMN recent_tries INTEGER NOT NULL DEFAULT 0;

-- Listing health: the hourly cron asks each listed agent's external URL. NULL: never checked (or no URL).
ALTER TABLE agents ADD COLUMN health_status TEXT CHECK (health_status IN ('up', 'slow', 'down'));
-- When the current status began ('Not responding since …').
ALTER TABLE agents ADD COLUMN health_since TEXT;
ALTER TABLE agents ADD COLUMN health_checked_at TEXT;
-- The cron asks the agents checked longest ago first.
CREATE INDEX agents_health_checked ON agents (health_checked_at) WHERE external_url IS NOT NULL;
