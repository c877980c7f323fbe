-- docs/decisions/0025: an agent hidden by moderators leaves the search indexes too, not only the results, so
-- its words never come back as a correction ('Showing results for …'), a suggestion or a prefix
-- match. The triggers of 0010 again, each keeping to the agents that are shown; hiding takes an
-- agent out, restoring puts it back.

DROP TRIGGER IF EXISTS agents_fts_insert;
DROP TRIGGER IF EXISTS agents_fts_update;
DROP TRIGGER IF EXISTS agents_title_fts_insert;
DROP TRIGGER IF EXISTS agents_title_fts_update;

CREATE TRIGGER agents_fts_insert AFTER INSERT ON agents WHEN new.hidden_at IS NULL BEGIN
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

CREATE TRIGGER agents_title_fts_insert AFTER INSERT ON agents WHEN new.hidden_at IS NULL BEGIN
  INSERT INTO agents_title_fts (rowid, name, label, parts)
  VALUES (new.id, new.name, COALESCE(new.label, ''), COALESCE((SELECT parts FROM agent_name_parts WHERE id = new.id), ''));
END;

CREATE TRIGGER agents_fts_update AFTER UPDATE OF name, label, description, long_description, features, category_id, department_id, business_category, business_department, creator_id, hidden_at ON agents BEGIN
  DELETE FROM agents_fts WHERE rowid = old.id;
  INSERT INTO agents_fts (rowid, name, label, description, long_description, features, category, department, creator, parts)
  SELECT
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
  WHERE new.hidden_at IS NULL;
END;

CREATE TRIGGER agents_title_fts_update AFTER UPDATE OF name, label, hidden_at ON agents BEGIN
  DELETE FROM agents_title_fts WHERE rowid = old.id;
  INSERT INTO agents_title_fts (rowid, name, label, parts)
  SELECT new.id, new.name, COALESCE(new.label, ''), COALESCE((SELECT parts FROM agent_name_parts WHERE id = new.id), '')
  WHERE new.hidden_at IS NULL;
END;

DELETE FROM agents_fts WHERE rowid IN (SELECT id FROM agents WHERE hidden_at IS NOT NULL);
DELETE FROM agents_title_fts WHERE rowid IN (SELECT id FROM agents WHERE hidden_at IS NOT NULL);
