// Shapes of the API's JSON (docs/product.md#api), shared by worker and app. Every shape an answer
// has is its schema's output, named in common/api-schemas.ts (GET /api/openapi.json is made from the
// same schemas) and re-exported here; this file declares only what no schema describes.
export type {
  Agent,
  AgentInsights,
  ApiErrorBody,
  Balance,
  Category,
  CreditTransaction,
  DailyTotals,
  Department,
  EarningsBalance,
  InsightsDay,
  InsightsReview,
  LedgerKind,
  ModerationAction,
  ModerationItem,
  OperatorTotals,
  Payout,
  PayoutAccountStatus,
  PayoutState,
  PersonSummary,
  Proposal,
  PublicConfig,
  Rating,
  RatingSummary,
  Receipt,
  ReportItemType,
  Role,
  SavedAgentEntry,
  SessionUser,
  StatementMonth,
  SupportEarnings,
  SupportHistory,
  SupportTransaction,
  TransactionAgent,
  TryResult,
} from './api-schemas';

/** How reviews can be ordered: GET /api/agents/{id}/ratings?sort= */
export const REVIEW_SORTS = ['helpful', 'newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export { REPORT_REASONS, type ReportReason } from './constants';

export type AgentSort = 'popular' | 'newest' | 'rating' | 'reviews';
