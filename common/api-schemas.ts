// The API's answers as valibot schemas: what GET /api/openapi.json says each route returns
// (docs/decisions/0033), and the one declaration of their shapes: each type below is its schema's
// output (common/types.ts and its neighbours re-export them under the same names). The routes do not
// parse their answers with them: a handler's answer is typed by them, and the app's typed client
// (app/lib/api-client.ts) reads those types back from the routes.
import * as v from 'valibot';
import { TOKEN_SCOPES } from './api-tokens';
import { REPORT_REASONS } from './constants';

const int = v.pipe(v.number(), v.integer());
const id = v.pipe(v.number(), v.integer(), v.minValue(1));
const time = v.pipe(v.string(), v.description('An ISO 8601 time, UTC'));
const nullableString = v.nullable(v.string());
/** An absolute http(s) URL (checked when it was written), or null: `format: uri` in the document. */
const nullableUrl = v.nullable(v.pipe(v.string(), v.metadata({ format: 'uri' })));
/** A picture's address: an absolute URL or a path of this site (/media/… for uploads), or null. */
const nullablePicture = v.nullable(v.pipe(v.string(), v.metadata({ format: 'uri-reference' })));
/** Where to send the browser next: an absolute URL (Stripe's) or a path of this site (the sandbox's). */
export const linkSchema = v.pipe(v.string(), v.metadata({ format: 'uri-reference' }));

/** Every error: the message twice (worker/lib/http.ts errorBody). */
export const apiErrorSchema = v.object({ message: v.string(), error: v.string() });
export type ApiErrorBody = v.InferOutput<typeof apiErrorSchema>;
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
  videoUrl: nullableUrl,
  imageUrl: nullablePicture,
  thumbnailUrl: v.pipe(
    nullablePicture,
    v.description('The small copy of an uploaded cover (cards); null for seeded covers and outside pictures'),
  ),
  externalUrl: nullableUrl,
  categoryId: int,
  departmentId: int,
  creatorId: v.nullable(int),
  averageRating: v.number(),
  rating: v.pipe(v.number(), v.description('Same as averageRating; the API has always sent both names')),
  voteCount: int,
  viewCount: int,
  isFeatured: v.boolean(),
  isTrending: v.boolean(),
  isPremium: v.boolean(),
  creditCost: int,
  credits: int,
  businessCategory: nullableString,
  businessDepartment: nullableString,
  categoryName: v.pipe(nullableString, v.description("The category's name, for the detail page's info card")),
  creatorUsername: nullableString,
  createdAt: time,
  updatedAt: time,
  recentTries: v.pipe(int, v.description('Tries in the last 30 days (refreshed hourly): how much the agent is used')),
  whatsNewAt: v.pipe(v.nullable(time), v.description("When its latest 'What's new' note was written, or null")),
  health: v.pipe(
    v.nullable(
      v.object({
        status: v.pipe(
          v.picklist(['up', 'slow', 'down']),
          v.description('up: answered; slow: answered after more than 3 s; down: no answer or an error'),
        ),
        since: v.pipe(time, v.description('When this status began')),
        checkedAt: v.pipe(time, v.description('The latest check')),
      }),
    ),
    v.description('Whether its external URL answers (checked hourly); null when not checked yet or no URL'),
  ),
  hiddenByModerators: v.optional(
    v.pipe(
      v.literal(true),
      v.description(
        "Set only in answers to the agent's creator and the moderators: the moderators hid it (docs/decisions/0025)",
      ),
    ),
  ),
});
export type Agent = v.InferOutput<typeof agentSchemaOut>;

const segments = v.array(v.object({ text: v.string(), match: v.optional(v.literal(true)) }));
export const searchHitSchema = v.object({
  ...agentSchemaOut.entries,
  highlights: v.optional(
    v.object({ name: v.optional(segments), label: v.optional(segments), description: v.optional(segments) }),
  ),
});
/** An agent found by GET /api/agents/search; `highlights` is absent when nothing in it matched (docs/decisions/0013-search.md). */
export type SearchHit = v.InferOutput<typeof searchHitSchema>;
const suggestionMarks = v.optional(v.object({ name: v.optional(segments), label: v.optional(segments) }));
export const suggestionSchema = v.variant('kind', [
  v.object({
    kind: v.literal('agent'),
    id,
    name: v.string(),
    label: nullableString,
    highlights: suggestionMarks,
    fromDevice: v.optional(v.literal(true)),
  }),
  v.object({ kind: v.literal('category'), id, name: v.string(), highlights: suggestionMarks }),
  v.object({ kind: v.literal('department'), id, name: v.string(), highlights: suggestionMarks }),
]);
/** One entry of GET /api/agents/suggest?q=; an agent's `fromDevice`: found among the agents saved on this device, with no signal (docs/decisions/0027). */
export type Suggestion = v.InferOutput<typeof suggestionSchema>;

export const agentChangeSchema = v.object({ id, note: v.string(), createdAt: time });
/** One 'What's new' note of an agent's changelog (GET /api/agents/{id}/changes, latest first; docs/decisions/0043). */
export type AgentChange = v.InferOutput<typeof agentChangeSchema>;

export const consoleAgentSchema = v.object({
  ...agentSchemaOut.entries,
  triesLast30Days: v.pipe(int, v.description('Tries in the last 30 days, to the quarter hour')),
  earningsLast30DaysCents: v.pipe(int, v.description("The creator's earnings from it in the last 30 days, in cents")),
});
export const myAgentsConsoleSchema = v.object({
  totals: v.object({
    agents: int,
    listed: int,
    hidden: v.pipe(int, v.description('Hidden by moderators')),
    triesLast30Days: int,
    earningsLast30DaysCents: int,
    reviews: int,
  }),
  agents: v.array(consoleAgentSchema),
});
/** The creator's console (GET /api/my-agents; docs/decisions/0043): every agent of theirs, hidden ones too, newest first. */
export type MyAgentsConsole = v.InferOutput<typeof myAgentsConsoleSchema>;
export type ConsoleAgent = v.InferOutput<typeof consoleAgentSchema>;

export const categorySchemaOut = v.object({
  id,
  name: v.string(),
  description: nullableString,
  icon: nullableString,
  agentCount: int,
  parentId: v.nullable(int),
  isMainCategory: v.boolean(),
});
export type Category = v.InferOutput<typeof categorySchemaOut>;
export const departmentSchemaOut = v.object({
  id,
  name: v.string(),
  description: nullableString,
  categoryId: v.nullable(int),
  agentCount: int,
});
export type Department = v.InferOutput<typeof departmentSchemaOut>;

const byUser = v.nullable(v.object({ username: v.string() }));
export const ratingSchemaOut = v.object({
  id,
  agentId: id,
  userId: id,
  rating: int,
  comment: nullableString,
  createdAt: time,
  updatedAt: v.pipe(time, v.description('When the author last changed it (equal to createdAt until then)')),
  user: byUser,
  triedIt: v.pipe(
    v.boolean(),
    v.description(
      'The ledger holds a successful, unrefunded try of this agent by the author (docs/product.md#reviews)',
    ),
  ),
  helpfulCount: int,
  helpedByMe: v.pipe(v.boolean(), v.description('The signed-in caller marked it helpful (false for visitors)')),
  reply: v.pipe(
    v.nullable(v.object({ body: v.string(), createdAt: time, updatedAt: time, user: byUser })),
    v.description("The creator's one public answer"),
  ),
  hiddenByModerators: v.optional(
    v.pipe(v.literal(true), v.description('Set only in answers to its author and the moderators')),
  ),
});
export type Rating = v.InferOutput<typeof ratingSchemaOut>;
export const ratingSummarySchema = v.object({
  total: int,
  average: v.number(),
  counts: v.pipe(v.strictTuple([int, int, int, int, int]), v.description('Reviews with 1 to 5 stars')),
  mine: v.pipe(
    v.nullable(ratingSchemaOut),
    v.description(
      "The signed-in caller's review of the agent (hidden ones too, marked); null for visitors and non-reviewers",
    ),
  ),
});
/** GET /api/agents/{id}/ratings/summary: the shown reviews by star, and the caller's own review. */
export type RatingSummary = v.InferOutput<typeof ratingSummarySchema>;
export const helpfulSchema = v.object({ helpfulCount: int, helpedByMe: v.boolean() });

export const roleSchema = v.picklist(['user', 'staff', 'admin']);
export type Role = v.InferOutput<typeof roleSchema>;
export const sessionUserSchema = v.object({
  id,
  username: v.string(),
  email: v.string(),
  credits: int,
  consumed: int,
  role: roleSchema,
  profilePicture: nullablePicture,
  createdAt: time,
  emailVerified: v.pipe(
    v.boolean(),
    v.description('The owner followed a mailed link to this address (or Google vouched for it)'),
  ),
});
/** The signed-in user as GET /api/auth/session returns it. Never includes the password hash. */
export type SessionUser = v.InferOutput<typeof sessionUserSchema>;
export const publicProfileSchemaOut = v.object({
  id,
  username: v.string(),
  displayName: nullableString,
  bio: nullableString,
  website: nullableUrl,
  profilePicture: nullablePicture,
  createdAt: time,
});
/** Anyone may read this: never an email, a role or a balance. */
export type PublicProfile = v.InferOutput<typeof publicProfileSchemaOut>;
export const creatorPageSchema = v.object({
  creator: publicProfileSchemaOut,
  totals: v.object({
    agents: int,
    tries: v.pipe(int, v.description("Tries of the creator's agents served (paid or the creator's own)")),
    rating: v.pipe(
      v.nullable(v.number()),
      v.description("Bayesian average over the creator's reviews (docs/product.md#reviews), null without any"),
    ),
    reviews: int,
    followers: int,
  }),
  agents: v.array(agentSchemaOut),
});
/** GET /api/creators/{username}. */
export type CreatorPage = v.InferOutput<typeof creatorPageSchema>;
export type CreatorTotals = CreatorPage['totals'];
export const followedCreatorSchema = v.object({ ...publicProfileSchemaOut.entries, followedAt: time });
/** One creator someone follows (GET /api/follows). */
export type FollowedCreator = v.InferOutput<typeof followedCreatorSchema>;
export const followStateSchema = v.object({ following: v.boolean(), followers: int });
/** PUT and DELETE /api/follows/{creatorId}. */
export type FollowState = v.InferOutput<typeof followStateSchema>;

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
export type Proposal = v.InferOutput<typeof proposalSchemaOut>;

export const balanceSchema = v.object({ balance: int, consumed: int });
export type Balance = v.InferOutput<typeof balanceSchema>;
export const tryResultSchema = v.object({ ...balanceSchema.entries, url: nullableUrl });
export type TryResult = v.InferOutput<typeof tryResultSchema>;
export const transactionSchema = v.object({
  id,
  kind: v.picklist(['signup', 'purchase', 'try', 'admin_topup', 'refund', 'earnings']),
  amount: int,
  balanceAfter: int,
  reference: nullableString,
  description: nullableString,
  createdAt: time,
  agent: v.pipe(
    v.nullable(
      v.object({
        id,
        name: v.pipe(
          nullableString,
          v.description('Null only for a try of an agent deleted before names were kept with the ledger'),
        ),
        deleted: v.pipe(v.boolean(), v.description('Deleted since: there is no page to link')),
      }),
    ),
    v.description('Tries only: the agent tried, named as it is now, or as it was when tried once it is deleted'),
  ),
});
export type CreditTransaction = v.InferOutput<typeof transactionSchema>;
export type LedgerKind = CreditTransaction['kind'];
/** The agent a try was for: named as it is now, or as it was when tried once it is deleted. */
export type TransactionAgent = NonNullable<CreditTransaction['agent']>;
export const receiptSchema = v.object({
  id: v.pipe(id, v.description("The purchase's ledger row")),
  reference: v.pipe(
    v.string(),
    v.description('The checkout session the payment went through (the ledger id when there is none)'),
  ),
  product: v.string(),
  credits: int,
  amountCents: int,
  paidAt: time,
  buyer: v.object({ username: v.string(), email: v.string() }),
});
/** A purchase's receipt: what was bought, for how much, when, by whom (GET /api/credits/receipts/:id). */
export type Receipt = v.InferOutput<typeof receiptSchema>;

export const publicConfigSchema = v.object({
  staffEmailDomain: v.string(),
  googleEnabled: v.boolean(),
  paymentsMode: v.pipe(
    v.picklist(['stripe', 'sandbox', 'none']),
    v.description("'none': neither Stripe keys nor PAYMENTS_MODE=sandbox, so nothing can be bought"),
  ),
  providerMode: v.boolean(),
  version: v.string(),
  appOrigin: v.pipe(
    v.string(),
    v.description('APP_ORIGIN: where the app and its MCP endpoint (`<appOrigin>/mcp`) live'),
  ),
});
/** Public, non-secret configuration the app needs (GET /api/config). */
export type PublicConfig = v.InferOutput<typeof publicConfigSchema>;

export const savedEntrySchema = v.object({
  agentId: id,
  savedAt: v.pipe(
    int,
    v.description("When it was saved, in milliseconds since the epoch (the device's time of the save)"),
  ),
  agent: agentSchemaOut,
});
/** One agent a signed-in person saved for later (GET /api/saved; docs/decisions/0027). */
export type SavedAgentEntry = v.InferOutput<typeof savedEntrySchema>;
export const savedStateSchema = v.object({ agentId: id, saved: v.boolean() });

export const earningsSchema = v.object({
  pendingCents: v.pipe(int, v.description('Earned, still inside the holding period (a refund can still reverse it)')),
  availableCents: v.pipe(int, v.description('Past the holding period: can move into credits')),
  lifetimeCents: v.pipe(int, v.description('Everything earned, refunds taken off')),
  paidOutCents: v.pipe(
    int,
    v.description('What has left the earnings balance: moved into credits, and payouts pending or paid'),
  ),
  sharePercent: v.pipe(v.number(), v.description("The creator's share of a paid try, in percent")),
  holdDays: int,
});
/** A creator's earnings (GET /api/earnings), in cents; docs/decisions/0029. */
export type EarningsBalance = v.InferOutput<typeof earningsSchema>;
export const payoutSchemaOut = v.object({
  id,
  amountCents: int,
  state: v.pipe(
    v.picklist(['pending', 'paid', 'failed']),
    v.description("From Stripe's signed webhooks (or the sandbox's confirm); a failed one's money is available again"),
  ),
  provider: v.picklist(['stripe', 'sandbox']),
  failureReason: nullableString,
  createdAt: time,
  updatedAt: time,
});
/** A payout of available earnings to the creator's connected account (GET /api/earnings/payouts). */
export type Payout = v.InferOutput<typeof payoutSchemaOut>;
export type PayoutState = Payout['state'];
export const payoutAccountStatusSchema = v.object({
  mode: v.pipe(
    v.picklist(['stripe', 'sandbox', 'none']),
    v.description("'none': neither Stripe keys nor the sandbox; payouts are not configured"),
  ),
  account: v.pipe(
    v.nullable(
      v.object({
        provider: v.picklist(['stripe', 'sandbox']),
        detailsSubmitted: v.boolean(),
        payoutsEnabled: v.boolean(),
      }),
    ),
    v.description('Null before the creator started connecting one'),
  ),
  minimumCents: int,
});
/** Where the creator's payouts go (GET /api/earnings/payout-account). */
export type PayoutAccountStatus = v.InferOutput<typeof payoutAccountStatusSchema>;
export const statementMonthSchema = v.object({
  month: v.pipe(v.string(), v.description('YYYY-MM, UTC')),
  entries: int,
});
/** A month with rows in the caller's earnings ledger (GET /api/earnings/statements). */
export type StatementMonth = v.InferOutput<typeof statementMonthSchema>;

const dayTotals = {
  creditsSold: v.pipe(int, v.description('Credits bought (purchases)')),
  creditsGranted: v.pipe(int, v.description('Credits given: sign-up grants and admin top-ups')),
  creditsSpent: v.pipe(int, v.description('Credits spent on paid tries, refunds taken off')),
  creditsRefunded: v.pipe(int, v.description('Credits given back by refunds (already taken off creditsSpent)')),
  creatorsShareCents: v.pipe(int, v.description("The creators' share of paid tries, reversals taken off")),
  platformShareCents: int,
  movedToCreditsCents: v.pipe(int, v.description('Earnings creators moved into their own credits')),
  paidOutCents: v.pipe(int, v.description('Earnings paid out to creators, failed payouts taken off')),
};
export const operatorTotalsSchema = v.object({
  from: v.string(),
  to: v.string(),
  days: v.array(v.object({ date: v.pipe(v.string(), v.description('YYYY-MM-DD')), ...dayTotals })),
  totals: v.object(dayTotals),
});
export type OperatorTotals = v.InferOutput<typeof operatorTotalsSchema>;
/** One day of the operators' totals (GET /api/admin/totals), UTC; docs/decisions/0029. */
export type DailyTotals = OperatorTotals['days'][number];
export const personSummarySchema = v.object({
  id,
  username: v.string(),
  email: v.string(),
  role: roleSchema,
  credits: int,
});
/** A person as support finds them (GET /api/admin/people). */
export type PersonSummary = v.InferOutput<typeof personSummarySchema>;
export const supportHistorySchema = v.object({
  person: personSummarySchema,
  transactions: v.array(v.object({ ...transactionSchema.entries, refunded: v.boolean() })),
  earnings: v.pipe(
    v.nullable(
      v.object({
        availableCents: v.pipe(
          int,
          v.description('Below zero when the creator owes: a refund reached earnings already moved or paid out'),
        ),
        pendingCents: int,
      }),
    ),
    v.description('Null when they never earned anything'),
  ),
});
export type SupportHistory = v.InferOutput<typeof supportHistorySchema>;
/** A ledger row in support's view of a person's history: tries say whether they were refunded. */
export type SupportTransaction = SupportHistory['transactions'][number];
/** Support's view of a person's earnings as a creator (docs/decisions/0029). */
export type SupportEarnings = NonNullable<SupportHistory['earnings']>;

export const insightsSchema = v.object({
  agent: v.object({ id, name: v.string() }),
  days: v.array(
    v.object({
      date: v.pipe(v.string(), v.description('YYYY-MM-DD')),
      tries: int,
      creditsSpent: int,
      earningsCents: int,
      views: int,
      rating: v.pipe(
        v.nullable(v.number()),
        v.description("The agent's average rating at the end of the day; null before its first review"),
      ),
    }),
  ),
  totals: v.object({
    tries: int,
    people: v.pipe(int, v.description('Distinct people who tried in the whole window (per day they would not add up)')),
    creditsSpent: int,
    earningsCents: int,
    views: int,
  }),
  reviews: v.array(v.object({ id, rating: int, comment: nullableString, createdAt: time, username: nullableString })),
});
/** GET /api/agents/{id}/insights: one row per day, oldest first, days without data as zeros. */
export type AgentInsights = v.InferOutput<typeof insightsSchema>;
/** One day of an agent's insights, in the creator's time zone. */
export type InsightsDay = AgentInsights['days'][number];
export type InsightsReview = AgentInsights['reviews'][number];

const reportReason = v.picklist(REPORT_REASONS);
export const moderationItemSchema = v.object({
  itemType: v.picklist(['review', 'agent']),
  itemId: id,
  agentId: id,
  agentName: v.pipe(v.string(), v.description("The agent's name, or for a review the agent it is about")),
  author: v.pipe(
    v.object({ id: v.nullable(int), username: nullableString }),
    v.description("A review's author; for an agent its creator"),
  ),
  text: v.pipe(nullableString, v.description("A review's text; for an agent its description")),
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
  reports: v.array(
    v.object({ reason: reportReason, details: nullableString, createdAt: time, reporter: nullableString }),
  ),
  lastReportAt: v.nullable(time),
  lastAction: v.nullable(
    v.object({ action: v.picklist(['hide', 'restore', 'dismiss']), by: nullableString, at: time }),
  ),
});
/** One reported (or hidden) item in the moderation queue, its open reports grouped. */
export type ModerationItem = v.InferOutput<typeof moderationItemSchema>;
export type ReportItemType = ModerationItem['itemType'];
export type ModerationAction = NonNullable<ModerationItem['lastAction']>['action'];

export const tokenSummarySchema = v.object({
  id,
  name: v.string(),
  scopes: v.array(v.picklist(TOKEN_SCOPES)),
  createdAt: time,
  lastUsedAt: v.nullable(time),
  spendLimit: v.pipe(v.nullable(int), v.description('Credits it may spend per UTC calendar month; null: no limit')),
  spentThisMonth: v.pipe(int, v.description('Credits its tries spent this UTC calendar month, net of refunds')),
});
/** An app connected through OAuth (docs/decisions/0042), as Settings lists it: never its tokens. */
export const connectionSchema = v.object({
  ...tokenSummarySchema.entries,
  clientName: v.pipe(v.string(), v.description('The name the app registered with (its own claim); the same as name')),
  clientId: v.pipe(v.string(), v.description('The OAuth client it registered as')),
});
export type Connection = v.InferOutput<typeof connectionSchema>;
/** A token as its owner's list shows it: never the token itself. */
export type ApiTokenSummary = v.InferOutput<typeof tokenSummarySchema>;
export const createdTokenSchema = v.object({
  ...tokenSummarySchema.entries,
  token: v.pipe(v.string(), v.description('Shown only in this answer')),
});
/** The answer to creating a token: the only time the token is shown. */
export type CreatedApiToken = v.InferOutput<typeof createdTokenSchema>;

/** Errors that carry more than the message. */
export const priceChangedSchema = v.object({ ...apiErrorSchema.entries, creditCost: int });
export const needsPasswordSchema = v.object({ ...apiErrorSchema.entries, needsPassword: v.literal(true) });

/** GET /api/health. */
export const healthSchema = v.union([
  v.object({ ok: v.literal(true), db: v.literal('ok'), dbMs: int, version: nullableString }),
  v.object({ ok: v.literal(false), db: v.literal('unreachable'), message: v.string(), error: v.string() }),
]);
/** GET /api/openapi.json: described by its own specification, not here. */
export const openApiDocumentSchema = v.pipe(
  v.looseObject({
    openapi: v.literal('3.1.0'),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.record(v.string(), v.unknown()),
  }),
  v.description('An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0)'),
);

/** A signed-in browser as Settings' 'Where you are signed in' lists it (docs/decisions/0038). */
export const signedInSessionSchema = v.object({
  id: v.pipe(v.string(), v.description('Names the session for signing it out; not the session token')),
  device: v.nullable(
    v.pipe(v.string(), v.description("The browser and system it signed in from, e.g. 'Chrome on Android'")),
  ),
  createdAt: time,
  current: v.pipe(v.boolean(), v.description('The session this request came with')),
});
export type SignedInSession = v.InferOutput<typeof signedInSessionSchema>;
