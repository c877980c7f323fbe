// Drizzle declaration of migrations/*.sql: every column, default, foreign key, index and CHECK.
// The migrations are the source of truth; worker/db/schema.test.ts fails when the two disagree.
// agents_fts (FTS5, a virtual table drizzle does not model) and the triggers that maintain it,
// categories.agent_count and the counters of migration 0027 live only in the migrations.
import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  real,
  sqliteTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

/** The migrations' timestamp default: ISO-8601 UTC with milliseconds. */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    profilePicture: text('profile_picture'),
    googleId: text('google_id'),
    role: text('role', { enum: ['user', 'staff', 'admin'] })
      .notNull()
      .default('user'),
    credits: integer('credits').notNull().default(100),
    consumed: integer('consumed').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: text('created_at').notNull().default(now),
    // Migration 0003.
    usernameKey: text('username_key'),
    emailVerifiedAt: text('email_verified_at'),
    // Migration 0012: the public profile (docs/decisions/0028).
    displayName: text('display_name'),
    bio: text('bio'),
    website: text('website'),
    // Migration 0008: UTS #39 skeleton (worker/lib/confusables.ts); NULL until the worker fills it.
    usernameSkeleton: text('username_skeleton'),
    // Migration 0031: how many follow this person, kept by the follows' triggers.
    followersCount: integer('followers_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`${t.username} COLLATE NOCASE`),
    // Migration 0018: many accounts may claim an address, one may confirm it (docs/decisions/0024).
    uniqueIndex('users_confirmed_email_unique')
      .on(sql`${t.email} COLLATE NOCASE`)
      .where(sql`${t.emailVerifiedAt} IS NOT NULL`),
    index('users_email').on(sql`${t.email} COLLATE NOCASE`),
    uniqueIndex('users_google_id_unique')
      .on(t.googleId)
      .where(sql`${t.googleId} IS NOT NULL`),
    uniqueIndex('users_username_key_unique')
      .on(t.usernameKey)
      .where(sql`${t.usernameKey} IS NOT NULL`),
    index('users_username_skeleton').on(t.usernameSkeleton),
    check('users_role', sql`${t.role} IN ('user', 'staff', 'admin')`),
    check('users_credits', sql`${t.credits} >= 0`),
    check('users_consumed', sql`${t.consumed} >= 0`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Epoch milliseconds. */
    expiresAt: integer('expires_at').notNull(),
    providerData: text('provider_data'),
    createdAt: text('created_at').notNull().default(now),
    /** Started through the 'Internal' sign-in: the only way a session acts as staff (docs/decisions/0038). */
    internal: integer('internal', { mode: 'boolean' }).notNull().default(false),
    /** 'Chrome on Android': how Settings names the session in 'Where you are signed in'. */
    device: text('device'),
  },
  (t) => [index('sessions_user_id').on(t.userId)],
);

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  description: text('description'),
  icon: text('icon'),
  agentCount: integer('agent_count').notNull().default(0),
  parentId: integer('parent_id').references((): AnySQLiteColumn => categories.id, { onDelete: 'set null' }),
  isMainCategory: integer('is_main_category', { mode: 'boolean' }).notNull().default(false),
});

export const departments = sqliteTable('departments', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  description: text('description'),
  categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
});

export const agents = sqliteTable(
  'agents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    hoaId: text('hoa_id'),
    name: text('name').notNull(),
    agentCode: text('agent_code'),
    slug: text('slug'),
    label: text('label'),
    description: text('description').notNull(),
    longDescription: text('long_description'),
    /** JSON-encoded list of strings (older rows may hold plain text). */
    features: text('features').notNull().default('[]'),
    videoUrl: text('video_url'),
    imageUrl: text('image_url'),
    externalUrl: text('external_url'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    departmentId: integer('department_id').notNull().default(0),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    averageRating: real('average_rating').notNull().default(0),
    voteCount: integer('vote_count').notNull().default(0),
    viewCount: integer('view_count').notNull().default(0),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
    isTrending: integer('is_trending', { mode: 'boolean' }).notNull().default(false),
    isPremium: integer('is_premium', { mode: 'boolean' }).notNull().default(false),
    creditCost: integer('credit_cost').notNull().default(3),
    credits: integer('credits'),
    businessCategory: text('business_category'),
    businessDepartment: text('business_department'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    // Migration 0012: the small size of an uploaded cover.
    thumbnailUrl: text('thumbnail_url'),
    // Migration 0008: UTS #39 skeleton of the name (worker/lib/confusables.ts); NULL until the worker fills it.
    nameSkeleton: text('name_skeleton'),
    // Migration 0009: hidden by a moderator (NULL: shown).
    hiddenAt: text('hidden_at'),
    // Migration 0025 (docs/decisions/0043): the latest 'What's new' note's time, tries in the last
    // 30 days (refreshed hourly from agent_activity) and the listing's health.
    whatsNewAt: text('whats_new_at'),
    recentTries: integer('recent_tries').notNull().default(0),
    healthStatus: text('health_status', { enum: ['up', 'slow', 'down'] }),
    healthSince: text('health_since'),
    healthCheckedAt: text('health_checked_at'),
    // Migration 0028 (docs/decisions/0050): the damped average under the prior of the last refresh.
    rankScore: real('rank_score').notNull().default(0),
    // Migration 0029 (docs/decisions/0051): this agent's edge cache version, bumped by its reviews' triggers.
    cacheVersion: integer('cache_version').notNull().default(0),
    // Migration 0031: tries in the quarters closed up to usage_rollup.through_quarter (the hourly roll-up).
    triesTotal: integer('tries_total').notNull().default(0),
  },
  (t) => [
    index('agents_name_skeleton').on(t.nameSkeleton),
    index('agents_health_checked')
      .on(t.healthCheckedAt)
      .where(sql`${t.externalUrl} IS NOT NULL`),
    check('agents_health_status', sql`${t.healthStatus} IN ('up', 'slow', 'down')`),
    uniqueIndex('agents_slug_unique')
      .on(t.slug)
      .where(sql`${t.slug} IS NOT NULL`),
    index('agents_category_id').on(t.categoryId),
    index('agents_department_id').on(t.departmentId),
    index('agents_creator_id').on(t.creatorId),
    // Migration 0027: a page walks only the shown agents its filters select, ties broken by id in
    // the index. Popular is rating times votes (votes counted as 1 when zero), docs/product.md#constants.
    index('agents_newest')
      .on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hiddenAt} IS NULL`),
    index('agents_popular')
      .on(sql`(${t.averageRating} * MAX(${t.voteCount}, 1)) DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hiddenAt} IS NULL`),
    // Migration 0028: 'Highest Rated' and 'Most Reviewed' by the stored damped average.
    index('agents_rated')
      .on(sql`${t.rankScore} DESC`, sql`${t.voteCount} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hiddenAt} IS NULL`),
    index('agents_reviewed')
      .on(sql`${t.voteCount} DESC`, sql`${t.rankScore} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hiddenAt} IS NULL`),
    ...(['category', 'department'] as const).flatMap((key) => {
      const column = key === 'category' ? t.categoryId : t.departmentId;
      return [
        index(`agents_${key}_rated`)
          .on(column, sql`${t.rankScore} DESC`, sql`${t.voteCount} DESC`, sql`${t.id} DESC`)
          .where(sql`${t.hiddenAt} IS NULL`),
        index(`agents_${key}_reviewed`)
          .on(column, sql`${t.voteCount} DESC`, sql`${t.rankScore} DESC`, sql`${t.id} DESC`)
          .where(sql`${t.hiddenAt} IS NULL`),
        index(`agents_${key}_newest`)
          .on(column, sql`${t.createdAt} DESC`, sql`${t.id} DESC`)
          .where(sql`${t.hiddenAt} IS NULL`),
        index(`agents_${key}_popular`)
          .on(column, sql`(${t.averageRating} * MAX(${t.voteCount}, 1)) DESC`, sql`${t.id} DESC`)
          .where(sql`${t.hiddenAt} IS NULL`),
      ];
    }),
    check('agents_credit_cost', sql`${t.creditCost} BETWEEN 1 AND 100`),
  ],
);

export const ratings = sqliteTable(
  'ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    // Migration 0009: hidden by a moderator (NULL: shown).
    hiddenAt: text('hidden_at'),
    // Migration 0027: its helpful marks, kept by triggers on review_helpful.
    helpfulCount: integer('helpful_count').notNull().default(0),
  },
  (t) => [
    unique('ratings_agent_user').on(t.agentId, t.userId),
    index('ratings_agent_created').on(t.agentId, sql`${t.createdAt} DESC`),
    // Migration 0027: a page of shown reviews in each order the panel offers.
    index('ratings_agent_newest')
      .on(t.agentId, sql`${t.updatedAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hiddenAt} IS NULL`),
    index('ratings_agent_helpful')
      .on(
        t.agentId,
        sql`${t.helpfulCount} DESC`,
        sql`(${t.comment} IS NOT NULL) DESC`,
        sql`${t.updatedAt} DESC`,
        sql`${t.id} DESC`,
      )
      .where(sql`${t.hiddenAt} IS NULL`),
    index('ratings_agent_highest')
      .on(t.agentId, sql`${t.rating} DESC`, sql`${t.updatedAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hiddenAt} IS NULL`),
    index('ratings_agent_lowest')
      .on(t.agentId, t.rating, sql`${t.updatedAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.hiddenAt} IS NULL`),
    check('ratings_rating', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export const proposals = sqliteTable(
  'proposals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    proposerName: text('proposer_name').notNull(),
    proposerEmail: text('proposer_email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['new', 'reviewed'] })
      .notNull()
      .default('new'),
    idempotencyKey: text('idempotency_key').unique(),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: text('reviewed_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('proposals_created_at').on(sql`${t.createdAt} DESC`),
    index('proposals_status_created').on(t.status, sql`${t.createdAt} DESC`),
    check('proposals_status', sql`${t.status} IN ('new', 'reviewed')`),
  ],
);

/** Append-only: every change of a user's balance has exactly one row here. */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Migration 0013 added 'refund' and 'earnings' (docs/decisions/0029).
    kind: text('kind', { enum: ['signup', 'purchase', 'try', 'admin_topup', 'refund', 'earnings'] }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    consumedAfter: integer('consumed_after').notNull().default(0),
    reference: text('reference'),
    description: text('description'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: text('created_at').notNull().default(now),
    // Migration 0006: a try's agent name as it was when tried (the agent may be deleted since).
    agentName: text('agent_name'),
    // Migration 0024: the token or connected app a try (and its refund) was made with.
    credentialId: integer('credential_id'),
  },
  // Migration 0032 dropped (reference, created_at): the activity counters answer what it served.
  // Migration 0033 dropped (created_at, kind, amount): the operators' totals are rolled up by day.
  (t) => [
    index('credit_ledger_user_created').on(t.userId, sql`${t.id} DESC`),
    index('credit_ledger_credential_created')
      .on(t.credentialId, t.createdAt)
      .where(sql`${t.credentialId} IS NOT NULL`),
    check('credit_ledger_kind', sql`${t.kind} IN ('signup', 'purchase', 'try', 'admin_topup', 'refund', 'earnings')`),
  ],
);

export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    status: text('status', { enum: ['open', 'completed', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: text('created_at').notNull().default(now),
    completedAt: text('completed_at'),
  },
  (t) => [
    index('checkout_sessions_user').on(t.userId),
    check('checkout_sessions_credits', sql`${t.credits} > 0`),
    check('checkout_sessions_provider', sql`${t.provider} IN ('stripe', 'sandbox')`),
    check('checkout_sessions_status', sql`${t.status} IN ('open', 'completed', 'expired')`),
  ],
);

/** One answer per Idempotency-Key (migration 0005): replayed byte for byte to every retry. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    request: text('request').notNull(),
    state: text('state', { enum: ['pending', 'applied', 'done', 'void'] })
      .notNull()
      .default('pending'),
    status: integer('status'),
    body: text('body'),
    updatedAt: integer('updated_at').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  // No index but the key's: the hourly prune walks the keys in the order they were written (migration 0032).
  (t) => [check('idempotency_keys_state', sql`${t.state} IN ('pending', 'applied', 'done', 'void')`)],
);

/** Fixed-window throttle counters for sign-in and registration (per account and per client). */
export const authThrottle = sqliteTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** Epoch milliseconds. */
    windowStart: integer('window_start').notNull(),
  },
  (t) => [index('auth_throttle_window_start').on(t.windowStart)],
);

/** Mailed one-time links (migration 0003): only the token's hash is stored. */
export const emailTokens = sqliteTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify', 'reset', 'undo'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('email_tokens_user').on(t.userId, t.purpose),
    index('email_tokens_expires').on(t.expiresAt),
    check('email_tokens_purpose', sql`${t.purpose} IN ('verify', 'reset', 'undo')`),
  ],
);

/** Google OpenID Connect flow state (PKCE verifier and nonce), short-lived. */
export const oauthStates = sqliteTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  isInternal: integer('is_internal', { mode: 'boolean' }).notNull().default(false),
  /** Where the app sends the person afterwards (migration 0006): a path safeNextPath accepted, or null for home. */
  nextPath: text('next_path'),
  /** Epoch milliseconds. */
  expiresAt: integer('expires_at').notNull(),
});

/** Search synonyms (migration 0004, docs/decisions/0013): a query word or phrase also matches its expansion. */
export const searchSynonyms = sqliteTable(
  'search_synonyms',
  { id: integer('id').primaryKey(), term: text('term').notNull(), expansion: text('expansion').notNull() },
  (t) => [unique().on(t.term, t.expansion)],
);

/** The creator's one public answer to a review (migration 0009). */
export const reviewReplies = sqliteTable('review_replies', {
  ratingId: integer('rating_id')
    .primaryKey()
    .references(() => ratings.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  body: text('body').notNull(),
  createdAt: text('created_at').notNull().default(now),
  updatedAt: text('updated_at').notNull().default(now),
});

/** 'Helpful' marks, one per person and review (migration 0009). */
export const reviewHelpful = sqliteTable(
  'review_helpful',
  {
    ratingId: integer('rating_id')
      .notNull()
      .references(() => ratings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [unique().on(t.ratingId, t.userId)],
);

export const REPORT_ITEM_TYPES = ['review', 'agent'] as const;
export const REPORT_REASONS = ['spam', 'offensive', 'misleading', 'broken', 'other'] as const;
export const MODERATION_ACTIONS = ['hide', 'restore', 'dismiss'] as const;

/** Reports of a review or an agent (migration 0009): one open report per person and item. */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemType: text('item_type', { enum: REPORT_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: text('created_at').notNull().default(now),
    closedAt: text('closed_at'),
  },
  (t) => [
    uniqueIndex('reports_open_unique')
      .on(t.itemType, t.itemId, t.userId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_item').on(t.status, t.itemType, t.itemId),
    index('reports_user_created').on(t.userId, t.createdAt),
    check('reports_item_type', sql`${t.itemType} IN ('review', 'agent')`),
    check('reports_reason', sql`${t.reason} IN ('spam', 'offensive', 'misleading', 'broken', 'other')`),
    check('reports_status', sql`${t.status} IN ('open', 'closed')`),
  ],
);

/** Every moderator decision, with who and when (migration 0009). */
export const moderationActions = sqliteTable(
  'moderation_actions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemType: text('item_type', { enum: REPORT_ITEM_TYPES }).notNull(),
    itemId: integer('item_id').notNull(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    moderatorId: integer('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('moderation_actions_item').on(t.itemType, t.itemId, sql`${t.id} DESC`),
    check('moderation_actions_item_type', sql`${t.itemType} IN ('review', 'agent')`),
    check('moderation_actions_action', sql`${t.action} IN ('hide', 'restore', 'dismiss')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;

// Migration 0012: who follows which creator (docs/decisions/0028).
export const follows = sqliteTable(
  'follows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('follows_pair').on(t.followerId, t.creatorId),
    index('follows_creator_id').on(t.creatorId),
    check('follows_not_self', sql`${t.followerId} <> ${t.creatorId}`),
  ],
);

/** Agents a person saved for later (migration 0011, docs/decisions/0027). */
/** An agent's 'What's new' notes, its dated changelog (migration 0025, docs/decisions/0043). */
export const agentChanges = sqliteTable(
  'agent_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('agent_changes_agent_created').on(t.agentId, sql`${t.createdAt} DESC`),
    check('agent_changes_note', sql`length(${t.note}) BETWEEN 1 AND 500`),
  ],
);

export const savedAgents = sqliteTable(
  'saved_agents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    savedAt: integer('saved_at').notNull(),
  },
  (t) => [
    unique('saved_agents_user_agent').on(t.userId, t.agentId),
    index('saved_agents_user_saved').on(t.userId, sql`${t.savedAt} DESC`),
  ],
);

/** Migration 0013 (kinds widened by 0019): the creators' earnings ledger, in cents (docs/decisions/0029). */
export const creatorEarnings = sqliteTable(
  'creator_earnings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['earning', 'reversal', 'to_credits', 'payout', 'payout_returned'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    platformCents: integer('platform_cents').notNull().default(0),
    agentId: integer('agent_id'),
    tryKey: text('try_key'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    availableAt: text('available_at').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  // Migration 0032 dropped (agent_id, created_at): an agent's earnings are counted in agent_activity.
  // Migration 0033 dropped (created_at, kind, cents): the operators' totals are rolled up by day.
  (t) => [
    index('creator_earnings_creator_available').on(t.creatorId, t.availableAt),
    // Migration 0020: a creator's monthly statement.
    index('creator_earnings_creator_created').on(t.creatorId, t.createdAt),
    check(
      'creator_earnings_kind',
      sql`${t.kind} IN ('earning', 'reversal', 'to_credits', 'payout', 'payout_returned')`,
    ),
  ],
);

/** Migration 0013: agent page views per UTC hour ('YYYY-MM-DDTHH:00'), a bare counter. */
export const agentViews = sqliteTable(
  'agent_views',
  {
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    hour: text('hour').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [unique('agent_views_agent_hour').on(t.agentId, t.hour)],
);

/**
 * An agent's tries, credits spent (refunds netted) and earnings per quarter of an hour (migration
 * 0021), kept by triggers on credit_ledger and creator_earnings: insights read a month in at most
 * 2,880 rows, whatever the agent's traffic. No foreign key: a debit must not fail on it.
 */
export const agentActivity = sqliteTable(
  'agent_activity',
  {
    agentId: integer('agent_id').notNull(),
    /** 'YYYY-MM-DDTHH:MM' in UTC, the quarter's start. */
    quarter: text('quarter').notNull(),
    tries: integer('tries').notNull().default(0),
    creditsSpent: integer('credits_spent').notNull().default(0),
    earningsCents: integer('earnings_cents').notNull().default(0),
  },
  (t) => [unique('agent_activity_agent_quarter').on(t.agentId, t.quarter)],
);

/**
 * Each person's latest try of each agent (migration 0022), kept by a trigger on credit_ledger: the
 * people who tried in a window are those whose latest try is in it, one index range to count.
 */
export const agentPeople = sqliteTable(
  'agent_people',
  {
    agentId: integer('agent_id').notNull(),
    userId: integer('user_id').notNull(),
    lastTriedAt: text('last_tried_at').notNull(),
    // Migration 0030: the paid tries not refunded, for 'Tried it' on the person's review.
    paidTries: integer('paid_tries').notNull().default(0),
  },
  (t) => [
    unique('agent_people_user_agent').on(t.userId, t.agentId),
    index('agent_people_agent_last').on(t.agentId, t.lastTriedAt),
  ],
);

/** Migration 0031: the quarter up to which agents.tries_total holds every try (the hourly roll-up's mark). */
export const usageRollup = sqliteTable(
  'usage_rollup',
  {
    id: integer('id').primaryKey(),
    throughQuarter: text('through_quarter').notNull(),
  },
  (t) => [check('usage_rollup_one_row', sql`${t.id} = 1`)],
);

/** Migration 0033: the operators' totals of each UTC day, rolled up hourly from the ledgers. */
export const operatorDays = sqliteTable('operator_days', {
  day: text('day').primaryKey(),
  creditsSold: integer('credits_sold').notNull().default(0),
  creditsGranted: integer('credits_granted').notNull().default(0),
  creditsSpent: integer('credits_spent').notNull().default(0),
  creditsRefunded: integer('credits_refunded').notNull().default(0),
  creatorsShareCents: integer('creators_share_cents').notNull().default(0),
  platformShareCents: integer('platform_share_cents').notNull().default(0),
  movedToCreditsCents: integer('moved_to_credits_cents').notNull().default(0),
  paidOutCents: integer('paid_out_cents').notNull().default(0),
});

/** Migration 0033: the last id of each ledger counted in operator_days. */
export const operatorRollup = sqliteTable(
  'operator_rollup',
  {
    id: integer('id').primaryKey(),
    ledgerThrough: integer('ledger_through').notNull(),
    earningsThrough: integer('earnings_through').notNull(),
  },
  (t) => [check('operator_rollup_one_row', sql`${t.id} = 1`)],
);

/** Migration 0027: shown agents per (category, department), 0 for none; a list's total sums its rows. */
export const shownAgentCounts = sqliteTable(
  'shown_agent_counts',
  {
    categoryId: integer('category_id').notNull(),
    departmentId: integer('department_id').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [unique('shown_agent_counts_key').on(t.categoryId, t.departmentId)],
);

/** Migration 0027: an agent's shown reviews per star, kept by triggers on ratings. */
export const agentStarCounts = sqliteTable(
  'agent_star_counts',
  {
    agentId: integer('agent_id').notNull(),
    rating: integer('rating').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [unique('agent_star_counts_key').on(t.agentId, t.rating)],
);

/**
 * What programs act with (migrations 0014 and 0024, docs/decisions/0030 and 0042): a personal API
 * token (kind 'token', found by its hash) or an app connected through OAuth (kind 'app', whose
 * tokens the OAuth provider keeps; no hash). Both carry scopes and a monthly spending limit.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').unique(),
    /** Space-separated scopes: 'read', 'try'. */
    scopes: text('scopes').notNull(),
    createdAt: text('created_at').notNull().default(now),
    lastUsedAt: text('last_used_at'),
    revokedAt: text('revoked_at'),
    kind: text('kind', { enum: ['token', 'app'] })
      .notNull()
      .default('token'),
    /** The OAuth client an app registered as; null for a token. */
    clientId: text('client_id'),
    /** Credits it may spend per UTC calendar month; null for no limit. */
    spendLimit: integer('spend_limit'),
  },
  (t) => [
    index('api_tokens_user').on(t.userId, t.kind),
    check('api_tokens_kind', sql`${t.kind} IN ('token', 'app')`),
    check('api_tokens_secret', sql`(${t.kind} = 'token') = (${t.tokenHash} IS NOT NULL)`),
    check('api_tokens_client', sql`(${t.kind} = 'app') = (${t.clientId} IS NOT NULL)`),
    check('api_tokens_spend_limit', sql`${t.spendLimit} IS NULL OR ${t.spendLimit} > 0`),
  ],
);

/** Budget mails sent (migration 0024): one per credential, UTC month and level (80, 100 per cent). */
export const budgetNotices = sqliteTable(
  'budget_notices',
  {
    credentialId: integer('credential_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    level: integer('level').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    unique('budget_notices_once').on(t.credentialId, t.month, t.level),
    check('budget_notices_level', sql`${t.level} IN (80, 100)`),
  ],
);

/**
 * The damped average's prior as one row (migration 0017): how many shown agents have a rating and
 * the sum of their averages in hundredths, kept by triggers on agents so no request sums them.
 */
export const ratingPrior = sqliteTable(
  'rating_prior',
  {
    id: integer('id').primaryKey(),
    ratedCount: integer('rated_count').notNull().default(0),
    ratingHundredths: integer('rating_hundredths').notNull().default(0),
    // Migration 0028: the prior agents.rank_score is computed with, and how far a refresh under way has gone.
    scorePrior: real('score_prior').notNull().default(0),
    scoresDoneTo: integer('scores_done_to'),
  },
  (t) => [check('rating_prior_one_row', sql`${t.id} = 1`)],
);

/**
 * The catalogue's version as one row (migration 0026, docs/decisions/0046): in every edge cache key,
 * bumped after a write that changes what visitors read, so such a write makes new keys.
 */
export const catalogVersion = sqliteTable(
  'catalog_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id} = 1`)],
);

/** Migration 0019: the creator's connected payout account (Stripe Connect Express, or the sandbox's). */
export const payoutAccounts = sqliteTable(
  'payout_accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    stripeAccountId: text('stripe_account_id').notNull().unique(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    detailsSubmitted: integer('details_submitted', { mode: 'boolean' }).notNull().default(false),
    payoutsEnabled: integer('payouts_enabled', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [check('payout_accounts_provider', sql`${t.provider} IN ('stripe', 'sandbox')`)],
);

/** Migration 0019: a payout of available earnings to the creator's connected account (docs/decisions/0029). */
export const payouts = sqliteTable(
  'payouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    state: text('state', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    stripeAccountId: text('stripe_account_id').notNull(),
    stripeTransferId: text('stripe_transfer_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    failureReason: text('failure_reason'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    index('payouts_creator').on(t.creatorId, sql`${t.id} DESC`),
    check('payouts_amount', sql`${t.amountCents} > 0`),
    check('payouts_state', sql`${t.state} IN ('pending', 'paid', 'failed')`),
    check('payouts_provider', sql`${t.provider} IN ('stripe', 'sandbox')`),
  ],
);
