-- Agents a person saved for later (docs/decisions/0027): the signed-in list, merged with
-- what each of their devices saved. One row per person and agent; removing an agent removes its saves.
CREATE TABLE saved_agents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  agent_id INTEGER NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  saved_at INTEGER NOT NULL,
  UNIQUE (user_id, agent_id)
);
CREATE INDEX saved_agents_user_saved ON saved_agents (user_id, saved_at DESC);
