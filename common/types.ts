// Shapes of the API's JSON (docs/product.md#api), shared by worker and app.

export type Role = 'user' | 'staff' | 'admin';

export interface Agent {
  id: number;
  hoaId: string | null;
  name: string;
  agentCode: string | null;
  slug: string | null;
  label: string | null;
  description: string;
  longDescription: string | null;
  features: string[];
  videoUrl: string | null;
  imageUrl: string | null;
  /** The small copy of an uploaded cover (cards); null for seeded covers and outside pictures. */
  thumbnailUrl: string | null;
  externalUrl: string | null;
  categoryId: number;
  departmentId: number;
  creatorId: number | null;
  averageRating: number;
  /** Same as averageRating; the API has always sent both names. */
  rating: number;
  voteCount: number;
  viewCount: number;
  isFeatured: boolean;
  isTrending: boolean;
  isPremium: boolean;
  creditCost: number;
  credits: number;
  businessCategory: string | null;
  businessDepartment: string | null;
  /** Resolved names for the detail page's info card. */
  categoryName: string | null;
  creatorUsername: string | null;
  createdAt: string;
  updatedAt: string;
  /** Set only in answers to the agent's creator and the moderators: the moderators hid it (docs/decisions/0025). */
  hiddenByModerators?: true;
}

export interface Category {
  id: number;
  name: string;
  description: string | null;
  icon: string | null;
  agentCount: number;
  parentId: number | null;
  isMainCategory: boolean;
}

export interface Department {
  id: number;
  name: string;
  description: string | null;
  categoryId: number | null;
  agentCount: number;
}

export interface Rating {
  id: number;
  agentId: number;
  userId: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  /** When the author last changed it (equal to createdAt until then). */
  updatedAt: string;
  user: { username: string } | null;
  /** The ledger holds a successful, unrefunded try of this agent by the author (docs/product.md#reviews). */
  triedIt: boolean;
  helpfulCount: number;
  /** The signed-in caller marked it helpful (false for visitors). */
  helpedByMe: boolean;
  /** The creator's one public answer. */
  reply: ReviewReply | null;
  /** Set only in answers to its author and the moderators. */
  hiddenByModerators?: true;
}

export interface ReviewReply {
  body: string;
  createdAt: string;
  updatedAt: string;
  user: { username: string } | null;
}

/** How reviews can be ordered: GET /api/agents/{id}/ratings?sort= */
export const REVIEW_SORTS = ['helpful', 'newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** GET /api/agents/{id}/ratings/summary: the shown reviews by star, and the caller's own review. */
export interface RatingSummary {
  total: number;
  average: number;
  /** Index 0 is 1 star, index 4 is 5 stars. */
  counts: [number, number, number, number, number];
  /** The signed-in caller's review of the agent (hidden ones too, marked); null for visitors and non-reviewers. */
  mine: Rating | null;
}

export const REPORT_REASONS = ['spam', 'offensive', 'misleading', 'broken', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportItemType = 'review' | 'agent';
export type ModerationAction = 'hide' | 'restore' | 'dismiss';

/** One reported (or hidden) item in the moderation queue, its open reports grouped. */
export interface ModerationItem {
  itemType: ReportItemType;
  itemId: number;
  /** The agent's name, or for a review the agent it is about. */
  agentId: number;
  agentName: string;
  /** A review's author and text; for an agent its creator and description. */
  author: { id: number | null; username: string | null };
  text: string | null;
  rating: number | null;
  hidden: boolean;
  openReports: number;
  reasons: Partial<Record<ReportReason, number>>;
  reports: { reason: ReportReason; details: string | null; createdAt: string; reporter: string | null }[];
  lastReportAt: string | null;
  lastAction: { action: ModerationAction; by: string | null; at: string } | null;
}

/** The signed-in user as GET /api/auth/session returns it. Never includes the password hash. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  credits: number;
  consumed: number;
  role: Role;
  profilePicture: string | null;
  createdAt: string;
  /** The owner followed a mailed link to this address (or Google vouched for it). */
  emailVerified: boolean;
}

export interface Proposal {
  id: number;
  name: string;
  description: string;
  proposerName: string;
  proposerEmail: string;
  userId: number | null;
  status: 'new' | 'reviewed';
  createdAt: string;
  reviewedAt: string | null;
}

export type LedgerKind = 'signup' | 'purchase' | 'try' | 'admin_topup' | 'refund' | 'earnings';

/** The agent a try was for: named as it is now, or as it was when tried once it is deleted. */
export interface TransactionAgent {
  id: number;
  /** Null only for a try of an agent deleted before names were kept with the ledger. */
  name: string | null;
  /** Deleted since: there is no page to link. */
  deleted: boolean;
}

export interface CreditTransaction {
  id: number;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  reference: string | null;
  description: string | null;
  createdAt: string;
  /** Tries only. */
  agent: TransactionAgent | null;
}

/** A purchase's receipt: what was bought, for how much, when, by whom (GET /api/credits/receipts/:id). */
export interface Receipt {
  /** The purchase's ledger row. */
  id: number;
  /** The checkout session the payment went through (the ledger id when there is none). */
  reference: string;
  product: string;
  credits: number;
  amountCents: number;
  paidAt: string;
  buyer: { username: string; email: string };
}

export interface Balance {
  balance: number;
  consumed: number;
}

export interface TryResult extends Balance {
  url: string | null;
}

/** Public, non-secret configuration the app needs (GET /api/config). */
export interface PublicConfig {
  staffEmailDomain: string;
  googleEnabled: boolean;
  /** 'none': neither Stripe keys nor PAYMENTS_MODE=sandbox, so nothing can be bought. */
  paymentsMode: 'stripe' | 'sandbox' | 'none';
  providerMode: boolean;
  version: string;
}

export interface ApiErrorBody {
  message: string;
  error: string;
}

export type AgentSort = 'popular' | 'newest' | 'rating' | 'reviews';

/** One agent a signed-in person saved for later (GET /api/saved; docs/decisions/0027). */
export interface SavedAgentEntry {
  agentId: number;
  /** When it was saved, in milliseconds since the epoch (the device's time of the save). */
  savedAt: number;
  agent: Agent;
}

/** A creator's earnings (GET /api/earnings), in cents; docs/decisions/0029. */
export interface EarningsBalance {
  /** Earned, still inside the holding period (a refund can still reverse it). */
  pendingCents: number;
  /** Past the holding period: can move into credits. */
  availableCents: number;
  /** Everything earned, refunds taken off. */
  lifetimeCents: number;
  /** What has left the earnings balance: moved into credits, and payouts pending or paid. */
  paidOutCents: number;
  /** The creator's share of a paid try, in percent. */
  sharePercent: number;
  holdDays: number;
}

export type PayoutState = 'pending' | 'paid' | 'failed';

/** A payout of available earnings to the creator's connected account (GET /api/earnings/payouts). */
export interface Payout {
  id: number;
  amountCents: number;
  /** From Stripe's signed webhooks (or the sandbox's confirm); a failed one's money is available again. */
  state: PayoutState;
  provider: 'stripe' | 'sandbox';
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Where the creator's payouts go (GET /api/earnings/payout-account). */
export interface PayoutAccountStatus {
  /** 'none': neither Stripe keys nor the sandbox; payouts are not configured. */
  mode: 'stripe' | 'sandbox' | 'none';
  /** Null before the creator started connecting one. */
  account: { provider: 'stripe' | 'sandbox'; detailsSubmitted: boolean; payoutsEnabled: boolean } | null;
  minimumCents: number;
}

/** A month with rows in the caller's earnings ledger (GET /api/earnings/statements). */
export interface StatementMonth {
  /** YYYY-MM, UTC. */
  month: string;
  entries: number;
}

/** One day of the operators' totals (GET /api/admin/totals), UTC; docs/decisions/0029. */
export interface DailyTotals {
  /** YYYY-MM-DD. */
  date: string;
  /** Credits bought (purchases). */
  creditsSold: number;
  /** Credits given: sign-up grants and admin top-ups. */
  creditsGranted: number;
  /** Credits spent on paid tries, refunds taken off. */
  creditsSpent: number;
  /** Credits given back by refunds (already taken off creditsSpent). */
  creditsRefunded: number;
  /** The creators' share of paid tries, reversals taken off. */
  creatorsShareCents: number;
  platformShareCents: number;
  /** Earnings creators moved into their own credits. */
  movedToCreditsCents: number;
  /** Earnings paid out to creators, failed payouts taken off. */
  paidOutCents: number;
}

export interface OperatorTotals {
  from: string;
  to: string;
  days: DailyTotals[];
  totals: Omit<DailyTotals, 'date'>;
}

/** A person as support finds them (GET /api/admin/people). */
export interface PersonSummary {
  id: number;
  username: string;
  email: string;
  role: Role;
  credits: number;
}

/** A ledger row in support's view of a person's history: tries say whether they were refunded. */
export interface SupportTransaction extends CreditTransaction {
  refunded: boolean;
}

/** Support's view of a person's earnings as a creator (docs/decisions/0029). */
export interface SupportEarnings {
  /** Below zero when they owe (common/earnings.ts, owedCents). */
  availableCents: number;
  pendingCents: number;
}

export interface SupportHistory {
  person: PersonSummary;
  transactions: SupportTransaction[];
  /** Null when they never earned anything. */
  earnings: SupportEarnings | null;
}

/** One day of an agent's insights, in the creator's time zone. */
export interface InsightsDay {
  /** YYYY-MM-DD. */
  date: string;
  tries: number;
  creditsSpent: number;
  earningsCents: number;
  views: number;
  /** The agent's average rating at the end of the day; null before its first review. */
  rating: number | null;
}

export interface InsightsReview {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  username: string | null;
}

/** GET /api/agents/{id}/insights: one row per day, oldest first, days without data as zeros. */
export interface AgentInsights {
  agent: { id: number; name: string };
  days: InsightsDay[];
  /** `people`: distinct people who tried in the whole window (per day they would not add up). */
  totals: { tries: number; people: number; creditsSpent: number; earningsCents: number; views: number };
  reviews: InsightsReview[];
}
