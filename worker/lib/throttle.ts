// Fixed-window attempt counters in D1 (table auth_throttle), for sign-in and registration.
import type { D1Database } from '@cloudflare/workers-types';
import type { Context } from 'hono';
import type { AppEnv } from '../env';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins per account in one window: enough for typos, too few for guessing. */
export const ACCOUNT_ATTEMPTS = 10;
/**
 * Failed sign-ins, or registrations, from one client in one window. Successful sign-ins give their
 * attempt back, so an office behind one address is not locked out by its own colleagues.
 */
export const CLIENT_ATTEMPTS = 50;

/** The client as Cloudflare sees it; local runs have no such header and share one bucket. */
export const clientKey = (c: Context<AppEnv>): string => c.req.header('CF-Connecting-IP') ?? 'local';

/** Counts one attempt against `key` and returns the count in the current window. */
export async function hit(db: D1Database, key: string, now = Date.now()): Promise<number> {
  const windowStart = now - THROTTLE_WINDOW_MS;
  const row = await db
    .prepare(
      `INSERT INTO auth_throttle (key, count, window_start) VALUES (?1, 1, ?2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start < ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start < ?3 THEN ?2 ELSE window_start END
       RETURNING count`,
    )
    .bind(key, now, windowStart)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

/** The current count without adding to it. */
export async function peek(db: D1Database, key: string, now = Date.now()): Promise<number> {
  const row = await db
    .prepare('SELECT count FROM auth_throttle WHERE key = ? AND window_start >= ?')
    .bind(key, now - THROTTLE_WINDOW_MS)
    .first<{ count: number }>();
  return row?.count ?? 0;
}

export const reset = (db: D1Database, key: string) => db.prepare('DELETE FROM auth_throttle WHERE key = ?').bind(key).run();

/** Gives back one counted attempt (a sign-in that turned out to be genuine). */
export const refund = (db: D1Database, key: string) =>
  db.prepare('UPDATE auth_throttle SET count = MAX(count - 1, 0) WHERE key = ?').bind(key).run();
