-- The distinct people who tried an agent in an Insights window (docs/decisions/0029) were counted
-- from the ledger: 50,000 index entries for a busy agent's month, about 15 ms in sqlite3 and the
-- larger part of the answer (npm run bench -- insights). A person tried in the window exactly when
-- their latest try of the agent is in it, so one row per agent and person with that latest time,
-- kept by a trigger, makes the count a range of at most as many rows as the agent has people.
CREATE TABLE agent_people (
  agent_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  last_tried_at TEXT NOT NULL,
  -- Person first: the trigger's upsert and a deleted account's rows both find them by it.
  CONSTRAINT agent_people_user_agent UNIQUE (user_id, agent_id)
);
CREATE INDEX agent_people_agent_last ON agent_people (agent_id, last_tried_at);

INSERT INTO agent_people (agent_id, user_id, last_tried_at)
SELECT CAST(substr(reference, 7) AS INTEGER), user_id, max(created_at)
FROM credit_ledger WHERE kind = 'try' AND reference LIKE 'agent:%' GROUP BY 1, 2;

CREATE TRIGGER credit_ledger_agent_people AFTER INSERT ON credit_ledger
WHEN NEW.kind = 'try' AND NEW.reference LIKE 'agent:%'
BEGIN
  INSERT INTO agent_people (agent_id, user_id, last_tried_at)
  VALUES (CAST(substr(NEW.reference, 7) AS INTEGER), NEW.user_id, NEW.created_at)
  ON CONFLICT (user_id, agent_id) DO UPDATE SET last_tried_at = max(last_tried_at, excluded.last_tried_at);
END;

-- Like agent_activity (migration 0021): no foreign key (a debit must not fail on it); the rows go
-- with the agent, and with the person, whose ledger rows go with their account.
CREATE TRIGGER agents_agent_people AFTER DELETE ON agents
BEGIN
  DELETE FROM agent_people WHERE agent_id = OLD.id;
END;
CREATE TRIGGER users_agent_people AFTER DELETE ON users
BEGIN
  DELETE FROM agent_people WHERE user_id = OLD.id;
END;
