-- Recovery ends every credential (docs/decisions/0038).
--
-- Staff is a property of a sign-in, not of an account: only a session started through the
-- 'Internal' sign-in acts as staff, and every request recomputes the role from the configuration.
ALTER TABLE sessions ADD COLUMN internal INTEGER NOT NULL DEFAULT 0;
-- What Settings' 'Where you are signed in' names a session by ('Chrome on Android'), from its sign-in.
ALTER TABLE sessions ADD COLUMN device TEXT;

-- An Idempotency-Key belongs to its caller (worker/lib/idempotency.ts, callerKey): the stored key is
-- '<user id>:<key>' for the person's sessions, '<user id>:t<token id>/<key>' for one of their tokens.
-- Keys kept before this become the sessions' (the try's ledger keys already were 'try:<user id>:<key>').
UPDATE idempotency_keys SET key = user_id || ':' || key;
