// Drizzle mirror of migrations/*.sql. The migrations are the source of truth; agents_fts (FTS5) and
// the triggers that maintain it and categories.agent_count live only there.
import { sql } from 'drizzle-orm';
import { integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  profilePicture: text('profile_picture'),
  googleId: text('google_id'),
  role: text('role', { enum: ['user', 'staff', 'admin'] }).notNull().default('user'),
  credits: integer('credits').notNull().default(100),
  consumed: integer('consumed').notNull().default(0),
  stripeCustomerId: text('stripe_customer_id'),
  createdAt: text('created_at').notNull().default(now),
  // Migration 0003.
  usernameKey: text('username_key'),
  emailVerifiedAt: text('email_verified_at'),
});

export const sessions = sqliteTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at').notNull(),
  providerData: text('provider_data'),
  createdAt: text('created_at').notNull().default(now),
});

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  description: text('description'),
  icon: text('icon'),
  agentCount: integer('agent_count').notNull().default(0),
  parentId: integer('parent_id'),
  isMainCategory: integer('is_main_category', { mode: 'boolean' }).notNull().default(false),
});

export const departments = sqliteTable('departments', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  description: text('description'),
  categoryId: integer('category_id'),
});

export const agents = sqliteTable('agents', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  hoaId: text('hoa_id'),
  name: text('name').notNull(),
  agentCode: text('agent_code'),
  slug: text('slug'),
  label: text('label'),
  description: text('description').notNull(),
  longDescription: text('long_description'),
  features: text('features').notNull().default('[]'),
  videoUrl: text('video_url'),
  imageUrl: text('image_url'),
  externalUrl: text('external_url'),
  categoryId: integer('category_id').notNull(),
  departmentId: integer('department_id').notNull().default(0),
  creatorId: integer('creator_id'),
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
});

export const ratings = sqliteTable(
  'ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    agentId: integer('agent_id').notNull(),
    userId: integer('user_id').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('ratings_agent_user').on(t.agentId, t.userId)],
);

export const proposals = sqliteTable('proposals', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  description: text('description').notNull(),
  proposerName: text('proposer_name').notNull(),
  proposerEmail: text('proposer_email').notNull(),
  userId: integer('user_id'),
  status: text('status', { enum: ['new', 'reviewed'] }).notNull().default('new'),
  idempotencyKey: text('idempotency_key').unique(),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: text('reviewed_at'),
  createdAt: text('created_at').notNull().default(now),
});

export const creditLedger = sqliteTable('credit_ledger', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id').notNull(),
  kind: text('kind', { enum: ['signup', 'purchase', 'try', 'admin_topup'] }).notNull(),
  amount: integer('amount').notNull(),
  balanceAfter: integer('balance_after').notNull(),
  consumedAfter: integer('consumed_after').notNull().default(0),
  reference: text('reference'),
  description: text('description'),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: text('created_at').notNull().default(now),
});

export const checkoutSessions = sqliteTable('checkout_sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  credits: integer('credits').notNull(),
  amountCents: integer('amount_cents').notNull(),
  provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
  status: text('status', { enum: ['open', 'completed', 'expired'] }).notNull().default('open'),
  createdAt: text('created_at').notNull().default(now),
  completedAt: text('completed_at'),
});

export const authThrottle = sqliteTable('auth_throttle', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: integer('window_start').notNull(),
});

/** Mailed one-time links (migration 0003): only the token's hash is stored. */
export const emailTokens = sqliteTable('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['verify', 'reset'] }).notNull(),
  email: text('email').notNull(),
  expiresAt: integer('expires_at').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

export const oauthStates = sqliteTable('oauth_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  isInternal: integer('is_internal', { mode: 'boolean' }).notNull().default(false),
  expiresAt: integer('expires_at').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type DepartmentRow = typeof departments.$inferSelect;
export type RatingRow = typeof ratings.$inferSelect;
