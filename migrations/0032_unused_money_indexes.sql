-- Every index on a table a try writes is one more row written a try, and D1 bills rows written
-- (docs/capacity.md: about $260 a month an index at 100 tries a second). Measured against the
-- queries that read these tables (docs/decisions/0055), three serve none:
-- - credit_ledger (reference, created_at): an agent's tries were counted over it until the
--   counters of agent_activity and agent_people (migrations 0021, 0022, 0030) took that over.
-- - creator_earnings (agent_id, created_at): the same, for an agent's earnings.
-- - idempotency_keys (created_at): the hourly prune asks updated_at, never created_at; it now walks
--   the keys in the order they were written (worker/features/maintenance/prune.ts).
DROP INDEX IF EXISTS credit_ledger_reference_created;
DROP INDEX IF EXISTS creator_earnings_agent_created;
DROP INDEX IF EXISTS idempotency_keys_created;
