import type { D1Database, Fetcher, KVNamespace, Queue, R2Bucket } from '@cloudflare/workers-types';
import type { SessionUser } from '#common/types.ts';

/** Bindings and configuration (README's configuration table) the worker reads from its environment. */
export interface Bindings {
  DB: D1Database;
  /**
   * Agent pages' views, counted off the request's path (docs/decisions/0047): the worker's own
   * `queue` handler adds them to agent_views in batches. Bound in every environment (wrangler.toml);
   * optional only so unit tests may make bindings without it.
   */
  PAGE_VIEWS?: Queue<PageView>;
  ASSETS?: Fetcher;
  /** Uploaded pictures (docs/product.md#creators-and-earnings, docs/decisions/0028). */
  MEDIA?: R2Bucket;
  /**
   * The OAuth provider's storage (docs/decisions/0042): registered apps, grants and tokens, each token
   * only as its hash. The library requires this binding name. Bound in every environment
   * (wrangler.toml); optional only so unit tests may make bindings without it.
   */
  OAUTH_KV?: KVNamespace;
  STAFF_EMAIL_DOMAIN?: string;
  ADMIN_EMAILS?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** The signing secret of a Connect webhook endpoint (connected accounts' account.updated), when it has its own. */
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  /** Overrides the Stripe API endpoint, e.g. `http://127.0.0.1:12111` for a local stand-in. */
  STRIPE_API_BASE?: string;
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_ISSUER?: string;
  PROVIDER_BASE_URL?: string;
  PROVIDER_PRODUCT?: string;
  /** Provider paths docs/product.md#provider leaves open; defaults '/user/login' and '/agent/countUsage'. */
  PROVIDER_LOGIN_PATH?: string;
  PROVIDER_COUNT_USAGE_PATH?: string;
  APP_VERSION?: string;
  /** HTTP email API (Resend's shape: POST {MAIL_API_URL}/emails); locally scripts/mail-catcher.mjs. */
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  /** The sender, e.g. 'AgentMarket <no-reply@example.com>'. */
  MAIL_FROM?: string;
  /** 'sandbox' turns on the test-mode checkout when there are no Stripe keys (never set in production). */
  PAYMENTS_MODE?: string;
  /** Seconds visitors' catalogue reads are kept per isolate (default 10; 0 turns the cache off). */
  CATALOG_CACHE_SECONDS?: string;
  /**
   * Seconds visitors' pages and catalogue reads are kept in the data centre's cache, under keys that
   * carry the catalogue's version (docs/decisions/0046). Unset or 0: off (local runs, tests).
   */
  EDGE_CACHE_SECONDS?: string;
  /**
   * The site's own origin, e.g. 'https://agents.example.com': every mailed link, canonical and
   * OpenGraph URL and the sitemap are built from it, never from the request's Host (docs/decisions/0024).
   */
  APP_ORIGIN?: string;
  /** The creator's percentage of every paid try (default 80; docs/decisions/0029). */
  CREATOR_SHARE?: string;
  /** Days an earning is held before it is available, so refunds can still reverse it (default 7). */
  EARNINGS_HOLD_DAYS?: string;
  /**
   * 'allow' lets the hourly listing-health check ask loopback addresses (the tests' stand-in for an
   * agent's site); never set in a deployed environment (docs/decisions/0043).
   */
  LISTING_HEALTH_LOOPBACK?: string;
  /**
   * '1' adds D1's rows read and written by the request in an X-D1-Rows header, for `npm run bench --
   * scale` (docs/decisions/0048); never set in a deployed environment.
   */
  BENCH_D1_ROWS?: string;
}

/**
 * One view of an agent page, as it goes on the PAGE_VIEWS queue (docs/decisions/0047): the agent, who
 * looked (only so the creator's own views are left out; never kept) and the UTC hour it happened in
 * ('YYYY-MM-DDTHH:00', as agent_views keeps it), so a late delivery counts in the right hour.
 */
export interface PageView {
  agentId: number;
  viewerId: number | null;
  hour: string;
}

/** What a provider sign-in returns; kept server-side in sessions.provider_data (docs/decisions/0003). */
export interface ProviderTokens {
  /** Access token, sent as `Authorization: Bearer`. */
  b_k: string;
  /** Business id. */
  b_i: string | number;
  /** The provider's user id. */
  u_i: string | number;
  /** Customer id, sent as customer_id on countUsage. */
  b_cb_id: string | number | null;
}

export interface Variables {
  /** CF-Ray when Cloudflare sent one, else a random id; in every log line and X-Request-Id. */
  requestId: string;
  /** The signed-in user, or null for visitors. */
  user: SessionUser | null;
  /** Hash of the current session token, when there is a session. */
  sessionHash: string | null;
  /** The personal token or connected app the request came with (bearerAuth); null for a session or a visitor. */
  tokenId: number | null;
  /** Provider-mode tokens stored with the session (never sent to the browser), or null. */
  providerSession: ProviderTokens | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}

export const staffDomain = (env: Bindings): string =>
  (env.STAFF_EMAIL_DOMAIN || 'example.cc').trim().toLowerCase().replace(/^@/, '');

export const adminEmails = (env: Bindings): Set<string> =>
  new Set(
    (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

/**
 * docs/product.md#payments: Stripe with keys; the test-mode sandbox only where PAYMENTS_MODE=sandbox is set
 * explicitly (npm start, dev and tests; never production); otherwise nothing can be bought.
 */
export const paymentsMode = (env: Bindings): 'stripe' | 'sandbox' | 'none' =>
  env.STRIPE_SECRET_KEY ? 'stripe' : env.PAYMENTS_MODE?.trim().toLowerCase() === 'sandbox' ? 'sandbox' : 'none';

/** Where the app lives when APP_ORIGIN is not set (wrangler's own local port); never the request's Host. */
export const LOCAL_APP_ORIGIN = 'http://localhost:8787';

/**
 * The configured origin (scheme, host and port only) the product's absolute links use. A Host header
 * is whatever the client typed, so a forged one would otherwise put its domain into a reset mail
 * (docs/decisions/0024). `npm start` sets it to the local address; the deploy check requires it.
 */
export function appOrigin(env: Bindings): string {
  const raw = env.APP_ORIGIN?.trim();
  if (!raw) return LOCAL_APP_ORIGIN;
  try {
    return new URL(raw).origin;
  } catch {
    return LOCAL_APP_ORIGIN;
  }
}

/** CREATOR_SHARE as a percentage 0-100 (default 80); anything else falls back to the default. */
export const creatorSharePercent = (env: Bindings): number => {
  const n = Number(env.CREATOR_SHARE ?? '');
  return env.CREATOR_SHARE?.trim() && Number.isFinite(n) && n >= 0 && n <= 100 ? n : 80;
};

/** EARNINGS_HOLD_DAYS as whole days 0-365 (default 7). */
export const earningsHoldDays = (env: Bindings): number => {
  const n = Number(env.EARNINGS_HOLD_DAYS ?? '');
  return env.EARNINGS_HOLD_DAYS?.trim() && Number.isInteger(n) && n >= 0 && n <= 365 ? n : 7;
};
