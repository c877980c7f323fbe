-- Names found by their parts (docs/decisions/0026.
-- Agents' names are compound words (LeadScout, InvoiceHound, SEOSmith, GPT4Writer) and the
-- unicode61 tokenizer keeps each as one token, so 'scout' or 'ledger lens' found nothing of them.
-- Both indexes of 0004 get a last column, `parts`: the name with a space at each camel-case,
-- letter-digit and acronym boundary ("Lead Scout Pro"), followed, for a hyphenated name, by the
-- name without its hyphens ("Patch-Pilot" is also "PatchPilot"). The name column still holds the
-- whole words. Columns keep their positions; the worker's bm25 weights and highlight() calls gain
-- one for `parts` (worker/features/agents/search.ts, name-parts.ts maps its highlights back onto
-- the name).
--
-- The split is SQL so that every writer (the API, the seed, a test inserting a row) gets it from
-- the triggers: one character a row through json_each over a list as long as the name (triggers
-- allow no WITH). Boundaries are ASCII ([a-z], [A-Z], [0-9]): SQLite's lower() and GLOB classes
-- know no other letters, so "ÜberScout" splits at "rS" but not at an accented capital.

DROP TRIGGER IF EXISTS agents_fts_insert;
DROP TRIGGER IF EXISTS agents_fts_update;
DROP TRIGGER IF EXISTS agents_fts_delete;
DROP TRIGGER IF EXISTS agents_title_fts_insert;
DROP TRIGGER IF EXISTS agents_title_fts_update;
DROP TRIGGER IF EXISTS agents_title_fts_delete;
DROP TABLE IF EXISTS agents_fts_vocab;
DROP TABLE IF EXISTS agents_title_fts_vocab;
DROP TABLE IF EXISTS agents_fts;
DROP TABLE IF EXISTS agents_title_fts;

-- The parts of a name, as a view the triggers read by the agent's id.
DROP VIEW IF EXISTS agent_name_parts;
CREATE VIEW agent_name_parts AS
SELECT a.id,
  COALESCE((
    SELECT group_concat(CASE WHEN k > 1 AND (
        (p GLOB '[a-z]' AND c GLOB '[A-Z]')
        OR (p GLOB '[A-Za-z]' AND c GLOB '[0-9]')
        OR (p GLOB '[0-9]' AND c GLOB '[A-Za-z]')
        OR (p GLOB '[A-Z]' AND c GLOB '[A-Z]' AND nx GLOB '[a-z]')
      ) THEN ' ' || c ELSE c END, '')
    FROM (
      SELECT key + 1 AS k, substr(a.name, key + 1, 1) AS c, substr(a.name, key, 1) AS p, substr(a.name, key + 2, 1) AS nx
      FROM json_each('[' || substr(replace(hex(zeroblob(length(a.name))), '00', ',0'), 2) || ']')
      ORDER BY key
    )
  ), '') || CASE WHEN instr(a.name, '-') > 0 THEN ' ' || replace(a.name, '-', '') ELSE '' END AS parts
FROM agents a;

CREATE VIRTUAL TABLE agents_fts USING fts5 (
  name,
  label,
  description,
  long_description,
  features,
  category,
  department,
  creator,
  parts,
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3'
);
CREATE VIRTUAL TABLE agents_fts_vocab USING fts5vocab (agents_fts, 'row');

CREATE TRIGGER agents_fts_insert AFTER INSERT ON agents BEGIN
  INSERT INTO agents_fts (rowid, name, label, description, long_description, features, category, department, creator, parts) VALUES (
    new.id,
    new.name,
    COALESCE(new.label, ''),
    new.description,
    COALESCE(new.long_description, ''),
    CASE WHEN json_valid(new.features) AND json_type(new.features) = 'array'
      THEN (SELECT COALESCE(group_concat(value, ' . '), '') FROM json_each(new.features))
      ELSE COALESCE(new.features, '') END,
    COALESCE((SELECT name FROM categories WHERE id = new.category_id), new.business_category, ''),
    COALESCE((SELECT name FROM departments WHERE id = new.department_id), new.business_department, ''),
    COALESCE((SELECT username FROM users WHERE id = new.creator_id), ''),
    COALESCE((SELECT parts FROM agent_name_parts WHERE id = new.id), '')
  );
END;

CREATE TRIGGER agents_fts_update AFTER UPDATE OF name, label, description, long_description, features, category_id, department_id, business_category, business_department, creator_id ON agents BEGIN
  DELETE FROM agents_fts WHERE rowid = old.id;
  INSERT INTO agents_fts (rowid, name, label, description, long_description, features, category, department, creator, parts) VALUES (
    new.id,
    new.name,
    COALESCE(new.label, ''),
    new.description,
    COALESCE(new.long_description, ''),
    CASE WHEN json_valid(new.features) AND json_type(new.features) = 'array'
      THEN (SELECT COALESCE(group_concat(value, ' . '), '') FROM json_each(new.features))
      ELSE COALESCE(new.features, '') END,
    COALESCE((SELECT name FROM categories WHERE id = new.category_id), new.business_category, ''),
    COALESCE((SELECT name FROM departments WHERE id = new.department_id), new.business_department, ''),
    COALESCE((SELECT username FROM users WHERE id = new.creator_id), ''),
    COALESCE((SELECT parts FROM agent_name_parts WHERE id = new.id), '')
  );
END;

CREATE TRIGGER agents_fts_delete AFTER DELETE ON agents BEGIN
  DELETE FROM agents_fts WHERE rowid = old.id;
END;

INSERT INTO agents_fts (rowid, name, label, description, long_description, features, category, department, creator, parts)
SELECT
  a.id,
  a.name,
  COALESCE(a.label, ''),
  a.description,
  COALESCE(a.long_description, ''),
  CASE WHEN json_valid(a.features) AND json_type(a.features) = 'array'
    THEN (SELECT COALESCE(group_concat(value, ' . '), '') FROM json_each(a.features))
    ELSE COALESCE(a.features, '') END,
  COALESCE(c.name, a.business_category, ''),
  COALESCE(d.name, a.business_department, ''),
  COALESCE(u.username, ''),
  np.parts
FROM agents a
JOIN agent_name_parts np ON np.id = a.id
LEFT JOIN categories c ON c.id = a.category_id
LEFT JOIN departments d ON d.id = a.department_id
LEFT JOIN users u ON u.id = a.creator_id;

-- Names, labels and name parts: suggestions and the name matches of every search (0004).
CREATE VIRTUAL TABLE agents_title_fts USING fts5 (
  name,
  label,
  parts,
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6'
);
-- Its vocabulary: the words suggestions forgive typos against, read once per isolate.
CREATE VIRTUAL TABLE agents_title_fts_vocab USING fts5vocab (agents_title_fts, 'row');

CREATE TRIGGER agents_title_fts_insert AFTER INSERT ON agents BEGIN
  INSERT INTO agents_title_fts (rowid, name, label, parts)
  VALUES (new.id, new.name, COALESCE(new.label, ''), COALESCE((SELECT parts FROM agent_name_parts WHERE id = new.id), ''));
END;
CREATE TRIGGER agents_title_fts_update AFTER UPDATE OF name, label ON agents BEGIN
  DELETE FROM agents_title_fts WHERE rowid = old.id;
  INSERT INTO agents_title_fts (rowid, name, label, parts)
  VALUES (new.id, new.name, COALESCE(new.label, ''), COALESCE((SELECT parts FROM agent_name_parts WHERE id = new.id), ''));
END;
CREATE TRIGGER agents_title_fts_delete AFTER DELETE ON agents BEGIN
  DELETE FROM agents_title_fts WHERE rowid = old.id;
END;
INSERT INTO agents_title_fts (rowid, name, label, parts)
SELECT a.id, a.name, COALESCE(a.label, ''), np.parts FROM agents a JOIN agent_name_parts np ON np.id = a.id;
