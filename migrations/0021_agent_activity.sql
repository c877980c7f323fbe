-- An agent's insights (docs/decisions/0029) summed tries, credits and earnings over the agent's
-- ledger rows of the window: at 1,000,000 tries, 100,000 of them one agent's, that was 300 ms a
-- request (npm run bench -- insights). Triggers now keep one row per agent and quarter of an hour,
-- written in the same statement as the ledger row, so a month is at most 2,880 small rows. Quarters,
-- not hours: every time zone's offset is a whole number of quarters, so any creator's day is exact.
CREATE TABLE agent_activity (
  agent_id INTEGER NOT NULL,
  -- 'YYYY-MM-DDTHH:MM' in UTC, the quarter's start.
  quarter TEXT NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  credits_spent INTEGER NOT NULL DEFAULT 0,
  earnings_cents INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT agent_activity_agent_quarter UNIQUE (agent_id, quarter)
);

-- What happened before this migration. A try's reference is 'agent:<id>'; refunds carry the
-- same reference and net their credits off; 'Free' tries (the creator's own) count as tries.
INSERT INTO agent_activity (agent_id, quarter, tries, credits_spent)
SELECT CAST(substr(reference, 7) AS INTEGER),
  strftime('%Y-%m-%dT%H:', created_at) || printf('%02d', CAST(strftime('%M', created_at) AS INTEGER) / 15 * 15),
  sum(kind = 'try'), -sum(amount)
FROM credit_ledger WHERE kind IN ('try', 'refund') AND reference LIKE 'agent:%' GROUP BY 1, 2;

INSERT INTO agent_activity (agent_id, quarter, earnings_cents)
SELECT agent_id,
  strftime('%Y-%m-%dT%H:', created_at) || printf('%02d', CAST(strftime('%M', created_at) AS INTEGER) / 15 * 15),
  sum(amount_cents)
FROM creator_earnings WHERE kind IN ('earning', 'reversal') AND agent_id IS NOT NULL GROUP BY 1, 2 HAVING 1
ON CONFLICT (agent_id, quarter) DO UPDATE SET earnings_cents = earnings_cents + excluded.earnings_cents;

CREATE TRIGGER credit_ledger_agent_activity AFTER INSERT ON credit_ledger
WHEN NEW.kind IN ('try', 'refund') AND NEW.reference LIKE 'agent:%'
BEGIN
  INSERT INTO agent_activity (agent_id, quarter, tries, credits_spent)
  VALUES (CAST(substr(NEW.reference, 7) AS INTEGER),
    strftime('%Y-%m-%dT%H:', NEW.created_at) || printf('%02d', CAST(strftime('%M', NEW.created_at) AS INTEGER) / 15 * 15),
    NEW.kind = 'try', -NEW.amount)
  ON CONFLICT (agent_id, quarter) DO UPDATE SET tries = tries + excluded.tries, credits_spent = credits_spent + excluded.credits_spent;
END;

CREATE TRIGGER creator_earnings_agent_activity AFTER INSERT ON creator_earnings
WHEN NEW.kind IN ('earning', 'reversal') AND NEW.agent_id IS NOT NULL
BEGIN
  INSERT INTO agent_activity (agent_id, quarter, earnings_cents)
  VALUES (NEW.agent_id,
    strftime('%Y-%m-%dT%H:', NEW.created_at) || printf('%02d', CAST(strftime('%M', NEW.created_at) AS INTEGER) / 15 * 15),
    NEW.amount_cents)
  ON CONFLICT (agent_id, quarter) DO UPDATE SET earnings_cents = earnings_cents + excluded.earnings_cents;
END;

-- No foreign key (a try of an agent deleted a moment before must not fail its debit); the rows go
-- with the agent instead.
CREATE TRIGGER agents_agent_activity AFTER DELETE ON agents
BEGIN
  DELETE FROM agent_activity WHERE agent_id = OLD.id;
END;
