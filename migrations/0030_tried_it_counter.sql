-- 'Tried it' on a review (docs/product.md#reviews): the author's ledger holds a paid try of the agent
-- that was not refunded. It was asked of the ledger for every review shown, and the ledger's indexes
-- could only narrow it to the author's rows or the agent's tries: the scale bench's review by a
-- frequent user read 6,309 rows, and a visitor's page of reviews grew with its authors' histories
-- (docs/capacity.md). agent_people (migration 0022) already holds one row per person and agent,
-- written by every try; it now also counts the paid tries not refunded, so 'Tried it' is one row.
ALTER TABLE agent_people ADD COLUMN paid_tries INTEGER NOT NULL DEFAULT 0;

-- Each refund refunds one paid try of the same person and agent, once (its key is the try's).
UPDATE agent_people SET paid_tries = t.n
FROM (
  SELECT user_id, CAST(substr(reference, 7) AS INTEGER) AS agent_id,
    sum(CASE WHEN kind = 'try' AND amount < 0 THEN 1 WHEN kind = 'refund' THEN -1 ELSE 0 END) AS n
  FROM credit_ledger WHERE kind IN ('try', 'refund') AND reference LIKE 'agent:%'
  GROUP BY 1, 2
) AS t
WHERE agent_people.user_id = t.user_id AND agent_people.agent_id = t.agent_id;

-- The same upsert as migration 0022's, counting a paid try (a creator's own free try writes 0).
DROP TRIGGER credit_ledger_agent_people;
CREATE TRIGGER credit_ledger_agent_people AFTER INSERT ON credit_ledger
WHEN NEW.kind = 'try' AND NEW.reference LIKE 'agent:%'
BEGIN
  INSERT INTO agent_people (agent_id, user_id, last_tried_at, paid_tries)
  VALUES (CAST(substr(NEW.reference, 7) AS INTEGER), NEW.user_id, NEW.created_at, NEW.amount < 0)
  ON CONFLICT (user_id, agent_id) DO UPDATE SET
    last_tried_at = max(last_tried_at, excluded.last_tried_at),
    paid_tries = paid_tries + excluded.paid_tries;
END;

CREATE TRIGGER credit_ledger_agent_people_refund AFTER INSERT ON credit_ledger
WHEN NEW.kind = 'refund' AND NEW.reference LIKE 'agent:%'
BEGIN
  UPDATE agent_people SET paid_tries = paid_tries - 1
  WHERE user_id = NEW.user_id AND agent_id = CAST(substr(NEW.reference, 7) AS INTEGER);
END;
