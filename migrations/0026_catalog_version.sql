-- The catalogue's version (docs/decisions/0046): part of every key of the edge cache, so a write that
-- changes what visitors read makes new keys instead of purging old ones. One row, bumped by the
-- worker after each such write succeeds.
CREATE TABLE catalog_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL DEFAULT 1
);

INSERT INTO catalog_version (id, version) VALUES (1, 1);
