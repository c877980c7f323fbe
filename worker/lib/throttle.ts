// Fixed-window attempt counters in D1 (table auth_throttle): failed sign-ins, registrations,
// anonymous proposals and mailed links. docs/product.md#accounts: nothing here ever locks an owner out.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { orm } from '#worker/db/client.ts';
import { authThrottle } from '#worker/db/schema.ts';
import type { AppEnv } from '#worker/env.ts';
import { errorBody } from './http';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const HOUR_MS = 60 * 60_000;

/** Retry-After for a limit counted per window of `windowMs`: the window's length, the longest the caller may wait, in seconds. */
export const retryAfter = (windowMs: number): string => String(Math.ceil(windowMs / 1000));

/** 429 for a limit counted per window of `windowMs`, saying in Retry-After how long to wait (every 429 does: docs/decisions/0040). */
export function tooMany(c: Context, message: string, windowMs: number = THROTTLE_WINDOW_MS) {
  c.header('Retry-After', retryAfter(windowMs));
  return c.json(errorBody(message), 429);
}

/**
 * Failed sign-ins one client may make against one account in a window: enough for typos, too few for
 * guessing. Other clients (the owner on their own connection) are not affected.
 */
export const PAIR_ATTEMPTS = 10;
/**
 * Failed sign-ins from one client in a window, whatever the accounts. Successful sign-ins give their
 * attempt back, so an office behind one address is not locked out by its own colleagues.
 */
export const CLIENT_ATTEMPTS = 50;
/** Failures against one account (from anywhere) after which its every sign-in is answered more slowly. */
export const ACCOUNT_SLOW_AFTER = 5;
/** Added per failure past ACCOUNT_SLOW_AFTER, up to ACCOUNT_SLOW_MAX_MS: slows guessing, never refuses. */
export const ACCOUNT_SLOW_STEP_MS = 200;
export const ACCOUNT_SLOW_MAX_MS = 2_000;
/** Accounts one client may create per hour. */
export const REGISTRATIONS_PER_HOUR = 20;
/** Proposals one client may send per hour without signing in. */
export const ANONYMOUS_PROPOSALS_PER_HOUR = 20;
/** Proposals one signed-in account may send per hour (its client's limit applies as well). */
export const ACCOUNT_PROPOSALS_PER_HOUR = 20;
/** Verification or reset mails per account and requesting client per hour. */
export const MAILS_PER_HOUR = 5;
/** Mails one client may cause per hour, whatever the accounts. */
export const CLIENT_MAILS_PER_HOUR = 20;
/** Profile and email-change attempts one client may make in a window. */
export const PROFILE_CHECKS_PER_WINDOW = 20;

/** The client as Cloudflare sees it; local runs have no such header and share one bucket. */
export const clientKey = (c: Context<AppEnv>): string => c.req.header('CF-Connecting-IP') ?? 'local';

/** How long to hold a sign-in for an account with `failures` recent failed attempts. */
export const slowdownMs = (failures: number): number =>
  Math.min(Math.max(0, failures - ACCOUNT_SLOW_AFTER) * ACCOUNT_SLOW_STEP_MS, ACCOUNT_SLOW_MAX_MS);

interface WindowOptions {
  windowMs?: number;
  now?: number;
}

interface HitOptions extends WindowOptions {
  /** How many attempts this is (the messages of one batch: docs/decisions/0038). */
  count?: number;
}

/**
 * Counts one attempt (or `count`) against `key` and returns the count in the current window. Rows whose window
 * ended long ago (older than a day: no window is longer) are pruned in the same batch.
 */
export async function hit(
  d1: D1Database,
  key: string,
  { windowMs = THROTTLE_WINDOW_MS, now = Date.now(), count = 1 }: HitOptions = {},
): Promise<number> {
  const db = orm(d1);
  const windowStart = now - windowMs;
  // The window restarts when the stored one began before this window (CASE: drizzle has no word for it).
  const expired = sql`${authThrottle.windowStart} < ${windowStart}`;
  const [, counted] = await db.batch([
    db.delete(authThrottle).where(lt(authThrottle.windowStart, now - PRUNE_AFTER_MS)),
    db
      .insert(authThrottle)
      .values({ key, count, windowStart: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN ${count} ELSE ${authThrottle.count} + ${count} END`,
          windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${authThrottle.windowStart} END`,
        },
      })
      .returning({ count: authThrottle.count }),
  ]);
  return counted[0]?.count ?? count;
}

/** Rows older than this are gone (`hit` deletes them). */
export const PRUNE_AFTER_MS = 24 * HOUR_MS;

/** The current count without adding to it. */
export async function peek(
  d1: D1Database,
  key: string,
  { windowMs = THROTTLE_WINDOW_MS, now = Date.now() }: WindowOptions = {},
): Promise<number> {
  const [row] = await orm(d1)
    .select({ count: authThrottle.count })
    .from(authThrottle)
    .where(and(eq(authThrottle.key, key), gte(authThrottle.windowStart, now - windowMs)));
  return row?.count ?? 0;
}

export const reset = (d1: D1Database, key: string) =>
  orm(d1).delete(authThrottle).where(eq(authThrottle.key, key)).run();

/** Gives back one counted attempt (a sign-in that turned out to be genuine). */
export const refund = (d1: D1Database, key: string) =>
  orm(d1)
    .update(authThrottle)
    .set({ count: sql`MAX(${authThrottle.count} - 1, 0)` })
    .where(eq(authThrottle.key, key))
    .run();

/** Counts a client's use of something limited per hour; true when it is over the limit. */
export async function overHourlyLimit(c: Context<AppEnv>, what: string, limit: number): Promise<boolean> {
  return (await hit(c.env.DB, `${what}:${clientKey(c)}`, { windowMs: HOUR_MS })) > limit;
}

/** Counts an account's use of something limited per hour; true when it is over the limit. */
export async function overAccountHourlyLimit(
  c: Context<AppEnv>,
  what: string,
  userId: number,
  limit: number,
): Promise<boolean> {
  return (await hit(c.env.DB, `${what}-account:${userId}`, { windowMs: HOUR_MS })) > limit;
}

/** Keys of the sign-in counters: per (account, client), per client, per account. */
export const loginKeys = (account: string, client: string) => ({
  pair: `login:${account}|${client}`,
  client: `login-client:${client}`,
  account: `login-account:${account}`,
});
