-- Where a Google sign-in returns the person once it ends (docs/decisions/0021): a same-origin path
-- checked by common/next-path.ts when the sign-in starts and again at the callback. NULL: the home page.
ALTER TABLE oauth_states ADD COLUMN next_path TEXT;
