-- 'Highest Rated' and 'Most Reviewed' order by the damped average (docs/product.md#reviews), whose
-- prior is the mean rating of every shown rated agent: it moves with each review, so no index could
-- hold the order and each such page read every shown agent (2,000,179 rows at a million agents,
-- docs/capacity.md). Each agent now stores its damped average under the prior of the last refresh
-- (rating_prior.score_prior), the indexes below hold the two orders, and the hourly job
-- (worker/features/maintenance/rank-scores.ts, docs/decisions/0050) refreshes every score once the
-- prior has moved by half a hundredth of a star.
ALTER TABLE agents ADD COLUMN rank_score REAL NOT NULL DEFAULT 0;
ALTER TABLE rating_prior ADD COLUMN score_prior REAL NOT NULL DEFAULT 0;
-- The highest agent id a refresh under-way has rewritten; NULL when none is under way.
ALTER TABLE rating_prior ADD COLUMN scores_done_to INTEGER;

UPDATE rating_prior SET score_prior = CASE WHEN rated_count > 0 THEN rating_hundredths / 100.0 / rated_count ELSE 0 END
WHERE id = 1;
UPDATE agents SET rank_score =
  (vote_count * average_rating + 5 * (SELECT score_prior FROM rating_prior WHERE id = 1)) / (vote_count + 5);

-- A new agent, and one whose reviews changed, take the score under the refresh's prior at once.
CREATE TRIGGER agents_rank_score_insert AFTER INSERT ON agents BEGIN
  UPDATE agents SET rank_score =
    (new.vote_count * new.average_rating + 5 * (SELECT score_prior FROM rating_prior WHERE id = 1)) / (new.vote_count + 5)
  WHERE id = new.id;
END;
CREATE TRIGGER agents_rank_score_update AFTER UPDATE OF vote_count, average_rating ON agents BEGIN
  UPDATE agents SET rank_score =
    (new.vote_count * new.average_rating + 5 * (SELECT score_prior FROM rating_prior WHERE id = 1)) / (new.vote_count + 5)
  WHERE id = new.id;
END;

-- The two orders, each for every agent, a category and a department, ties broken as the sorts do.
-- Nothing orders by the bare rating or count any more (migration 0001's indexes): each was a write per review.
DROP INDEX agents_average_rating;
DROP INDEX agents_vote_count;
CREATE INDEX agents_rated ON agents (rank_score DESC, vote_count DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX agents_reviewed ON agents (vote_count DESC, rank_score DESC, id DESC) WHERE hidden_at IS NULL;
CREATE INDEX agents_category_rated ON agents (category_id, rank_score DESC, vote_count DESC, id DESC)
WHERE hidden_at IS NULL;
CREATE INDEX agents_category_reviewed ON agents (category_id, vote_count DESC, rank_score DESC, id DESC)
WHERE hidden_at IS NULL;
CREATE INDEX agents_department_rated ON agents (department_id, rank_score DESC, vote_count DESC, id DESC)
WHERE hidden_at IS NULL;
CREATE INDEX agents_department_reviewed ON agents (department_id, vote_count DESC, rank_score DESC, id DESC)
WHERE hidden_at IS NULL;
