// Business constants of docs/product.md#constants, shared by the app and the worker.
export const INITIAL_CREDITS = 100;
export const GUARANTEED_MINIMUM_CREDITS = 100;
export const DEFAULT_CREDIT_COST = 3;
export const MIN_CREDIT_COST = 1;
export const MAX_CREDIT_COST = 100;
/** 1 credit = $1; Stripe amounts are in cents. */
export const CENTS_PER_CREDIT = 100;
/** Money is kept in cents (earnings, payouts, checkouts) and written in dollars. */
export const CENTS_PER_DOLLAR = 100;
/** The whole credits in `cents`, rounded down: what is left below a credit stays where it was. */
export const centsToCredits = (cents: number): number => Math.floor(cents / CENTS_PER_CREDIT);
/** What a purchase is called at checkout (Stripe's product name) and on its receipt. */
export const creditsProductName = (credits: number): string => `${credits} AgentMarket credits`;

/** The smallest payout of available earnings to a connected account, in cents ($20; docs/decisions/0029). */
export const PAYOUT_MIN_CENTS = 2_000;
/** The largest one request may ask for ($1,000,000): a bound for validation, not a business limit. */
export const PAYOUT_MAX_CENTS = 100_000_000;

export const PURCHASE_MIN = 50;
export const PURCHASE_MAX = 10_000;
export const PURCHASE_SLIDER_MAX = 500;
export const PURCHASE_SLIDER_STEP = 10;
export const PURCHASE_DEFAULT = 100;
export const PURCHASE_PRESETS = [50, 100, 200, 500] as const;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_DEFAULT = 5;
/** The reasons a report may give (POST /api/reports); here so api-schemas.ts reads it without an import cycle. */
export const REPORT_REASONS = ['spam', 'offensive', 'misleading', 'broken', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const NAME_MAX = 100;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;
export const LONG_DESCRIPTION_MAX = 5000;
/** A 'What's new' note carried by an edit (docs/decisions/0043). */
export const WHATS_NEW_MAX = 500;
export const AGENT_NAME_MIN = 3;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 6;
/** Caps hashing work per request; long enough for any passphrase. */
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
export const COMMENT_MAX = 2000;
export const URL_MAX = 2048;
export const FEATURES_MAX = 30;
export const FEATURE_MAX = 200;
export const SEARCH_QUERY_MAX = 200;

export const TOP_PERFORMING_KEEP = 10;
export const TOP_PERFORMING_SHOW = 6;
export const CATEGORY_GRID_MAX = 8;
export const LANDING_AGENT_COUNT = 9;
export const LOAD_MORE_THRESHOLD = 9;
export const FALLBACK_PRICE = 35;

export const SKELETONS = { reviews: 3, categoryBrowse: 6, browse: 8, landing: 9 } as const;

export const FALLBACK_CATEGORIES = [
  { name: 'Marketing', count: 11 },
  { name: 'Sales', count: 7 },
  { name: 'Operations', count: 2 },
  { name: 'Finance', count: 1 },
  { name: 'HR', count: 1 },
] as const;

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const BALANCE_FETCH_DELAY_MS = 100;
export const SEARCH_STALE_MS = 10_000;
export const LANDING_STALE_MS = 5 * 60_000;
export const LANDING_GC_MS = 10 * 60_000;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = 'am_session';
/**
 * A readable companion of the HttpOnly session cookie holding no secret: while it is absent the app
 * knows it is a visitor without asking the server (no 401 on every visitor's page load).
 */
export const SESSION_HINT_COOKIE = 'am_signed_in';
/** Set by the app while a display preference differs from the default (app/features/users/lib/preferences.ts). */
export const PREFERENCES_COOKIE = 'am_display';
/** Set by the app when a toast from this page waits for the next one (app/features/auth/lib/flash.ts). */
export const FLASH_MARKER_COOKIE = 'flash-toast';
/** Set by the app while a try's key may wait in a tab's sessionStorage (app/features/agents/lib/pending-try.ts). */
export const PENDING_TRY_COOKIE = 'pending-try';
/**
 * The cookies the entry script acts on before the app runs (app/boot.ts). The server names those a
 * rendered page's request carried in the page itself (REQUEST_COOKIES_META in common/ssr.ts).
 */
export const ENTRY_COOKIES = [
  PREFERENCES_COOKIE,
  FLASH_MARKER_COOKIE,
  SESSION_HINT_COOKIE,
  PENDING_TRY_COOKIE,
] as const;

/** Largest page the list endpoints return at once. */
export const PAGE_SIZE_MAX = 100;
/** One page of a listing: three rows on a wide screen, and little work for a phone ('Load More Agents' for the rest). */
export const PAGE_SIZE_DEFAULT = 12;
