// The API's answers as valibot schemas: what GET /api/openapi.json says each route returns
// (docs/decisions/0033). They describe the shapes of common/types.ts and its neighbours; the checks at
// the end fail the type check when a schema and its type drift apart. The routes do not parse their
// answers with them: they document, the types keep the code honest.
import * as v from 'valibot';
import type { ApiTokenSummary, CreatedApiToken } from './api-tokens';
import { TOKEN_SCOPES } from './api-tokens';
import type { CreatorPage, FollowedCreator, FollowState, PublicProfile } from './creators';
import type { SearchHit, Suggestion } from './search';
import type {
  Agent,
  AgentInsights,
  ApiErrorBody,
  Balance,
  Category,
  CreditTransaction,
  Department,
  EarningsBalance,
  ModerationItem,
  OperatorTotals,
  Payout,
  PayoutAccountStatus,
  PersonSummary,
  Proposal,
  PublicConfig,
  Rating,
  RatingSummary,
  Receipt,
  SavedAgentEntry,
  SessionUser,
  StatementMonth,
  SupportHistory,
  TryResult,
} from './types';
import { REPORT_REASONS } from './types';

const int = v.pipe(v.number(), v.integer());
const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const time = v.pipe(v.string(), v.description('An ISO 8601 time, UTC'));
const nullableString = v.nullable(v.string());

/** Every error: the message twice (worker/lib/http.ts errorBody). */
export const apiErrorSchema = v.object({ message: v.string(), error: v.string() });
export const okSchema = v.object({ ok: v.literal(true) });
export const messageSchema = v.object({ message: v.string() });

export const agentSchemaOut = v.object({
  id,
  hoaId: nullableString,
  name: v.string(),
  agentCode: nullableString,
  slug: nullableString,
  label: nullableString,
  description: v.string(),
  longDescription: nullableString,
  features: v.array(v.string()),
  videoUrl: nullableString,
  imageUrl: nullableString,
  thumbnailUrl: nullableString,
  externalUrl: nullableString,
  categoryId: int,
  departmentId: int,
  creatorId: v.nullable(int),
  averageRating: v.number(),
  rating: v.number(),
  voteCount: int,
  viewCount: int,
  isFeatured: v.boolean(),
  isTrending: v.boolean(),
  isPremium: v.boolean(),
  creditCost: int,
  credits: int,
  businessCategory: nullableString,
  businessDepartment: nullableString,
  categoryName: nullableString,
  creatorUsername: nullableString,
  createdAt: time,
  updatedAt: time,
  hiddenByModerators: v.optional(v.literal(true)),
});

const segments = v.array(v.object({ text: v.string(), match: v.optional(v.literal(true)) }));
export const searchHitSchema = v.object({
  ...agentSchemaOut.entries,
  highlights: v.optional(v.object({ name: v.optional(segments), label: v.optional(segments), description: v.optional(segments) })),
});
const suggestionMarks = v.optional(v.object({ name: v.optional(segments), label: v.optional(segments) }));
export const suggestionSchema = v.variant('kind', [
  v.object({ kind: v.literal('agent'), id, name: v.string(), label: nullableString, highlights: suggestionMarks, fromDevice: v.optional(v.literal(true)) }),
  v.object({ kind: v.literal('category'), id, name: v.string(), highlights: suggestionMarks }),
  v.object({ kind: v.literal('department'), id, name: v.string(), highlights: suggestionMarks }),
]);

export const categorySchemaOut = v.object({
  id,
  name: v.string(),
  description: nullableString,
  icon: nullableString,
  agentCount: int,
  parentId: v.nullable(int),
  isMainCategory: v.boolean(),
});
export const departmentSchemaOut = v.object({ id, name: v.string(), description: nullableString, categoryId: v.nullable(int), agentCount: int });

const byUser = v.nullable(v.object({ username: v.string() }));
export const ratingSchemaOut = v.object({
  id,
  agentId: id,
  userId: id,
  rating: int,
  comment: nullableString,
  createdAt: time,
  updatedAt: time,
  user: byUser,
  triedIt: v.boolean(),
  helpfulCount: int,
  helpedByMe: v.boolean(),
  reply: v.nullable(v.object({ body: v.string(), createdAt: time, updatedAt: time, user: byUser })),
  hiddenByModerators: v.optional(v.literal(true)),
});
export const ratingSummarySchema = v.object({
  total: int,
  average: v.number(),
  counts: v.pipe(v.tuple([int, int, int, int, int]), v.description('Reviews with 1 to 5 stars')),
  mine: v.nullable(ratingSchemaOut),
});
export const helpfulSchema = v.object({ helpfulCount: int, helpedByMe: v.boolean() });

export const roleSchema = v.picklist(['user', 'staff', 'admin']);
export const sessionUserSchema = v.object({
  id,
  username: v.string(),
  email: v.string(),
  credits: int,
  consumed: int,
  role: roleSchema,
  profilePicture: nullableString,
  createdAt: time,
  emailVerified: v.boolean(),
});
export const publicProfileSchemaOut = v.object({
  id,
  username: v.string(),
  displayName: nullableString,
  bio: nullableString,
  website: nullableString,
  profilePicture: nullableString,
  createdAt: time,
});
export const creatorPageSchema = v.object({
  creator: publicProfileSchemaOut,
  totals: v.object({ agents: int, tries: int, rating: v.nullable(v.number()), reviews: int, followers: int }),
  agents: v.array(agentSchemaOut),
});
export const followedCreatorSchema = v.object({ ...publicProfileSchemaOut.entries, followedAt: time });
export const followStateSchema = v.object({ following: v.boolean(), followers: int });

export const proposalSchemaOut = v.object({
  id,
  name: v.string(),
  description: v.string(),
  proposerName: v.string(),
  proposerEmail: v.string(),
  userId: v.nullable(int),
  status: v.picklist(['new', 'reviewed']),
  createdAt: time,
  reviewedAt: v.nullable(time),
});

export const balanceSchema = v.object({ balance: int, consumed: int });
export const tryResultSchema = v.object({ ...balanceSchema.entries, url: nullableString });
export const transactionSchema = v.object({
  id,
  kind: v.picklist(['signup', 'purchase', 'try', 'admin_topup', 'refund', 'earnings']),
  amount: int,
  balanceAfter: int,
  reference: nullableString,
  description: nullableString,
  createdAt: time,
  agent: v.nullable(v.object({ id, name: nullableString, deleted: v.boolean() })),
});
export const receiptSchema = v.object({
  id,
  reference: v.string(),
  product: v.string(),
  credits: int,
  amountCents: int,
  paidAt: time,
  buyer: v.object({ username: v.string(), email: v.string() }),
});

export const publicConfigSchema = v.object({
  staffEmailDomain: v.string(),
  googleEnabled: v.boolean(),
  paymentsMode: v.picklist(['stripe', 'sandbox', 'none']),
  providerMode: v.boolean(),
  version: v.string(),
});

export const savedEntrySchema = v.object({ agentId: id, savedAt: v.pipe(int, v.description('Milliseconds since the epoch')), agent: agentSchemaOut });
export const savedStateSchema = v.object({ agentId: id, saved: v.boolean() });

export const earningsSchema = v.object({
  pendingCents: int,
  availableCents: int,
  lifetimeCents: int,
  paidOutCents: int,
  sharePercent: v.number(),
  holdDays: int,
});
export const payoutSchemaOut = v.object({
  id,
  amountCents: int,
  state: v.picklist(['pending', 'paid', 'failed']),
  provider: v.picklist(['stripe', 'sandbox']),
  failureReason: nullableString,
  createdAt: time,
  updatedAt: time,
});
export const payoutAccountStatusSchema = v.object({
  mode: v.picklist(['stripe', 'sandbox', 'none']),
  account: v.nullable(v.object({ provider: v.picklist(['stripe', 'sandbox']), detailsSubmitted: v.boolean(), payoutsEnabled: v.boolean() })),
  minimumCents: int,
});
export const statementMonthSchema = v.object({ month: v.pipe(v.string(), v.description('YYYY-MM, UTC')), entries: int });

const dayTotals = {
  creditsSold: int,
  creditsGranted: int,
  creditsSpent: int,
  creditsRefunded: int,
  creatorsShareCents: int,
  platformShareCents: int,
  movedToCreditsCents: int,
  paidOutCents: int,
};
export const operatorTotalsSchema = v.object({
  from: v.string(),
  to: v.string(),
  days: v.array(v.object({ date: v.string(), ...dayTotals })),
  totals: v.object(dayTotals),
});
export const personSummarySchema = v.object({ id, username: v.string(), email: v.string(), role: roleSchema, credits: int });
export const supportHistorySchema = v.object({
  person: personSummarySchema,
  transactions: v.array(v.object({ ...transactionSchema.entries, refunded: v.boolean() })),
  earnings: v.nullable(
    v.object({ availableCents: v.pipe(int, v.description('Below zero when the creator owes: a refund reached earnings already moved or paid out')), pendingCents: int }),
  ),
});

export const insightsSchema = v.object({
  agent: v.object({ id, name: v.string() }),
  days: v.array(
    v.object({ date: v.string(), tries: int, creditsSpent: int, earningsCents: int, views: int, rating: v.nullable(v.number()) }),
  ),
  totals: v.object({ tries: int, people: int, creditsSpent: int, earningsCents: int, views: int }),
  reviews: v.array(v.object({ id, rating: int, comment: nullableString, createdAt: time, username: nullableString })),
});

const reportReason = v.picklist(REPORT_REASONS);
export const moderationItemSchema = v.object({
  itemType: v.picklist(['review', 'agent']),
  itemId: id,
  agentId: id,
  agentName: v.string(),
  author: v.object({ id: v.nullable(int), username: nullableString }),
  text: nullableString,
  rating: v.nullable(int),
  hidden: v.boolean(),
  openReports: int,
  reasons: v.object({
    spam: v.optional(int),
    offensive: v.optional(int),
    misleading: v.optional(int),
    broken: v.optional(int),
    other: v.optional(int),
  }),
  reports: v.array(v.object({ reason: reportReason, details: nullableString, createdAt: time, reporter: nullableString })),
  lastReportAt: v.nullable(time),
  lastAction: v.nullable(v.object({ action: v.picklist(['hide', 'restore', 'dismiss']), by: nullableString, at: time })),
});

export const tokenSummarySchema = v.object({ id, name: v.string(), scopes: v.array(v.picklist(TOKEN_SCOPES)), createdAt: time, lastUsedAt: v.nullable(time) });
export const createdTokenSchema = v.object({ ...tokenSummarySchema.entries, token: v.pipe(v.string(), v.description('Shown only in this answer')) });

/** Errors that carry more than the message. */
export const priceChangedSchema = v.object({ ...apiErrorSchema.entries, creditCost: int });
export const needsPasswordSchema = v.object({ ...apiErrorSchema.entries, needsPassword: v.literal(true) });

// Each schema's output is its type and the other way round: a field added to one and not the other
// fails `npm run typecheck`.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ApiSchemasMatchTypes = [
  Holds<Same<v.InferOutput<typeof apiErrorSchema>, ApiErrorBody>>,
  Holds<Same<v.InferOutput<typeof agentSchemaOut>, Agent>>,
  Holds<Same<v.InferOutput<typeof searchHitSchema>, SearchHit>>,
  Holds<Same<v.InferOutput<typeof suggestionSchema>, Suggestion>>,
  Holds<Same<v.InferOutput<typeof categorySchemaOut>, Category>>,
  Holds<Same<v.InferOutput<typeof departmentSchemaOut>, Department>>,
  Holds<Same<v.InferOutput<typeof ratingSchemaOut>, Rating>>,
  Holds<Same<v.InferOutput<typeof ratingSummarySchema>, RatingSummary>>,
  Holds<Same<v.InferOutput<typeof sessionUserSchema>, SessionUser>>,
  Holds<Same<v.InferOutput<typeof publicProfileSchemaOut>, PublicProfile>>,
  Holds<Same<v.InferOutput<typeof creatorPageSchema>, CreatorPage>>,
  Holds<Same<v.InferOutput<typeof followedCreatorSchema>, FollowedCreator>>,
  Holds<Same<v.InferOutput<typeof followStateSchema>, FollowState>>,
  Holds<Same<v.InferOutput<typeof proposalSchemaOut>, Proposal>>,
  Holds<Same<v.InferOutput<typeof balanceSchema>, Balance>>,
  Holds<Same<v.InferOutput<typeof tryResultSchema>, TryResult>>,
  Holds<Same<v.InferOutput<typeof transactionSchema>, CreditTransaction>>,
  Holds<Same<v.InferOutput<typeof receiptSchema>, Receipt>>,
  Holds<Same<v.InferOutput<typeof publicConfigSchema>, PublicConfig>>,
  Holds<Same<v.InferOutput<typeof savedEntrySchema>, SavedAgentEntry>>,
  Holds<Same<v.InferOutput<typeof earningsSchema>, EarningsBalance>>,
  Holds<Same<v.InferOutput<typeof payoutSchemaOut>, Payout>>,
  Holds<Same<v.InferOutput<typeof payoutAccountStatusSchema>, PayoutAccountStatus>>,
  Holds<Same<v.InferOutput<typeof statementMonthSchema>, StatementMonth>>,
  Holds<Same<v.InferOutput<typeof operatorTotalsSchema>, OperatorTotals>>,
  Holds<Same<v.InferOutput<typeof personSummarySchema>, PersonSummary>>,
  Holds<Same<v.InferOutput<typeof supportHistorySchema>, SupportHistory>>,
  Holds<Same<v.InferOutput<typeof insightsSchema>, AgentInsights>>,
  Holds<Same<v.InferOutput<typeof moderationItemSchema>, ModerationItem>>,
  Holds<Same<v.InferOutput<typeof tokenSummarySchema>, ApiTokenSummary>>,
  Holds<Same<v.InferOutput<typeof createdTokenSchema>, CreatedApiToken>>,
];

/** GET /api/health. */
export const healthSchema = v.union([
  v.object({ ok: v.literal(true), db: v.literal('ok'), dbMs: int, version: nullableString }),
  v.object({ ok: v.literal(false), db: v.literal('unreachable'), message: v.string(), error: v.string() }),
]);
/** GET /api/openapi.json: described by its own specification, not here. */
export const openApiDocumentSchema = v.pipe(
  v.looseObject({ openapi: v.literal('3.1.0'), info: v.looseObject({ title: v.string(), version: v.string() }), paths: v.record(v.string(), v.unknown()) }),
  v.description('An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)'),
);

/** A signed-in browser as Settings' 'Where you are signed in' lists it (docs/decisions/0038). */
export const signedInSessionSchema = v.object({
  id: v.pipe(v.string(), v.description('Names the session for signing it out; not the session token')),
  device: v.nullable(v.pipe(v.string(), v.description("The browser and system it signed in from, e.g. 'Chrome on Android'"))),
  createdAt: time,
  current: v.pipe(v.boolean(), v.description('The session this request came with')),
});
export type SignedInSession = v.InferOutput<typeof signedInSessionSchema>;
