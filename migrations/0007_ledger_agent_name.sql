-- The name of the agent a try was for, as it was when tried: /billing names and links each try, and
-- an agent deleted since is still named (docs/decisions/0022). Existing tries take the name their
-- agent has now; tries of agents already deleted have none (shown as 'Deleted agent').
ALTER TABLE credit_ledger ADD COLUMN agent_name TEXT;
UPDATE credit_ledger
SET agent_name = (SELECT name FROM agents WHERE agents.id = CAST(substr(credit_ledger.reference, 7) AS INTEGER))
WHERE kind = 'try' AND reference LIKE 'agent:%';
