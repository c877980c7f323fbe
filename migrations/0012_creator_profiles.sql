-- Creators are public (docs/product.md#creators-and-earnings, docs/decisions/0028): what a person says about themselves
-- on /creators/{username}, the small picture of an uploaded cover, and who follows whom.
ALTER TABLE users ADD COLUMN display_name TEXT;
ALTER TABLE users ADD COLUMN bio TEXT;
ALTER TABLE users ADD COLUMN website TEXT;

-- Uploaded covers come in two sizes (the cards show the small one); both are /media/... paths.
ALTER TABLE agents ADD COLUMN thumbnail_url TEXT;

CREATE TABLE follows (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  follower_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  creator_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (follower_id <> creator_id)
);
-- One follow per pair (following twice is following once).
CREATE UNIQUE INDEX follows_pair ON follows (follower_id, creator_id);
-- A creator's follower count.
CREATE INDEX follows_creator_id ON follows (creator_id);
