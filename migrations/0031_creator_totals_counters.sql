-- A creator's page (docs/product.md#creators-and-earnings) counted the tries of their agents over the
-- ledger and their followers over follows: a popular creator's page read every try and every follow,
-- however many (docs/capacity.md). Both now come from counters.

-- Tries: each agent's tries in the closed quarters up to usage_rollup.through_quarter (the hourly job
-- adds each quarter once it has closed, worker/features/maintenance/usage.ts); the page adds the few
-- quarters since from agent_activity.
ALTER TABLE agents ADD COLUMN tries_total INTEGER NOT NULL DEFAULT 0;
CREATE TABLE usage_rollup (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  through_quarter TEXT NOT NULL
);
INSERT INTO usage_rollup (id, through_quarter)
VALUES (1, strftime('%Y-%m-%dT%H:', 'now') || printf('%02d', CAST(strftime('%M', 'now') AS INTEGER) / 15 * 15));
UPDATE agents SET tries_total = (
  SELECT coalesce(sum(tries), 0) FROM agent_activity
  WHERE agent_id = agents.id AND quarter < (SELECT through_quarter FROM usage_rollup WHERE id = 1)
)
WHERE id IN (SELECT DISTINCT agent_id FROM agent_activity);

-- Followers: kept by the follows' own writes.
ALTER TABLE users ADD COLUMN followers_count INTEGER NOT NULL DEFAULT 0;
UPDATE users SET followers_count = (SELECT count(*) FROM follows WHERE creator_id = users.id)
WHERE id IN (SELECT creator_id FROM follows);
CREATE TRIGGER follows_count_insert AFTER INSERT ON follows BEGIN
  UPDATE users SET followers_count = followers_count + 1 WHERE id = new.creator_id;
END;
CREATE TRIGGER follows_count_delete AFTER DELETE ON follows BEGIN
  UPDATE users SET followers_count = followers_count - 1 WHERE id = old.creator_id;
END;
