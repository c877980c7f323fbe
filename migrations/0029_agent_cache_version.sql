-- A version per agent for the edge cache (docs/decisions/0051): a review, a reply, a helpful mark
-- or a moderator's decision on a review changes one agent's page, reviews and histogram, so it makes
-- new keys for that agent's answers only; the catalogue's version (migration 0026) stays for writes
-- that change lists and search. Bumped here, by the writes themselves, so no route can forget it.
ALTER TABLE agents ADD COLUMN cache_version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER ratings_agent_cache_insert AFTER INSERT ON ratings BEGIN
  UPDATE agents SET cache_version = cache_version + 1 WHERE id = new.agent_id;
END;
-- Any change a visitor can see: the stars, the text, hidden or restored, the helpful count.
CREATE TRIGGER ratings_agent_cache_update AFTER UPDATE ON ratings BEGIN
  UPDATE agents SET cache_version = cache_version + 1 WHERE id = new.agent_id;
END;
CREATE TRIGGER ratings_agent_cache_delete AFTER DELETE ON ratings BEGIN
  UPDATE agents SET cache_version = cache_version + 1 WHERE id = old.agent_id;
END;

CREATE TRIGGER review_replies_agent_cache_insert AFTER INSERT ON review_replies BEGIN
  UPDATE agents SET cache_version = cache_version + 1 WHERE id = (SELECT agent_id FROM ratings WHERE id = new.rating_id);
END;
CREATE TRIGGER review_replies_agent_cache_update AFTER UPDATE ON review_replies BEGIN
  UPDATE agents SET cache_version = cache_version + 1 WHERE id = (SELECT agent_id FROM ratings WHERE id = new.rating_id);
END;
CREATE TRIGGER review_replies_agent_cache_delete AFTER DELETE ON review_replies BEGIN
  UPDATE agents SET cache_version = cache_version + 1 WHERE id = (SELECT agent_id FROM ratings WHERE id = old.rating_id);
END;
