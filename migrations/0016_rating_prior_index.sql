-- The damped average's prior (worker/features/agents/ranking.ts, PRIOR_SQL) is the mean rating of the
-- shown, rated agents, read by every search, suggestion and rating sort. Without an index it read the
-- whole agents table: about 230 ms per request at 100,000 agents (npm run bench -- search). This
-- covering index holds just what it reads: about 5 ms.
CREATE INDEX agents_rated_shown ON agents (vote_count, average_rating) WHERE hidden_at IS NULL;
