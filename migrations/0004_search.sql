-- Search that finds what people mean (docs/decisions/0013.
-- The index now covers every text field of an agent, stems with Porter over unicode61 (diacritics
-- removed), and is rebuilt here from the agents table. Column order matters: the worker's bm25
-- weights and highlight() calls name columns by position (worker/features/agents/search.ts).

DROP TRIGGER IF EXISTS agents_fts_insert;
DROP TRIGGER IF EXISTS agents_fts_update;
DROP TRIGGER IF EXISTS agents_fts_delete;
DROP TABLE IF EXISTS agents_fts;

CREATE VIRTUAL TABLE agents_fts USING fts5 (
  name,
  label,
  description,
  long_description,
  features,
  category,
  department,
  creator,
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3'
);

-- The index's own vocabulary (stemmed terms and how many agents use each): typo tolerance picks
-- its corrections from here, so it only ever suggests words that find something.
CREATE VIRTUAL TABLE agents_fts_vocab USING fts5vocab (agents_fts, 'row');

-- Features are stored as a JSON list; the index gets them as plain text, one after another.
CREATE TRIGGER agents_fts_insert AFTER INSERT ON agents BEGIN
  INSERT INTO agents_fts (rowid, name, label, description, long_description, features, category, department, creator) VALUES (
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
    COALESCE((SELECT username FROM users WHERE id = new.creator_id), '')
  );
END;

CREATE TRIGGER agents_fts_update AFTER UPDATE OF name, label, description, long_description, features, category_id, department_id, business_category, business_department, creator_id ON agents BEGIN
  DELETE FROM agents_fts WHERE rowid = old.id;
  INSERT INTO agents_fts (rowid, name, label, description, long_description, features, category, department, creator) VALUES (
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
    COALESCE((SELECT username FROM users WHERE id = new.creator_id), '')
  );
END;

CREATE TRIGGER agents_fts_delete AFTER DELETE ON agents BEGIN
  DELETE FROM agents_fts WHERE rowid = old.id;
END;

-- A creator who renames themselves is found under the new name; so are renamed categories and
-- departments. (These touch only the agents concerned, through the agents_fts_update trigger.)
CREATE TRIGGER agents_fts_creator_rename AFTER UPDATE OF username ON users
WHEN old.username IS NOT new.username BEGIN
  UPDATE agents SET creator_id = creator_id WHERE creator_id = new.id;
END;
CREATE TRIGGER agents_fts_category_rename AFTER UPDATE OF name ON categories
WHEN old.name IS NOT new.name BEGIN
  UPDATE agents SET category_id = category_id WHERE category_id = new.id;
END;
CREATE TRIGGER agents_fts_department_rename AFTER UPDATE OF name ON departments
WHEN old.name IS NOT new.name BEGIN
  UPDATE agents SET department_id = department_id WHERE department_id = new.id;
END;

INSERT INTO agents_fts (rowid, name, label, description, long_description, features, category, department, creator)
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
  COALESCE(u.username, '')
FROM agents a
LEFT JOIN categories c ON c.id = a.category_id
LEFT JOIN departments d ON d.id = a.department_id
LEFT JOIN users u ON u.id = a.creator_id;

-- Names and labels alone, in a small index of their own: suggestions as you type, and the name and
-- label matches every search ranks in, read here without walking the large index's long lists
-- (a word in every description but few names would otherwise cost a scan of all of them).
CREATE VIRTUAL TABLE agents_title_fts USING fts5 (
  name,
  label,
  tokenize = 'porter unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6'
);
CREATE TRIGGER agents_title_fts_insert AFTER INSERT ON agents BEGIN
  INSERT INTO agents_title_fts (rowid, name, label) VALUES (new.id, new.name, COALESCE(new.label, ''));
END;
CREATE TRIGGER agents_title_fts_update AFTER UPDATE OF name, label ON agents BEGIN
  DELETE FROM agents_title_fts WHERE rowid = old.id;
  INSERT INTO agents_title_fts (rowid, name, label) VALUES (new.id, new.name, COALESCE(new.label, ''));
END;
CREATE TRIGGER agents_title_fts_delete AFTER DELETE ON agents BEGIN
  DELETE FROM agents_title_fts WHERE rowid = old.id;
END;
INSERT INTO agents_title_fts (rowid, name, label) SELECT id, name, COALESCE(label, '') FROM agents;

-- Words people use for the same thing. A query word (or two-word phrase) found in `term` also
-- matches `expansion`; both directions are listed where both hold. Lower case, plain words.
CREATE TABLE search_synonyms (
  id INTEGER PRIMARY KEY,
  term TEXT NOT NULL,
  expansion TEXT NOT NULL,
  UNIQUE (term, expansion)
);

INSERT INTO search_synonyms (term, expansion) VALUES
  ('hr', 'human resources'),
  ('human resources', 'hr'),
  ('people ops', 'hr'),
  ('crm', 'customer relationship management'),
  ('customer relationship management', 'crm'),
  ('seo', 'search engine optimisation'),
  ('search engine optimisation', 'seo'),
  ('search engine optimization', 'seo'),
  ('optimization', 'optimisation'),
  ('optimisation', 'optimization'),
  ('optimize', 'optimise'),
  ('optimise', 'optimize'),
  ('analyze', 'analyse'),
  ('analyse', 'analyze'),
  ('summarize', 'summarise'),
  ('summarise', 'summarize'),
  ('prioritize', 'prioritise'),
  ('prioritise', 'prioritize'),
  ('color', 'colour'),
  ('colour', 'color'),
  ('ux', 'user experience'),
  ('user experience', 'ux'),
  ('ui', 'user interface'),
  ('ai', 'artificial intelligence'),
  ('ar', 'accounts receivable'),
  ('accounts receivable', 'collections'),
  ('ap', 'accounts payable'),
  ('dd', 'due diligence'),
  ('m&a', 'due diligence'),
  ('mergers', 'due diligence'),
  ('acquisitions', 'due diligence'),
  ('nda', 'non disclosure agreement'),
  ('non disclosure agreement', 'nda'),
  ('bookkeeping', 'reconciliation'),
  ('accounting', 'ledger'),
  ('debt collection', 'collections'),
  ('dunning', 'collections'),
  ('payment reminders', 'collections'),
  ('cv', 'resume'),
  ('resume', 'applicants'),
  ('cv screening', 'screens applicants'),
  ('hiring', 'recruiting'),
  ('recruitment', 'recruiting'),
  ('recruiting', 'hiring'),
  ('talent acquisition', 'recruiting'),
  ('onboarding', 'training'),
  ('helpdesk', 'support'),
  ('help desk', 'helpdesk'),
  ('customer service', 'support'),
  ('support', 'customer service'),
  ('churn', 'retention'),
  ('retention', 'churn'),
  ('prospecting', 'lead generation'),
  ('lead gen', 'lead generation'),
  ('leadgen', 'lead generation'),
  ('pr', 'pull request'),
  ('code review', 'pull request'),
  ('postmortem', 'incident'),
  ('post mortem', 'postmortem'),
  ('rca', 'postmortem'),
  ('root cause', 'postmortem'),
  ('cve', 'vulnerability'),
  ('vulnerabilities', 'cve'),
  ('security patches', 'patch'),
  ('rota', 'schedule'),
  ('roster', 'rota'),
  ('shift planning', 'rota'),
  ('scheduling', 'rota'),
  ('ecommerce', 'e commerce'),
  ('e commerce', 'ecommerce'),
  ('shop', 'store'),
  ('abandoned cart', 'cart recovery'),
  ('refunds', 'returns'),
  ('medical billing', 'claims'),
  ('medical coding', 'claims'),
  ('ehr', 'clinical'),
  ('soap', 'clinical notes'),
  ('doctor', 'clinician'),
  ('doctors', 'clinician'),
  ('kpi', 'metric'),
  ('bi', 'analytics'),
  ('business intelligence', 'analytics'),
  ('sql', 'data warehouse'),
  ('gdpr', 'privacy'),
  ('regulation', 'regulatory'),
  ('compliance', 'regulatory'),
  ('flights', 'travel'),
  ('trip', 'itinerary'),
  ('itinerary', 'trip'),
  ('slides', 'deck'),
  ('deck', 'presentation'),
  ('presentation', 'deck'),
  ('fundraising', 'investor'),
  ('investors', 'pitch deck'),
  ('elearning', 'training'),
  ('e learning', 'training'),
  ('lms', 'learning platform'),
  ('papers', 'literature'),
  ('systematic review', 'literature review'),
  ('suppliers', 'vendor'),
  ('vendors', 'supplier'),
  ('procurement', 'supplier'),
  ('sales calls', 'call recordings'),
  ('cold email', 'outreach'),
  ('quotes', 'proposals'),
  ('rfp', 'proposals'),
  ('game', 'gaming'),
  ('npc', 'dialogue'),
  ('real estate', 'property'),
  ('property', 'real estate'),
  ('realtor', 'property listing'),
  ('cash flow', 'cash forecast'),
  ('forecasting', 'forecast'),
  ('ads', 'campaigns'),
  ('advertising', 'ads'),
  ('social media', 'social posts'),
  ('tickets', 'ticket'),
  ('triage', 'prioritises'),
  ('access review', 'access reviews'),
  ('offboarding', 'deprovisioning'),
  ('sso', 'okta'),
  ('accessibility', 'wcag'),
  ('a11y', 'accessibility'),
  ('usability', 'ux');
