-- Reads bounded at a million agents (docs/capacity.md, docs/decisions/0049): D1 bills every row a
-- query walks, and the scale run found lists reading every shown agent for their total, a category's
-- newest walking other categories' agents, and a popular agent's reviews and histogram reading all
-- its reviews. Counters kept by triggers answer the totals; indexes matching each order answer pages.

-- Shown agents per (category, department), 0 for none: a list's total is the sum of the rows its
-- filters select (at most categories x departments rows), not a count over the agents.
CREATE TABLE shown_agent_counts (
  category_id INTEGER NOT NULL,
  department_id INTEGER NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT shown_agent_counts_key UNIQUE (category_id, department_id)
);

INSERT INTO shown_agent_counts (category_id, department_id, n)
SELECT coalesce(category_id, 0), coalesce(department_id, 0), count(*) FROM agents WHERE hidden_at IS NULL GROUP BY 1, 2;

CREATE TRIGGER agents_shown_count_insert AFTER INSERT ON agents WHEN new.hidden_at IS NULL BEGIN
  INSERT INTO shown_agent_counts (category_id, department_id, n)
  VALUES (coalesce(new.category_id, 0), coalesce(new.department_id, 0), 1)
  ON CONFLICT (category_id, department_id) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER agents_shown_count_delete AFTER DELETE ON agents WHEN old.hidden_at IS NULL BEGIN
  UPDATE shown_agent_counts SET n = n - 1
  WHERE category_id = coalesce(old.category_id, 0) AND department_id = coalesce(old.department_id, 0);
END;
-- Hidden, restored or moved: out of the old key while it was shown, into the new one while it is.
CREATE TRIGGER agents_shown_count_update AFTER UPDATE OF hidden_at, category_id, department_id ON agents
WHEN (old.hidden_at IS NULL) IS NOT (new.hidden_at IS NULL)
  OR old.category_id IS NOT new.category_id OR old.department_id IS NOT new.department_id
BEGIN
  UPDATE shown_agent_counts SET n = n - 1
  WHERE old.hidden_at IS NULL
    AND category_id = coalesce(old.category_id, 0) AND department_id = coalesce(old.department_id, 0);
  INSERT INTO shown_agent_counts (category_id, department_id, n)
  SELECT coalesce(new.category_id, 0), coalesce(new.department_id, 0), 1 WHERE new.hidden_at IS NULL
  ON CONFLICT (category_id, department_id) DO UPDATE SET n = n + 1;
END;

-- A page in the order asked, walking only the shown agents its filters select. The id breaks ties
-- in the index too: without it, a page read every agent tied with it (all the unrated ones are).
DROP INDEX agents_created_at;
DROP INDEX agents_popularity;
CREATE INDEX agents_newest ON agents (created_at DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX agents_popular ON agents ((average_rating * MAX(vote_count, 1)) DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX agents_category_newest ON agents (category_id, created_at DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX agents_category_popular ON agents (category_id, (average_rating * MAX(vote_count, 1)) DESC, id DESC)
WHERE hidden_at IS NULL;
CREATE INDEX agents_department_newest ON agents (department_id, created_at DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX agents_department_popular ON agents (department_id, (average_rating * MAX(vote_count, 1)) DESC, id DESC)
WHERE hidden_at IS NULL;

-- An agent's shown reviews per star: the histogram, the reviews' total and the agent's average
-- and count read five rows instead of every review.
CREATE TABLE agent_star_counts (
  agent_id INTEGER NOT NULL,
  rating INTEGER NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT agent_star_counts_key UNIQUE (agent_id, rating)
);

INSERT INTO agent_star_counts (agent_id, rating, n)
SELECT agent_id, rating, count(*) FROM ratings WHERE hidden_at IS NULL GROUP BY agent_id, rating;

CREATE TRIGGER ratings_star_count_insert AFTER INSERT ON ratings WHEN new.hidden_at IS NULL BEGIN
  INSERT INTO agent_star_counts (agent_id, rating, n) VALUES (new.agent_id, new.rating, 1)
  ON CONFLICT (agent_id, rating) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER ratings_star_count_delete AFTER DELETE ON ratings WHEN old.hidden_at IS NULL BEGIN
  UPDATE agent_star_counts SET n = n - 1 WHERE agent_id = old.agent_id AND rating = old.rating;
END;
CREATE TRIGGER ratings_star_count_update AFTER UPDATE OF rating, hidden_at ON ratings
WHEN old.rating IS NOT new.rating OR (old.hidden_at IS NULL) IS NOT (new.hidden_at IS NULL)
BEGIN
  UPDATE agent_star_counts SET n = n - 1
  WHERE old.hidden_at IS NULL AND agent_id = old.agent_id AND rating = old.rating;
  INSERT INTO agent_star_counts (agent_id, rating, n)
  SELECT new.agent_id, new.rating, 1 WHERE new.hidden_at IS NULL
  ON CONFLICT (agent_id, rating) DO UPDATE SET n = n + 1;
END;
-- Like agent_people: no foreign key; the rows go with the agent.
CREATE TRIGGER agents_star_counts AFTER DELETE ON agents BEGIN
  DELETE FROM agent_star_counts WHERE agent_id = old.id;
END;

-- A review's helpful marks, kept on the review so 'Most helpful' is an index walk, not a count per review.
ALTER TABLE ratings ADD COLUMN helpful_count INTEGER NOT NULL DEFAULT 0;
UPDATE ratings SET helpful_count = (SELECT count(*) FROM review_helpful h WHERE h.rating_id = ratings.id)
WHERE id IN (SELECT rating_id FROM review_helpful);

CREATE TRIGGER review_helpful_count_insert AFTER INSERT ON review_helpful BEGIN
  UPDATE ratings SET helpful_count = helpful_count + 1 WHERE id = new.rating_id;
END;
CREATE TRIGGER review_helpful_count_delete AFTER DELETE ON review_helpful BEGIN
  UPDATE ratings SET helpful_count = helpful_count - 1 WHERE id = old.rating_id;
END;

-- A page of an agent's shown reviews in each order the panel offers. (agent_id, rating) is the
-- prefix of the star orders, so the index it had goes.
DROP INDEX ratings_agent_shown;
CREATE INDEX ratings_agent_newest ON ratings (agent_id, updated_at DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX ratings_agent_helpful ON ratings (agent_id, helpful_count DESC, (comment IS NOT NULL) DESC, updated_at DESC, id DESC)
WHERE hidden_at IS NULL;
CREATE INDEX ratings_agent_highest ON ratings (agent_id, rating DESC, updated_at DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX ratings_agent_lowest ON ratings (agent_id, rating, updated_at DESC, id DESC) WHERE hidden_at IS NULL;
