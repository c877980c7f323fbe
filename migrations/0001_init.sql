-- The whole data model. Timestamps are ISO-8601 UTC text; booleans are 0/1 integers.

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL,
  email TEXT NOT NULL,
  password_hash TEXT,
  profile_picture TEXT,
  google_id TEXT,
  role TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'staff', 'admin')),
  -- Balance kept beside the ledger and changed only in the same D1 batch as a ledger row.
  credits INTEGER NOT NULL DEFAULT 100 CHECK (credits >= 0),
  consumed INTEGER NOT NULL DEFAULT 0 CHECK (consumed >= 0),
  stripe_customer_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX users_username_unique ON users (username COLLATE NOCASE);
CREATE UNIQUE INDEX users_email_unique ON users (email COLLATE NOCASE);
CREATE UNIQUE INDEX users_google_id_unique ON users (google_id) WHERE google_id IS NOT NULL;

CREATE TABLE sessions (
  -- SHA-256 of the random session token; the token itself is never stored.
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  -- Provider-mode credentials (b_k, b_i, u_i, b_cb_id) stay server-side, as JSON.
  provider_data TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX sessions_user_id ON sessions (user_id);

CREATE TABLE categories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  description TEXT,
  icon TEXT,
  agent_count INTEGER NOT NULL DEFAULT 0,
  parent_id INTEGER REFERENCES categories (id) ON DELETE SET NULL,
  is_main_category INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE departments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  description TEXT,
  category_id INTEGER REFERENCES categories (id) ON DELETE SET NULL
);

CREATE TABLE agents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hoa_id TEXT,
  name TEXT NOT NULL,
  agent_code TEXT,
  slug TEXT,
  label TEXT,
  description TEXT NOT NULL,
  long_description TEXT,
  -- JSON-encoded list of strings.
  features TEXT NOT NULL DEFAULT '[]',
  video_url TEXT,
  image_url TEXT,
  external_url TEXT,
  category_id INTEGER NOT NULL REFERENCES categories (id),
  department_id INTEGER NOT NULL DEFAULT 0,
  creator_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  average_rating REAL NOT NULL DEFAULT 0,
  vote_count INTEGER NOT NULL DEFAULT 0,
  view_count INTEGER NOT NULL DEFAULT 0,
  is_featured INTEGER NOT NULL DEFAULT 0,
  is_trending INTEGER NOT NULL DEFAULT 0,
  is_premium INTEGER NOT NULL DEFAULT 0,
  credit_cost INTEGER NOT NULL DEFAULT 3 CHECK (credit_cost BETWEEN 1 AND 100),
  credits INTEGER,
  business_category TEXT,
  business_department TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX agents_slug_unique ON agents (slug) WHERE slug IS NOT NULL;
CREATE INDEX agents_category_id ON agents (category_id);
CREATE INDEX agents_department_id ON agents (department_id);
CREATE INDEX agents_creator_id ON agents (creator_id);
CREATE INDEX agents_created_at ON agents (created_at DESC);
CREATE INDEX agents_average_rating ON agents (average_rating DESC);
CREATE INDEX agents_vote_count ON agents (vote_count DESC);
-- Popular sort: rating times votes (votes counted as 1 when zero), docs/product.md#constants.
CREATE INDEX agents_popularity ON agents ((average_rating * MAX(vote_count, 1)) DESC);

CREATE TABLE ratings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  agent_id INTEGER NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (agent_id, user_id)
);
CREATE INDEX ratings_agent_created ON ratings (agent_id, created_at DESC);

CREATE TABLE proposals (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  proposer_name TEXT NOT NULL,
  proposer_email TEXT NOT NULL,
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'reviewed')),
  idempotency_key TEXT UNIQUE,
  reviewed_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX proposals_created_at ON proposals (created_at DESC);

-- Append-only ledger: every change of a user's balance has exactly one row here.
CREATE TABLE credit_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('signup', 'purchase', 'try', 'admin_topup')),
  amount INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  consumed_after INTEGER NOT NULL DEFAULT 0,
  reference TEXT,
  description TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX credit_ledger_user_created ON credit_ledger (user_id, id DESC);

CREATE TABLE checkout_sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  credits INTEGER NOT NULL CHECK (credits > 0),
  amount_cents INTEGER NOT NULL,
  provider TEXT NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'expired')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  completed_at TEXT
);
CREATE INDEX checkout_sessions_user ON checkout_sessions (user_id);

-- Fixed-window throttle counters for sign-in and registration (per account and per client).
CREATE TABLE auth_throttle (
  key TEXT PRIMARY KEY,
  count INTEGER NOT NULL,
  window_start INTEGER NOT NULL
);

-- Google OpenID Connect flow state (PKCE verifier and nonce), short-lived.
CREATE TABLE oauth_states (
  state TEXT PRIMARY KEY,
  code_verifier TEXT NOT NULL,
  nonce TEXT NOT NULL,
  is_internal INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL
);

-- Category agent counts follow the agents table.
CREATE TRIGGER agents_count_insert AFTER INSERT ON agents BEGIN
  UPDATE categories SET agent_count = agent_count + 1 WHERE id = new.category_id;
END;
CREATE TRIGGER agents_count_delete AFTER DELETE ON agents BEGIN
  UPDATE categories SET agent_count = agent_count - 1 WHERE id = old.category_id;
END;
CREATE TRIGGER agents_count_update AFTER UPDATE OF category_id ON agents
WHEN old.category_id IS NOT new.category_id BEGIN
  UPDATE categories SET agent_count = agent_count - 1 WHERE id = old.category_id;
  UPDATE categories SET agent_count = agent_count + 1 WHERE id = new.category_id;
END;

-- Full-text index over name, description, category and department; rowid is the agent id.
CREATE VIRTUAL TABLE agents_fts USING fts5 (
  name,
  description,
  category,
  department,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
CREATE TRIGGER agents_fts_insert AFTER INSERT ON agents BEGIN
  INSERT INTO agents_fts (rowid, name, description, category, department) VALUES (
    new.id,
    new.name,
    new.description,
    COALESCE((SELECT name FROM categories WHERE id = new.category_id), new.business_category, ''),
    COALESCE((SELECT name FROM departments WHERE id = new.department_id), new.business_department, '')
  );
END;
CREATE TRIGGER agents_fts_update AFTER UPDATE OF name, description, category_id, department_id, business_category, business_department ON agents BEGIN
  DELETE FROM agents_fts WHERE rowid = old.id;
  INSERT INTO agents_fts (rowid, name, description, category, department) VALUES (
    new.id,
    new.name,
    new.description,
    COALESCE((SELECT name FROM categories WHERE id = new.category_id), new.business_category, ''),
    COALESCE((SELECT name FROM departments WHERE id = new.department_id), new.business_department, '')
  );
END;
CREATE TRIGGER agents_fts_delete AFTER DELETE ON agents BEGIN
  DELETE FROM agents_fts WHERE rowid = old.id;
END;
