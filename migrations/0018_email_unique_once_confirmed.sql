-- Registration must not tell whether an address has an account (docs/decisions/0024). An address
-- is an account's only once its mailbox is proven: several accounts may claim one, at most one may
-- have confirmed it. Sign-in, password reset and Google pick the confirmed one first.
DROP INDEX users_email_unique;
CREATE UNIQUE INDEX users_confirmed_email_unique ON users (email COLLATE NOCASE) WHERE email_verified_at IS NOT NULL;
CREATE INDEX users_email ON users (email COLLATE NOCASE);
